import { and, asc, eq, inArray, isNull, lte } from 'drizzle-orm';
import { dataOf, idParams, investorFundDetailSchema, investorFundSchema, type PositionFigures } from '@platform/domain';
import { z } from 'zod';
import type { App, AppContext } from '../../platform/context';
import type { Db } from '../../db/client';
import { funds, ledgers, netAssetValues } from '../../db/schema';
import { notFound } from '../../platform/errors';
import { requireInvestor } from '../../platform/guards';
import { investorFunds } from './access';
import { latestNavByFund, ledgerTotalsByFund, positionFigures } from './figures';
import type { FundRow } from './presenter';

const todayIn = (now: Date) => now.toISOString().slice(0, 10);

/** The funds an investor is in: live funds where they have a live ledger entry. Every query here is scoped by it. */
async function fundsOfInvestor(db: Db, investorId: number, fundId?: number): Promise<FundRow[]> {
  const mine = db
    .selectDistinct({ id: ledgers.fundId })
    .from(ledgers)
    .where(and(eq(ledgers.investorId, investorId), isNull(ledgers.deletedAt)));
  return db
    .select()
    .from(funds)
    .where(and(inArray(funds.id, mine), isNull(funds.deletedAt), fundId === undefined ? undefined : eq(funds.id, fundId)))
    .orderBy(asc(funds.name), asc(funds.id));
}

/** What an investor sees of a fund: no fees, manager or staff description fields beyond the public ones. */
function presentInvestorFund(row: FundRow) {
  return { id: row.id, name: row.name, type: row.type, vintage: row.vintage, currency: row.currency, description: row.description };
}

async function positionsOf(db: Db, investorId: number, rows: FundRow[], asOf: string) {
  const ids = rows.map((r) => r.id);
  if (!ids.length) return new Map<number, PositionFigures>();
  const [totals, navs] = await Promise.all([
    ledgerTotalsByFund(db, and(eq(ledgers.investorId, investorId), inArray(ledgers.fundId, ids)), asOf),
    latestNavByFund(db, ids, asOf, true),
  ]);
  return new Map(ids.map((id) => [id, positionFigures(totals.get(id), navs.get(id), asOf)]));
}

/**
 * The investor portal's funds (/investor/portfolio/fund/{id}): the signed-in investor's position in
 * each fund they hold and the fund's NAV history. A fund where they have no ledger entry is a 404,
 * as is every fund while `funds_enabled` is off; staff get 403 (these are the investor's own pages).
 */
export function registerInvestorFundRoutes(app: App, { db, clock }: AppContext) {
  app.get(
    '/api/my/funds',
    { schema: { response: { 200: dataOf(z.array(investorFundSchema)) } }, onRequest: investorFunds(db) },
    async (request) => {
      const investor = requireInvestor(request);
      const asOf = todayIn(clock.now());
      const rows = await fundsOfInvestor(db, investor.id);
      const positions = await positionsOf(db, investor.id, rows, asOf);
      return { data: rows.map((row) => ({ ...presentInvestorFund(row), position: positions.get(row.id)! })) };
    },
  );

  app.get(
    '/api/my/funds/:id',
    { schema: { params: idParams, response: { 200: dataOf(investorFundDetailSchema) } }, onRequest: investorFunds(db) },
    async (request) => {
      const investor = requireInvestor(request);
      const asOf = todayIn(clock.now());
      const [fund] = await fundsOfInvestor(db, investor.id, request.params.id);
      if (!fund) throw notFound('fund');
      const [positions, navs, entries] = await Promise.all([
        positionsOf(db, investor.id, [fund], asOf),
        db
          .select({ date: netAssetValues.date, nav: netAssetValues.nav, navPerUnit: netAssetValues.navPerUnit })
          .from(netAssetValues)
          .where(and(eq(netAssetValues.fundId, fund.id), isNull(netAssetValues.deletedAt), lte(netAssetValues.date, asOf)))
          .orderBy(asc(netAssetValues.date)),
        db
          .select()
          .from(ledgers)
          .where(and(eq(ledgers.fundId, fund.id), eq(ledgers.investorId, investor.id), isNull(ledgers.deletedAt)))
          .orderBy(asc(ledgers.date), asc(ledgers.id)),
      ]);
      return {
        data: {
          ...presentInvestorFund(fund),
          position: positions.get(fund.id)!,
          nav_history: navs.map((n) => ({ date: n.date, nav: n.nav, nav_per_unit: n.navPerUnit })),
          // Staff notes stay on the admin side.
          transactions: entries.map((e) => ({
            id: e.id,
            kind: e.kind,
            date: e.date,
            amount: e.amount,
            units: e.units,
            nav_per_unit: e.navPerUnit,
            reference: e.reference,
          })),
        },
      };
    },
  );
}
