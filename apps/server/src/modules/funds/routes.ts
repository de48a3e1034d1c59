import { and, asc, count, eq, isNull, ne } from 'drizzle-orm';
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
  fundPositionsResponse,
  type Fund,
  fundSchema,
  listQuery,
  noContent,
  pageOf,
  portfolioAnalysisSchema,
  Role,
  updateFundBody,
} from '@platform/domain';
import type { App, AppContext } from '../../platform/context';
import type { Db } from '../../db/client';
import { fundInvestments, funds, ledgers, netAssetValues, users } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { AppError, notFound, validationError } from '../../platform/errors';
import { exportFormat, sendExport } from '../../platform/export';
import { idParams, isCalendarDate, isoDateInput } from '@platform/domain';
import { paginate, parseListQuery } from '../../platform/list-query';
import { namesById } from '../../platform/lookup';
import { sanitizeRichText } from '../../platform/sanitize';
import { portfolioAnalysis } from '../companies';
import { COMPANIES_RESOURCE, liveCompanies } from '../companies';
import { presentCompaniesWith, type CompanyRow } from '../companies';
import { authorizeFunds } from './access';
import { fundFiguresFor, latestNavByFund, ledgerTotalsByInvestor, positionFigures } from './figures';
import { registerInvestorFundRoutes } from './investor-routes';
import { registerLedgerRoutes } from './ledger-routes';
import { FUNDS_EXPORT_RESOURCE, FUNDS_RESOURCE, fundsExport, liveFunds } from './list';
import { registerNavRoutes } from './nav-routes';
import { presentFundsWith, type FundRow } from './presenter';

const asOfQuery = z.strictObject({ as_of: isoDateInput.optional() });

export const todayIn = (now: Date) => now.toISOString().slice(0, 10);

/** `?as_of=` of the figure routes: a date, or today. */
export function asOfParam(raw: unknown, now: Date): string {
  if (raw === undefined) return todayIn(now);
  if (typeof raw !== 'string' || !isCalendarDate(raw))
    throw new AppError('bad_request', "The parameter 'as_of' must be a date (YYYY-MM-DD).");
  return raw;
}

export async function findLiveFund(db: Db, id: number): Promise<FundRow | undefined> {
  const [row] = await db
    .select()
    .from(funds)
    .where(and(eq(funds.id, id), isNull(funds.deletedAt)));
  return row;
}

async function assertManager(db: Db, managerId: number | null | undefined) {
  if (managerId == null) return;
  const [manager] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, managerId), ne(users.roleId, Role.User), isNull(users.deletedAt)));
  if (!manager) throw validationError({ manager_id: ['Choose a member of staff as the manager.'] });
}

async function hasRecords(db: Db, fundId: number, tables: Array<typeof ledgers | typeof netAssetValues | typeof fundInvestments>) {
  for (const table of tables) {
    const [{ n }] = await db
      .select({ n: count() })
      .from(table)
      .where(and(eq(table.fundId, fundId), isNull(table.deletedAt)));
    if (Number(n) > 0) return true;
  }
  return false;
}

