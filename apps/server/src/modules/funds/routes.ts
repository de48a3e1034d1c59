import { and, asc, count, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  COMPANIES_LIST,
  type Company,
  companySchema,
  createFundBody,
  dataOf,
  fileBody,
  FUNDS_LIST,
  fundFiguresSchema,
  fundKpisQuery,
  fundKpisSchema,
  fundPositionsResponse,
  type Fund,
  fundSchema,
  listQuery,
  noContent,
  pageOf,
  portfolioAnalysisSchema,
  updateFundBody,
} from '@platform/domain';
import type { App, AppContext } from '../../platform/context';
import { fundInvestments, funds } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { utcDate } from '../../platform/clock';
import { AppError, notFound } from '../../platform/errors';
import { exportFormat, sendExport } from '../../platform/export';
import { idParams, isCalendarDate, isoDateInput } from '@platform/domain';
import { paginate, parseListQuery } from '../../platform/list-query';
import { portfolioAnalysis } from '../companies';
import { COMPANIES_RESOURCE, liveCompanies } from '../companies';
import { presentCompaniesWith, type CompanyRow } from '../companies';
import { assertPortfolioAnalysisEnabled, authorizeFunds } from './access';
import { fundFiguresFor } from './figures';
import { fundKpis } from './kpis';
import { registerInvestorFundRoutes } from './investor-routes';
import { registerLedgerRoutes } from './ledger-routes';
import { FUNDS_EXPORT_RESOURCE, FUNDS_RESOURCE, fundsExport, liveFunds } from './list';
import { registerNavRoutes } from './nav-routes';
import { presentFundsWith, type FundRow } from './presenter';
import { createFund, deleteFund, fundPositions, loadFund, updateFund } from './service';

const asOfQuery = z.strictObject({ as_of: isoDateInput.optional() });

/** `?as_of=` of the figure routes: a date, or today. */
export function asOfParam(raw: unknown, now: Date): string {
  if (raw === undefined) return utcDate(now);
  if (typeof raw !== 'string' || !isCalendarDate(raw))
    throw new AppError('bad_request', "The parameter 'as_of' must be a date (YYYY-MM-DD).");
  return raw;
}

/**
 * Funds (spec §2.2 Funds), shown only with `funds_enabled` (404 otherwise, see ./access.ts).
 * Permission event 'funds'. Details, figures, Portfolio (its fund investments), Portfolio analysis
 * and investor positions here; NAVs, ledgers and the investor portal in their own files.
 */
