import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { dataOf, evidencePackQuery, fileBody, idParams, recordRetentionSchema, Role } from '@platform/domain';
import type { App, AppContext } from '../../platform/context';
import { users } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { notFound } from '../../platform/errors';
import { authorize, requireUser } from '../../platform/guards';
import type { UserRow } from '../../platform/session';
import { recordRetention } from '../../shared/record-retention';

/** A download: the PDF from memory, the zip as a stream. */
function sendPack(reply: FastifyReply, filename: string, body: Buffer | Readable) {
  return reply
    .header('content-type', filename.endsWith('.zip') ? 'application/zip' : 'application/pdf')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(body);
}

/**
 * An investor's evidence pack (decision 0033): `GET /api/users/{id}/evidence-pack` answers the PDF,
 * `?format=zip` the PDF with the files of the record. A compliance record naming insider-register
 * entries, so it takes both `investors` show and `insider_register` index (decision 0004). Closed
 * accounts have packs too: their records are kept. Every pack made is in the activity log.
 */
export function registerEvidencePackRoutes(app: App, ctx: AppContext) {
  const { db, clock, storage } = ctx;

  /** An investor, open or closed, or 404. */
  async function findInvestor(id: number): Promise<UserRow> {
    const [row] = await db
      .select()
      .from(users)
      .where(and(eq(users.id, id), eq(users.roleId, Role.User)));
    if (!row) throw notFound('investor');
    return row;
  }

  app.get(
    '/api/users/:id/evidence-pack',
    {
      schema: { params: idParams, querystring: evidencePackQuery, response: { 200: fileBody } },
      onRequest: [authorize('investors', 'show'), authorize('insider_register', 'index')],
    },
    async (request, reply) => {
      const staff = requireUser(request);
      const investor = await findInvestor(request.params.id);
      const { format } = request.query;
      const now = clock.now();
      // The PDF and zip writers (pdf-lib, archiver) load with the first pack, not with the server.
      const { buildEvidencePack, evidencePackZip } = await import('./pack');
      const pack = await buildEvidencePack(db, investor, staff, now);
      await recordActivity(db, {
        request,
        action: 'evidence_pack_generated',
        subjectType: 'user',
        subjectId: investor.id,
        after: { format, generated_at: now.toISOString(), files: pack.files.length },
      });
      return sendPack(
        reply,
        `${pack.filename}.${format}`,
        format === 'pdf' ? Buffer.from(pack.pdf) : evidencePackZip(pack, storage, request.log),
      );
    },
  );

  /** How long the investor's records are kept, and whether they may be removed now. */
  app.get(
    '/api/users/:id/retention',
    { schema: { params: idParams, response: { 200: dataOf(recordRetentionSchema) } }, onRequest: authorize('investors', 'show') },
    async (request) => {
      const investor = await findInvestor(request.params.id);
      return { data: await recordRetention(db, investor.id, clock.now()) };
    },
  );
}
