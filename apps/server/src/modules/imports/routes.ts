import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  dataOf,
  guessImportMapping,
  type ImportKind,
  type ImportProgress,
  importFormBody,
  importInspectionSchema,
  importKindParams,
  importPreviewSchema,
  importProgressStream,
  importRefusedBody,
} from '@platform/domain';
import type { App, AppContext } from '../../platform/context';
import type { users } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { readForm } from '../../platform/form';
import { authorize, requireUser } from '../../platform/guards';
import { sendInvitation } from '../auth';
import { readSheet } from './parse';
import { insertBatch } from './service';
import { parseMapping, validateRows } from './validate';

const BATCH = 500;

/** The import's progress, one JSON line at a time as it happens (declared as `importProgressStream`). */
const sendLines = (reply: FastifyReply, lines: PassThrough) =>
  reply.header('content-type', 'application/x-ndjson; charset=utf-8').header('cache-control', 'no-store').send(lines);

/** The uploaded sheet, and the columns chosen for it (the form's `mapping`), checked against its header row. */
async function readUpload(request: FastifyRequest, kind: ImportKind, form: z.output<typeof importFormBody>) {
  const sheet = await readSheet((await readForm(request)).files.file);
  return { sheet, mapping: () => parseMapping(kind, form.mapping, sheet.headers.length) };
}

/**
 * Spreadsheet import of investors or contacts (decision 0017). Stateless: the browser sends the
 * file with each step. Creating investors or contacts is `investors` create.
 */
export function registerImportRoutes(app: App, ctx: AppContext) {
  const { db } = ctx;
  const onRequest = authorize('investors', 'create');
  // The multipart `file` is read with readForm; its text fields are the declared body.
  const upload = { params: importKindParams, body: importFormBody };

  /** Step 1: the header row, a guessed mapping and the first rows, to choose the columns. */
  app.post(
    '/api/imports/:kind/inspect',
    { schema: { ...upload, response: { 200: dataOf(importInspectionSchema) } }, onRequest },
    async (request) => {
      const { kind } = request.params;
      const { sheet } = await readUpload(request, kind, request.body);
      return {
        data: {
          headers: sheet.headers,
          mapping: guessImportMapping(kind, sheet.headers),
          rows: sheet.rows.length,
          sample: sheet.rows.slice(0, 5).map((r) => r.cells),
        },
      };
    },
  );

  /** Step 2: every row checked with the chosen mapping; nothing is written. */
  app.post(
    '/api/imports/:kind/preview',
    { schema: { ...upload, response: { 200: dataOf(importPreviewSchema) } }, onRequest },
    async (request) => {
      const { kind } = request.params;
      const upload = await readUpload(request, kind, request.body);
      const { records, errors, total } = await validateRows(db, kind, upload.sheet, upload.mapping());
      return { data: { total, valid: records.length, errors, sample: records.slice(0, 10).map((record) => ({ ...record })) } };
    },
  );

  /**
   * Step 3: all or nothing. Any bad row answers 422 with the row errors and writes nothing;
   * otherwise one transaction writes every row and the answer streams its progress as JSON lines.
   */
  app.post(
    '/api/imports/:kind',
    { schema: { ...upload, response: { 200: importProgressStream, 422: importRefusedBody } }, onRequest },
    async (request, reply) => {
      const { kind } = request.params;
      const actor = requireUser(request);
      const upload = await readUpload(request, kind, request.body);
      const { send_invitations } = request.body;
      const invite = kind === 'investors' && (send_invitations === '1' || send_invitations === 'true');
      const { records, errors, total } = await validateRows(db, kind, upload.sheet, upload.mapping());
      if (errors.length) {
        const rows = new Set(errors.map((e) => e.row)).size;
        return reply.status(422).send({
          message: `${rows} of ${total} rows need correcting; nothing was imported.`,
          errors: { file: [`${rows} of ${total} rows need correcting; nothing was imported.`] },
          row_errors: errors,
        });
      }
      const out = new PassThrough();
      const line = (value: ImportProgress) => out.write(`${JSON.stringify(value)}\n`);
      const run = async () => {
        line({ phase: 'checked', total });
        const created = await db.transaction(async (tx) => {
          const all: Array<{ id: number } & Record<string, unknown>> = [];
          for (let start = 0; start < records.length; start += BATCH) {
            all.push(...(await insertBatch(tx, kind, records.slice(start, start + BATCH), actor.id, request.ip)));
            line({ phase: 'importing', done: all.length, total });
          }
          await recordActivity(tx, { request, action: 'imported', subjectType: `${kind}_import`, after: { rows: all.length } });
          return all;
        });
        if (invite) for (const user of created) await sendInvitation(ctx, user as unknown as typeof users.$inferSelect);
        line({ phase: 'done', imported: created.length, total, invitations: invite ? created.length : 0 });
      };
      run()
        .catch((error: unknown) => {
          request.log.error({ err: error }, 'import failed');
          // Nothing was written: the transaction rolled back.
          line({ phase: 'failed', message: 'The import failed and nothing was imported. Try again; if it fails again, contact support.' });
        })
        .finally(() => out.end());
      return sendLines(reply, out);
    },
  );
}
