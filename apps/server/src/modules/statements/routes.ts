import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  createStatementRunBody,
  dataOf,
  fileBody,
  idParams,
  portfolioExportQuery,
  type StatementQuery,
  statementQuery,
  statementRunSchema,
} from '@platform/domain';
import { z } from 'zod';
import type { App, AppContext } from '../../platform/context';
import { recordActivity } from '../../platform/activity';
import { utcDate } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { type ExportColumn, sendExport } from '../../platform/export';
import { authorize, investorOnly, requireInvestor, requireUser } from '../../platform/guards';
import { repeatWhileUp } from '../../platform/housekeeping';
import { statementCsv } from './csv';
import { createRun, findRun, latestRuns, presentRuns, processStatementRuns, RUN_TICK_MS } from './runs';
import { buildStatement, findStatementInvestor, type StatementHolding } from './statement';

/** The period of a statement: `as_at` (default today) and `from` (default 1 January of that year). */
function periodOf(query: StatementQuery, now: Date) {
  const asAt = query.as_at ?? utcDate(now);
  const from = query.from ?? `${asAt.slice(0, 4)}-01-01`;
  if (from > asAt) throw new AppError('bad_request', "The parameter 'from' must be on or before 'as_at'.");
  return { asAt, from };
}

const EXPORT_COLUMNS: ReadonlyArray<ExportColumn<StatementHolding & { id: number }>> = [
  { header: 'Holding', value: (h) => h.name },
  { header: 'Kind', value: (h) => h.kind },
  { header: 'Detail', value: (h) => h.detail },
  { header: 'Holder', value: (h) => h.holder },
  { header: 'Currency', value: (h) => h.currency },
  { header: 'Shares / units', value: (h) => h.quantity, kind: 'units' },
  { header: 'Cost', value: (h) => h.cost, kind: 'money' },
  { header: 'Current value', value: (h) => h.value, kind: 'money' },
  { header: 'Valued at cost', value: (h) => (h.atCost ? 'yes' : 'no') },
  { header: 'Realised', value: (h) => h.realised, kind: 'money' },
  { header: 'Gain', value: (h) => h.gain, kind: 'money' },
];

/**
 * Investor statements (decision 0029): one investor's statement for staff (the report grant
 * `portfolio_kpis` index) and for the investor themself; bulk runs (`portfolio_kpis` create to
 * start, index to follow); the investor's portfolio export.
 */
export function registerStatementRoutes(app: App, ctx: AppContext) {
  const { db, clock } = ctx;

  async function sendStatement(
    request: FastifyRequest,
    reply: FastifyReply,
    investor: { id: number; name: string; email: string },
    query: StatementQuery,
  ) {
    const period = periodOf(query, clock.now());
    const statement = await buildStatement(db, investor, period, clock.now());
    const format = query.format ?? 'pdf';
    await recordActivity(db, {
      request,
      action: 'statement_generated',
      subjectType: 'investor',
      subjectId: investor.id,
      after: { as_at: period.asAt, from: period.from, format },
    });
    const filename = `statement-${period.asAt}.${format}`;
    return reply
      .header('content-type', format === 'pdf' ? 'application/pdf' : 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'no-store')
      .send(format === 'pdf' ? Buffer.from(await (await import('./pdf')).statementPdf(statement)) : statementCsv(statement));
  }

  app.get(
    '/api/investors/:id/statement',
    {
      schema: { params: idParams, querystring: statementQuery, response: { 200: fileBody } },
      onRequest: authorize('portfolio_kpis', 'index'),
    },
    async (request, reply) => sendStatement(request, reply, await findStatementInvestor(db, request.params.id), request.query),
  );

  app.get(
    '/api/my/statement',
    { schema: { querystring: statementQuery, response: { 200: fileBody } }, onRequest: investorOnly },
    async (request, reply) => {
      const user = requireInvestor(request);
      return sendStatement(request, reply, { id: user.id, name: user.name, email: user.email }, request.query);
    },
  );

  /** The signed-in investor's holdings (companies and funds) as at a day, as CSV or Excel. */
  app.get(
    '/api/portfolio/export',
    { schema: { querystring: portfolioExportQuery, response: { 200: fileBody } }, onRequest: investorOnly },
    async (request, reply) => {
      const user = requireInvestor(request);
      const asAt = request.query.as_at ?? utcDate(clock.now());
      const { holdings } = await buildStatement(db, user, { asAt, from: asAt }, clock.now());
      const rows = holdings.map((h, i) => ({ ...h, id: i + 1 }));
      return sendExport(request, reply, request.query.format ?? 'csv', {
        filename: 'portfolio',
        sheet: 'Portfolio',
        columns: EXPORT_COLUMNS,
        orderedIds: async () => rows.map((r) => r.id),
        loadBatch: async (ids) => rows.filter((r) => ids.includes(r.id)),
      });
    },
  );

  app.post(
    '/api/statement-runs',
    {
      schema: { body: createStatementRunBody, response: { 201: dataOf(statementRunSchema) } },
      onRequest: authorize('portfolio_kpis', 'create'),
    },
    async (request, reply) => {
      const run = await createRun(db, request, request.body, requireUser(request).id);
      const [data] = await presentRuns(db, [run]);
      return reply.status(201).send({ data });
    },
  );

  app.get(
    '/api/statement-runs',
    {
      schema: { querystring: z.strictObject({}), response: { 200: dataOf(statementRunSchema.array()) } },
      onRequest: authorize('portfolio_kpis', 'index'),
    },
    async () => ({ data: await presentRuns(db, await latestRuns(db)) }),
  );

  app.get(
    '/api/statement-runs/:id',
    { schema: { params: idParams, response: { 200: dataOf(statementRunSchema) } }, onRequest: authorize('portfolio_kpis', 'index') },
    async (request) => {
      const [data] = await presentRuns(db, [await findRun(db, request.params.id)]);
      return { data };
    },
  );

  repeatWhileUp(app, { everyMs: RUN_TICK_MS, label: 'filing bulk statements', atStart: true }, () => processStatementRuns(ctx, app.log));
}
