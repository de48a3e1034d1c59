import { and, asc, eq, gte, inArray, isNull, lte } from 'drizzle-orm';
import type { InvestorFund, InvestorFundDetail, PositionFigures } from '@platform/domain';
import type { Db } from '../../db/client';
import { funds, ledgers, netAssetValues } from '../../db/schema';
import { latestNavByFund, ledgerTotalsByFund, positionFigures } from './figures';
import type { FundRow } from './presenter';

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

/** Whether the investor is in this live fund (a live ledger entry): what scopes their view of its KPIs. */
export async function investorHoldsFund(db: Db, investorId: number, fundId: number): Promise<boolean> {
  return (await fundsOfInvestor(db, investorId, fundId)).length > 0;
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

/** The funds the investor is in, each with their position on `asOf`. */
export async function investorFundList(db: Db, investorId: number, asOf: string): Promise<InvestorFund[]> {
  const rows = await fundsOfInvestor(db, investorId);
  const positions = await positionsOf(db, investorId, rows, asOf);
  return rows.map((row) => ({ ...presentInvestorFund(row), position: positions.get(row.id)! }));
}

/** One fund the investor is in (undefined when they are not): position, NAV history and their own entries. */
export async function investorFundDetail(
  db: Db,
  investorId: number,
  fundId: number,
  asOf: string,
): Promise<InvestorFundDetail | undefined> {
  const [fund] = await fundsOfInvestor(db, investorId, fundId);
  if (!fund) return undefined;
  const [positions, navs, entries] = await Promise.all([
    positionsOf(db, investorId, [fund], asOf),
    db
      .select({ date: netAssetValues.date, nav: netAssetValues.nav, navPerUnit: netAssetValues.navPerUnit })
      .from(netAssetValues)
      .where(and(eq(netAssetValues.fundId, fund.id), isNull(netAssetValues.deletedAt), lte(netAssetValues.date, asOf)))
      .orderBy(asc(netAssetValues.date)),
    db
      .select()
      .from(ledgers)
      .where(and(eq(ledgers.fundId, fund.id), eq(ledgers.investorId, investorId), isNull(ledgers.deletedAt)))
      .orderBy(asc(ledgers.date), asc(ledgers.id)),
  ]);
  return {
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
  };
}

/** The investor's own ledger entries dated within [from, to] in live funds, oldest first, with their fund. */
export async function investorLedgerEntries(db: Db, investorId: number, from: string, to: string) {
  return db
    .select({
      id: ledgers.id,
      date: ledgers.date,
      kind: ledgers.kind,
      amount: ledgers.amount,
      units: ledgers.units,
      fund: { id: funds.id, name: funds.name, currency: funds.currency },
    })
    .from(ledgers)
    .innerJoin(funds, and(eq(funds.id, ledgers.fundId), isNull(funds.deletedAt)))
    .where(and(eq(ledgers.investorId, investorId), isNull(ledgers.deletedAt), gte(ledgers.date, from), lte(ledgers.date, to)))
    .orderBy(asc(ledgers.date), asc(ledgers.id));
}