export function registerFundRoutes(app: App, ctx: AppContext) {
  const { db, clock } = ctx;

  app.get(
    '/api/funds',
    { schema: { querystring: listQuery(FUNDS_LIST), response: { 200: pageOf(fundSchema) } }, onRequest: authorizeFunds(db, 'index') },
    async (request) => {
      const query = parseListQuery(request.query, FUNDS_RESOURCE);
      const asOf = asOfParam(query.params.as_of, clock.now());
      query.orderBy.push(asc(funds.id));
      const where = liveFunds(query.where);
      return paginate<FundRow, Fund>(
        db.select().from(funds).where(where).$dynamic(),
        db.select({ total: count() }).from(funds).where(where).$dynamic(),
        query,
        request,
        (rows) => presentFundsWith(db, rows, { manager: query.includes.has('manager'), figures: query.appends.has('figures'), asOf }),
      );
    },
  );

  app.get(
    '/api/funds/export',
    {
      schema: { querystring: listQuery({ ...FUNDS_LIST, params: ['format', 'as_of'] }), response: { 200: fileBody } },
      onRequest: authorizeFunds(db, 'index'),
    },
    async (request, reply) => {
      const raw = request.query;
      const query = parseListQuery(raw, FUNDS_EXPORT_RESOURCE);
      return sendExport(request, reply, exportFormat(raw), fundsExport(db, query, asOfParam(query.params.as_of, clock.now())));
    },
  );

  const presentOne = async (row: FundRow) => ({
    data: (await presentFundsWith(db, [row], { manager: true, figures: true, asOf: utcDate(clock.now()) }))[0],
  });
  const oneFund = { 200: dataOf(fundSchema) };

  app.get('/api/funds/:id', { schema: { params: idParams, response: oneFund }, onRequest: authorizeFunds(db, 'show') }, async (request) =>
    presentOne(await loadFund(db, request.params.id)),
  );

  app.get(
    '/api/funds/:id/figures',
    {
      schema: { params: idParams, querystring: asOfQuery, response: { 200: dataOf(fundFiguresSchema) } },
      onRequest: authorizeFunds(db, 'show'),
    },
    async (request) => {
      const fund = await loadFund(db, request.params.id);
      const asOf = asOfParam(request.query.as_of, clock.now());
      const figures = (await fundFiguresFor(db, [fund.id], asOf)).get(fund.id);
      if (!figures) throw notFound('fund');
      return { data: figures };
    },
  );

  /** The fund's KPIs per quarter (`/kpis`) or per year (`/annual`): NAV, paid-in, distributions, multiples and IRR at each period end. */
  for (const [path, kind] of [
    ['/api/funds/:id/kpis', 'quarter'],
    ['/api/funds/:id/annual', 'year'],
  ] as const) {
    app.get(
      path,
      {
        schema: { params: idParams, querystring: fundKpisQuery, response: { 200: dataOf(fundKpisSchema) } },
        onRequest: authorizeFunds(db, 'show'),
      },
      async (request) => {
        const fund = await loadFund(db, request.params.id);
        return { data: await fundKpis(db, fund.id, request.query.period ?? kind, request.query.to ?? utcDate(clock.now())) };
      },
    );
  }

  /** The Transactions tab's summary: each investor's balance with the fund, units and their value. */
  app.get(
    '/api/funds/:id/positions',
    {
      schema: { params: idParams, querystring: asOfQuery, response: { 200: fundPositionsResponse } },
      onRequest: authorizeFunds(db, 'show'),
    },
    async (request) => {
      const fund = await loadFund(db, request.params.id);
      return fundPositions(db, fund, asOfParam(request.query.as_of, clock.now()));
    },
  );

  /** The Portfolio tab: the fund's investments, with the companies list's filters and sorts. */
  app.get(
    '/api/funds/:id/portfolio',
    {
      schema: { params: idParams, querystring: listQuery(COMPANIES_LIST), response: { 200: pageOf(companySchema) } },
      onRequest: authorizeFunds(db, 'show'),
    },
    async (request) => {
      const fund = await loadFund(db, request.params.id);
      const query = parseListQuery(request.query, COMPANIES_RESOURCE);
      query.orderBy.push(asc(fundInvestments.id));
      const where = liveCompanies(and(eq(fundInvestments.fundId, fund.id), query.where));
      return paginate<CompanyRow, Company>(
        db.select().from(fundInvestments).where(where).$dynamic(),
        db.select({ total: count() }).from(fundInvestments).where(where).$dynamic(),
        query,
        request,
        (rows) => presentCompaniesWith(db, rows, query.includes),
      );
    },
  );

  app.get(
    '/api/funds/:id/portfolio-analysis',
    {
      schema: { params: idParams, querystring: z.strictObject({}), response: { 200: dataOf(portfolioAnalysisSchema) } },
      onRequest: authorizeFunds(db, 'show', assertPortfolioAnalysisEnabled),
    },
    async (request) => {
      const fund = await loadFund(db, request.params.id);
      return { data: { fund_id: fund.id, currency: fund.currency, ...(await portfolioAnalysis(db, fund.id)) } };
    },
  );

  app.post(
    '/api/funds',
    { schema: { body: createFundBody, response: { 201: dataOf(fundSchema) } }, onRequest: authorizeFunds(db, 'create') },
    async (request, reply) => {
      const created = await db.transaction(async (tx) => {
        const row = await createFund(tx, request.body);
        await recordActivity(tx, { request, action: 'created', subjectType: 'fund', subjectId: row.id, after: row });
        return row;
      });
      return reply.status(201).send(await presentOne(created));
    },
  );

  app.route({
    method: ['PATCH', 'POST'],
    url: '/api/funds/:id',
    schema: { params: idParams, body: updateFundBody, response: oneFund },
    onRequest: authorizeFunds(db, 'update'),
    handler: async (request) => {
      const updated = await db.transaction(async (tx) => {
        const { before, after } = await updateFund(tx, request.params.id, request.body, clock.now());
        await recordActivity(tx, { request, action: 'updated', subjectType: 'fund', subjectId: before.id, before, after });
        return after;
      });
      return presentOne(updated);
    },
  });

  /** Soft delete. Investors' holdings must never vanish with a fund: one with ledger entries or investments stays. */
  app.delete(
    '/api/funds/:id',
    { schema: { params: idParams, response: { 204: noContent } }, onRequest: authorizeFunds(db, 'delete') },
    async (request, reply) => {
      await db.transaction(async (tx) => {
        const { before, after } = await deleteFund(tx, request.params.id, clock.now());
        await recordActivity(tx, { request, action: 'deleted', subjectType: 'fund', subjectId: before.id, before, after });
      });
      return reply.status(204).send(null);
    },
  );

  registerNavRoutes(app, ctx);
  registerLedgerRoutes(app, ctx);
  registerInvestorFundRoutes(app, ctx);
}
