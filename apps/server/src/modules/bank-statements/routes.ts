import {
  bankStatementDetailSchema,
  bankStatementSchema,
  confirmStatementLineBody,
  dataOf,
  idParams,
  statementCsvMappingSchema,
  statementLineParams,
  statementLineSchema,
  statementUploadBody,
} from '@platform/domain';
import { z } from 'zod';
import type { App, AppContext } from '../../platform/context';
import { validationError } from '../../platform/errors';
import { parseFields, readForm } from '../../platform/form';
import { authorize, requireUser } from '../../platform/guards';
import { importStatement } from './import';
import { parseStatement } from './parse';
import { ignoreLine, lockOpenLine, payWithLine } from './pay-line';
import { latestStatements, presentLineById, statementDetail, unresolvedLines } from './presenter';

/** The columns chosen for a CSV, sent as JSON text; left out, the header row decides. */
function mappingOf(text: string | undefined) {
  if (!text) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw validationError({ mapping: ['The column choice could not be read.'] });
  }
  return parseFields(statementCsvMappingSchema, value);
}

/**
 * Bank statements (decision 0055), behind the `cash_calls` permission (index to read, update to
 * upload and decide): upload one (CSV, OFX or CAMT.053) to match its credits to open cash calls,
 * then confirm a suggestion, pay a call picked by hand, or ignore a line.
 */
export function registerBankStatementRoutes(app: App, ctx: AppContext) {
  const { db, clock } = ctx;

  app.get(
    '/api/bank-statements',
    { schema: { response: { 200: dataOf(z.array(bankStatementSchema)) } }, onRequest: authorize('cash_calls', 'index') },
    async () => ({ data: await latestStatements(db) }),
  );

  // The multipart `file` is read with readForm; its text fields are the declared body.
  app.post(
    '/api/bank-statements',
    {
      schema: { body: statementUploadBody, response: { 201: dataOf(bankStatementDetailSchema) } },
      onRequest: authorize('cash_calls', 'update'),
    },
    async (request, reply) => {
      const file = (await readForm(request)).files.file;
      const parsed = parseStatement(file, { mapping: mappingOf(request.body.mapping), currency: request.body.currency || 'GBP' });
      const statement = await importStatement(db, parsed, {
        filename: file?.filename ?? '',
        userId: requireUser(request).id,
        now: clock.now(),
        request,
      });
      return reply.status(201).send({ data: await statementDetail(db, statement.id) });
    },
  );

  app.get(
    '/api/bank-statements/unresolved-lines',
    { schema: { response: { 200: dataOf(z.array(statementLineSchema)) } }, onRequest: authorize('cash_calls', 'index') },
    async () => ({ data: await unresolvedLines(db) }),
  );

  app.get(
    '/api/bank-statements/:id',
    { schema: { params: idParams, response: { 200: dataOf(bankStatementDetailSchema) } }, onRequest: authorize('cash_calls', 'index') },
    async (request) => ({ data: await statementDetail(db, request.params.id) }),
  );

  app.post(
    '/api/bank-statements/:id/lines/:lineId/confirm',
    {
      schema: { params: statementLineParams, body: confirmStatementLineBody, response: { 200: dataOf(statementLineSchema) } },
      onRequest: authorize('cash_calls', 'update'),
    },
    async (request) => {
      const by = { userId: requireUser(request).id, now: clock.now(), request };
      const paid = await db.transaction(async (tx) => {
        const line = await lockOpenLine(tx, request.params.id, request.params.lineId);
        const chosen = request.body.investment_id ?? line.investmentId;
        if (chosen === null) throw validationError({ investment_id: ['Choose the cash call this line pays.'] });
        const kind = chosen === line.investmentId && line.matchKind ? line.matchKind : 'staff';
        return payWithLine(tx, line, chosen, kind as 'reference' | 'amount_and_name' | 'staff', by);
      });
      return { data: await presentLineById(db, paid.id) };
    },
  );

  app.post(
    '/api/bank-statements/:id/lines/:lineId/ignore',
    {
      schema: { params: statementLineParams, response: { 200: dataOf(statementLineSchema) } },
      onRequest: authorize('cash_calls', 'update'),
    },
    async (request) => {
      const by = { userId: requireUser(request).id, now: clock.now(), request };
      const ignored = await db.transaction(async (tx) =>
        ignoreLine(tx, await lockOpenLine(tx, request.params.id, request.params.lineId), by),
      );
      return { data: await presentLineById(db, ignored.id) };
    },
  );
}
