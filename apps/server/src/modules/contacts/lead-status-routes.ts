import type { FastifyInstance } from 'fastify';
import { and, asc, count, eq, gt, gte, isNull, lt, lte, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../db/client';
import { contacts, leadStatuses } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { AppError, notFound } from '../../platform/errors';
import { parseFields, readFormFields } from '../../platform/form';
import { authorize, authorizeAny } from '../../platform/guards';
import { idParams } from '@platform/domain';
import { presentLeadStatus, type LeadStatusRow } from './presenter';
import { leadStatusSchema, updateLeadStatusSchema } from './schemas';

/**
 * Lead statuses (spec §2.2 settings/investor/lead-status): an ordered list staff configure under
 * Investor Settings (`settings_investor_type`). Whoever lists contacts may read it, for filters.
 * Positions stay 0..n-1 with no gaps; every change takes a lock so two editors cannot interleave.
 */
async function lockList(tx: Db) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('lead_statuses'))`);
}

async function liveStatuses(db: Db): Promise<LeadStatusRow[]> {
  return db.select().from(leadStatuses).where(isNull(leadStatuses.deletedAt)).orderBy(asc(leadStatuses.position), asc(leadStatuses.id));
}

async function findLive(db: Db, id: number) {
  const [row] = await db
    .select()
    .from(leadStatuses)
    .where(and(eq(leadStatuses.id, id), isNull(leadStatuses.deletedAt)));
  return row;
}

const clampPosition = (position: number | undefined, length: number) => (position === undefined || position > length ? length : position);

export function registerLeadStatusRoutes(app: FastifyInstance, { db, clock }: AppContext) {
  app.get(
    '/api/lead-statuses',
    { onRequest: authorizeAny(['investors', 'index'], ['settings_investor_type', 'index']) },
    async (request) => {
      const [unknown] = Object.keys(request.query as object);
      if (unknown) throw new AppError('bad_request', `Unknown parameter '${unknown}'. The lead statuses take none.`);
      const rows = await liveStatuses(db);
      const counts = await db
        .select({ id: contacts.leadStatusId, total: count() })
        .from(contacts)
        .where(isNull(contacts.deletedAt))
        .groupBy(contacts.leadStatusId);
      const byId = new Map(counts.map((c) => [c.id, Number(c.total)]));
      return { data: rows.map((row) => presentLeadStatus(row, byId.get(row.id) ?? 0)) };
    },
  );

  app.post('/api/lead-statuses', { onRequest: authorize('settings_investor_type', 'create') }, async (request, reply) => {
    const input = parseFields(leadStatusSchema, await readFormFields(request));
    const row = await db.transaction(async (tx) => {
      await lockList(tx);
      const current = await liveStatuses(tx);
      const position = clampPosition(input.position, current.length);
      await tx
        .update(leadStatuses)
        .set({ position: sql`${leadStatuses.position} + 1` })
        .where(and(isNull(leadStatuses.deletedAt), gte(leadStatuses.position, position)));
      const [created] = await tx.insert(leadStatuses).values({ name: input.name, position }).returning();
      await recordActivity(tx, { request, action: 'created', subjectType: 'lead_status', subjectId: created.id, after: created });
      return created;
    });
    return reply.status(201).send({ data: presentLeadStatus(row) });
  });

  app.route({
    method: ['PATCH', 'POST'],
    url: '/api/lead-statuses/:id',
    schema: { params: idParams },
    onRequest: authorize('settings_investor_type', 'update'),
    handler: async (request) => {
      const { id } = idParams.parse(request.params);
      const input = parseFields(updateLeadStatusSchema, await readFormFields(request));
      const row = await db.transaction(async (tx) => {
        await lockList(tx);
        const before = await findLive(tx, id);
        if (!before) throw notFound('lead status');
        let position = before.position;
        if (input.position !== undefined) {
          const length = (await liveStatuses(tx)).length;
          position = Math.min(input.position, length - 1);
          // Close the gap where it was, open one where it goes.
          if (position > before.position) {
            await tx
              .update(leadStatuses)
              .set({ position: sql`${leadStatuses.position} - 1` })
              .where(and(isNull(leadStatuses.deletedAt), gt(leadStatuses.position, before.position), lte(leadStatuses.position, position)));
          } else if (position < before.position) {
            await tx
              .update(leadStatuses)
              .set({ position: sql`${leadStatuses.position} + 1` })
              .where(and(isNull(leadStatuses.deletedAt), gte(leadStatuses.position, position), lt(leadStatuses.position, before.position)));
          }
        }
        const [after] = await tx
          .update(leadStatuses)
          .set({ name: input.name ?? before.name, position, updatedAt: clock.now() })
          .where(eq(leadStatuses.id, id))
          .returning();
        await recordActivity(tx, { request, action: 'updated', subjectType: 'lead_status', subjectId: id, before, after });
        return after;
      });
      return { data: presentLeadStatus(row) };
    },
  });

  /** Soft delete; leads that had this status keep no status (their history keeps the old one). */
  app.delete(
    '/api/lead-statuses/:id',
    { schema: { params: idParams }, onRequest: authorize('settings_investor_type', 'delete') },
    async (request, reply) => {
      const { id } = idParams.parse(request.params);
      await db.transaction(async (tx) => {
        await lockList(tx);
        const before = await findLive(tx, id);
        if (!before) throw notFound('lead status');
        const now = clock.now();
        const [after] = await tx.update(leadStatuses).set({ deletedAt: now, updatedAt: now }).where(eq(leadStatuses.id, id)).returning();
        await tx
          .update(leadStatuses)
          .set({ position: sql`${leadStatuses.position} - 1` })
          .where(and(isNull(leadStatuses.deletedAt), gt(leadStatuses.position, before.position)));
        const cleared = await tx
          .update(contacts)
          .set({ leadStatusId: null, updatedAt: now })
          .where(eq(contacts.leadStatusId, id))
          .returning({ id: contacts.id });
        await recordActivity(tx, {
          request,
          action: 'deleted',
          subjectType: 'lead_status',
          subjectId: id,
          before,
          after: { ...after, cleared_contacts: cleared.length },
        });
      });
      return reply.status(204).send();
    },
  );
}