type FundInput = z.infer<typeof updateFundBody>;
const fundColumns = (input: FundInput): Partial<typeof funds.$inferInsert> => ({
  name: input.name,
  type: input.type,
  vintage: input.vintage,
  currency: input.currency,
  targetSize: input.target_size,
  managementFee: input.management_fee,
  performanceFee: input.performance_fee,
  managerId: input.manager_id,
  description: input.description === undefined || input.description === null ? input.description : sanitizeRichText(input.description),
});

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

  async function loadFund(id: number) {
    const fund = await findLiveFund(db, id);
    if (!fund) throw notFound('fund');
    return fund;
  }
  const presentOne = async (row: FundRow) => ({
    data: (await presentFundsWith(db, [row], { manager: true, figures: true, asOf: todayIn(clock.now()) }))[0],
  });
  const oneFund = { 200: dataOf(fundSchema) };

  app.get('/api/funds/:id', { schema: { params: idParams, response: oneFund }, onRequest: authorizeFunds(db, 'show') }, async (request) =>
    presentOne(await loadFund(request.params.id)),
  );

  app.get(
    '/api/funds/:id/figures',
    {
      schema: { params: idParams, querystring: asOfQuery, response: { 200: dataOf(fundFiguresSchema) } },
      onRequest: authorizeFunds(db, 'show'),
    },
    async (request) => {
      const fund = await loadFund(request.params.id);
      const asOf = asOfParam(request.query.as_of, clock.now());
      const figures = (await fundFiguresFor(db, [fund.id], asOf)).get(fund.id);
      if (!figures) throw notFound('fund');
      return { data: figures };
    },
  );

  /** The Transactions tab's summary: each investor's balance with the fund, units and their value. */
  app.get(
    '/api/funds/:id/positions',
    {
      schema: { params: idParams, querystring: asOfQuery, response: { 200: fundPositionsResponse } },
      onRequest: authorizeFunds(db, 'show'),
    },
    async (request) => {
      const fund = await loadFund(request.params.id);
      const asOf = asOfParam(request.query.as_of, clock.now());
      const [totals, navs] = await Promise.all([
        ledgerTotalsByInvestor(db, eq(ledgers.fundId, fund.id), asOf),
        latestNavByFund(db, [fund.id], asOf, true),
      ]);
      const investors = await namesById(db, users, [...totals.keys()]);
      const data = [...totals]
        .map(([investorId, t]) => ({
          investor: investors.get(investorId) ?? { id: investorId, name: '' },
          ...positionFigures(t, navs.get(fund.id), asOf),
        }))
        .sort((a, b) => a.investor.name.localeCompare(b.investor.name) || a.investor.id - b.investor.id);
      return { data, meta: { fund_id: fund.id, currency: fund.currency, as_of: asOf } };
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
      const fund = await loadFund(request.params.id);
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
      onRequest: authorizeFunds(db, 'show'),
    },
    async (request) => {
      const fund = await loadFund(request.params.id);
      return { data: { fund_id: fund.id, currency: fund.currency, ...(await portfolioAnalysis(db, fund.id)) } };
    },
  );

  app.post(
    '/api/funds',
    { schema: { body: createFundBody, response: { 201: dataOf(fundSchema) } }, onRequest: authorizeFunds(db, 'create') },
    async (request, reply) => {
      const input = request.body;
      await assertManager(db, input.manager_id);
      const created = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(funds)
          .values({ ...fundColumns(input), name: input.name, type: input.type, vintage: input.vintage })
          .returning();
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
      const { id } = request.params;
      const input = request.body;
      await loadFund(id);
      await assertManager(db, input.manager_id);
      const updated = await db.transaction(async (tx) => {
        // Locked: a NAV, ledger entry or holding recorded meanwhile must be seen by the currency check.
        const [before] = await tx
          .select()
          .from(funds)
          .where(and(eq(funds.id, id), isNull(funds.deletedAt)))
          .for('update');
        if (!before) throw notFound('fund');
        // Amounts already recorded are in the fund's currency: changing it would silently relabel them.
        if (
          input.currency &&
          input.currency !== before.currency &&
          (await hasRecords(tx, before.id, [ledgers, netAssetValues, fundInvestments]))
        ) {
          throw validationError({ currency: ['The currency cannot change once NAVs, ledger entries or investments are recorded.'] });
        }
        const [row] = await tx
          .update(funds)
          .set({ ...fundColumns(input), updatedAt: clock.now() })
          .where(eq(funds.id, before.id))
          .returning();
        await recordActivity(tx, { request, action: 'updated', subjectType: 'fund', subjectId: before.id, before, after: row });
        return row;
      });
      return presentOne(updated);
    },
  });

  /** Soft delete. Investors' holdings must never vanish with a fund: one with ledger entries or investments stays. */
  app.delete(
    '/api/funds/:id',
    { schema: { params: idParams, response: { 204: noContent } }, onRequest: authorizeFunds(db, 'delete') },
    async (request, reply) => {
      const before = await loadFund(request.params.id);
      await db.transaction(async (tx) => {
        const [locked] = await tx
          .select({ id: funds.id })
          .from(funds)
          .where(and(eq(funds.id, before.id), isNull(funds.deletedAt)))
          .for('update');
        if (!locked) throw notFound('fund');
        if (await hasRecords(tx, before.id, [ledgers, fundInvestments])) {
          throw new AppError('conflict', 'This fund has ledger entries or investments: remove them before deleting the fund.');
        }
        const [row] = await tx
          .update(funds)
          .set({ deletedAt: clock.now(), updatedAt: clock.now() })
          .where(eq(funds.id, before.id))
          .returning();
        await recordActivity(tx, { request, action: 'deleted', subjectType: 'fund', subjectId: before.id, before, after: row });
      });
      return reply.status(204).send(null);
    },
  );

  registerNavRoutes(app, ctx);
  registerLedgerRoutes(app, ctx);
  registerInvestorFundRoutes(app, ctx);
}
