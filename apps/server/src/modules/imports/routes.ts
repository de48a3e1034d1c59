import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  can,
  dataOf,
  guessImportMapping,
  IMPORT_GRANTS,
  IMPORT_KINDS,
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
import { forbidden } from '../../platform/errors';
import { authorizeAny, requireUser } from '../../platform/guards';
import { sendInvitation } from '../auth';
import { IMPORTERS } from './importers';
import { readSheet } from './parse';
import { parseMapping, rowsOf } from './validate';

const BATCH = 500;

/** The import's progress, one JSON line at a time as it happens (declared as `importProgressStream`). */
const sendLines = (reply: FastifyReply, lines: PassThrough) =>
  reply.header('content-type', 'application/x-ndjson; charset=utf-8').header('cache-control', 'no-store').send(lines);

/**
 * The uploaded sheet, and its rows read through the columns chosen for it (the form's `mapping`,
 * checked against its header row). The caller's role must hold the kind's own grant.
 */
async function readUpload(request: FastifyRequest, kind: ImportKind, form: z.output<typeof importFormBody>) {
  if (!can(requireUser(request).roleId, ...IMPORT_GRANTS[kind])) throw forbidden();
  const sheet = await readSheet((await readForm(request)).files.file);
  return { sheet, rows: () => rowsOf(sheet, parseMapping(kind, form.mapping, sheet.headers.length)) };
}

/** Every row checked by the kind's importer; nothing is written. */
async function checkUpload(db: AppContext['db'], request: FastifyRequest, kind: ImportKind, form: z.output<typeof importFormBody>) {
  const upload = await readUpload(request, kind, form);
  const checked = await IMPORTERS[kind].check(db, upload.rows(), requireUser(request));
  return { ...checked, total: upload.sheet.rows.length };
}

/**
 * Spreadsheet import of investors, contacts (decision 0017) or KPI values (decision 0026).
 * Stateless: the browser sends the file with each step. The guard lets in a role that may run any
 * kind; each step then checks the kind's own grant (`IMPORT_GRANTS`).
 */
export function registerImportRoutes(app: App, ctx: AppContext) {
  const { db } = ctx;
  const onRequest = authorizeAny(...IMPORT_KINDS.map((kind) => IMPORT_GRANTS[kind]));
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
      const { records, errors, total, updates } = await checkUpload(db, request, kind, request.body);
      const sample = records.slice(0, 10).map((record) => IMPORTERS[kind].present(record));
      return { data: { total, valid: records.length, errors, sample, ...(updates === undefined ? {} : { updates }) } };
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
      const { send_invitations } = request.body;
      const invite = kind === 'investors' && (send_invitations === '1' || send_invitations === 'true');
      const { records, errors, total } = await checkUpload(db, request, kind, request.body);
      const importer = IMPORTERS[kind];
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
        const now = ctx.clock.now();
        const { created, updated } = await db.transaction(async (tx) => {
          const all: Array<{ id: number } & Record<string, unknown>> = [];
          let updated = 0;
          for (let start = 0; start < records.length; start += BATCH) {
            const written = await importer.write(tx, records.slice(start, start + BATCH), { id: actor.id, ip: request.ip, now });
            all.push(...written.rows);
            updated += written.updated;
            line({ phase: 'importing', done: all.length, total });
          }
          await recordActivity(tx, {
            request,
            action: 'imported',
            subjectType: `${kind.replace('-', '_')}_import`,
            after: { rows: all.length, updated },
          });
          return { created: all, updated };
        });
        if (invite) for (const user of created) await sendInvitation(ctx, user as unknown as typeof users.$inferSelect);
        line({
          phase: 'done',
          imported: created.length,
          total,
          invitations: invite ? created.length : 0,
          ...(kind === 'kpi-values' ? { updated } : {}),
        });
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
