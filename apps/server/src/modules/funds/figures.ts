import Decimal from 'decimal.js';
import { and, desc, inArray, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import {
  fundMultiples,
  fundPositionValue,
  toAmount,
  type FundLedgerEntry,
  type FundLedgerKind,
  type FundFigures,
  type Nav,
  type PositionFigures,
} from '@platform/domain';
import type { Db } from '../../db/client';
import { LEDGER_KINDS, ledgers, netAssetValues } from '../../db/schema';

export type NavRow = typeof netAssetValues.$inferSelect;

/** A fund's (or one investor's) ledger summed per kind; units are those issued less those redeemed. */
export interface LedgerTotals {
  amounts: Record<FundLedgerKind, string>;
  units: string;
}

const UNITS_PLACES = 6;
export const NO_UNITS = (0).toFixed(UNITS_PLACES);
const EMPTY_AMOUNTS = Object.fromEntries(LEDGER_KINDS.map((k) => [k, '0.00'])) as Record<FundLedgerKind, string>;

/**
 * Live ledger entries on or before `asOf` matching `where`, summed per `key` (fund or investor) and
 * kind in SQL (numeric sums are exact), so any number of entries costs one small grouped query.
 */
async function ledgerTotalsBy(
  db: Db,
  key: typeof ledgers.fundId | typeof ledgers.investorId,
  where: SQL | undefined,
  asOf: string,
): Promise<Map<number, LedgerTotals>> {
  const rows = await db
    .select({ key, kind: ledgers.kind, amount: sql<string>`sum(${ledgers.amount})`, units: sql<string | null>`sum(${ledgers.units})` })
    .from(ledgers)
    .where(and(where, isNull(ledgers.deletedAt), lte(ledgers.date, asOf)))
    .groupBy(key, ledgers.kind);
  const totals = new Map<number, { amounts: Record<FundLedgerKind, string>; units: Decimal }>();
  for (const row of rows) {
    const entry = totals.get(row.key) ?? { amounts: { ...EMPTY_AMOUNTS }, units: new Decimal(0) };
    entry.amounts[row.kind] = new Decimal(row.amount).toFixed(2);
    if (row.units && row.kind === 'subscription') entry.units = entry.units.plus(row.units);
    if (row.units && row.kind === 'redemption') entry.units = entry.units.minus(row.units);
    totals.set(row.key, entry);
  }
  return new Map([...totals].map(([id, t]) => [id, { amounts: t.amounts, units: t.units.toFixed(UNITS_PLACES) }]));
}

export const ledgerTotalsByFund = (db: Db, where: SQL | undefined, asOf: string) => ledgerTotalsBy(db, ledgers.fundId, where, asOf);
export const ledgerTotalsByInvestor = (db: Db, where: SQL | undefined, asOf: string) => ledgerTotalsBy(db, ledgers.investorId, where, asOf);

/**
 * Each fund's latest NAV on or before `asOf`. `priced` keeps only NAVs with a NAV per unit, the
 * ones a position can be valued at (a NAV struck with no units in issue has none).
 */
export async function latestNavByFund(db: Db, fundIds: number[], asOf: string, priced = false): Promise<Map<number, NavRow>> {
  if (!fundIds.length) return new Map();
  const rows = await db
    .selectDistinctOn([netAssetValues.fundId])
    .from(netAssetValues)
    .where(
      and(
        inArray(netAssetValues.fundId, fundIds),
        isNull(netAssetValues.deletedAt),
        lte(netAssetValues.date, asOf),
        priced ? isNotNull(netAssetValues.navPerUnit) : undefined,
      ),
    )
    .orderBy(netAssetValues.fundId, desc(netAssetValues.date));
  return new Map(rows.map((r) => [r.fundId, r]));
}

/**
 * Paid-in, money returned and the multiples (docs/decisions/0006) from ledger totals and the value
 * still held. Without a value (no NAV yet) RVPI and TVPI are unknown, not zero.
 */
export function multiplesFrom(totals: LedgerTotals | undefined, residualValue: string | null, asOf: string) {
  const amounts = totals?.amounts ?? EMPTY_AMOUNTS;
  const entries: FundLedgerEntry[] = LEDGER_KINDS.map((kind) => ({ date: asOf, kind, amount: amounts[kind] }));
  const m = fundMultiples(entries, residualValue ?? '0', asOf);
  return {
    paid_in: m.subscribed,
    distributions: m.distributed,
    redemptions: m.redeemed,
    fees: m.fees,
    dpi: m.dpi,
    rvpi: residualValue === null ? null : m.rvpi,
    tvpi: residualValue === null ? null : m.tvpi,
  };
}

export function presentNav(row: NavRow): Nav {
  return {
    id: row.id,
    fund_id: row.fundId,
    date: row.date,
    nav: row.nav,
    units_in_issue: row.unitsInIssue,
    nav_per_unit: row.navPerUnit,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** A fund's figures on `asOf`: its latest NAV, what its ledgers say, and DPI / RVPI / TVPI. */
export function fundFigures(totals: LedgerTotals | undefined, nav: NavRow | undefined, asOf: string): FundFigures {
  return {
    as_of: asOf,
    latest_nav: nav ? { date: nav.date, nav: nav.nav, units_in_issue: nav.unitsInIssue, nav_per_unit: nav.navPerUnit } : null,
    units_issued: totals?.units ?? NO_UNITS,
    ...multiplesFrom(totals, nav?.nav ?? null, asOf),
  };
}

export async function fundFiguresFor(db: Db, fundIds: number[], asOf: string): Promise<Map<number, FundFigures>> {
  if (!fundIds.length) return new Map();
  const [totals, navs] = await Promise.all([
    ledgerTotalsByFund(db, inArray(ledgers.fundId, fundIds), asOf),
    latestNavByFund(db, fundIds, asOf),
  ]);
  return new Map(fundIds.map((id) => [id, fundFigures(totals.get(id), navs.get(id), asOf)]));
}

/**
 * One investor's position in a fund on `asOf`: units held valued at the latest NAV per unit on or
 * before that date (domain `fundPositionValue`), what they paid in and got back, and the multiples
 * with that value as the residual. Value and gain are null until the fund has a priced NAV.
 */
export function positionFigures(totals: LedgerTotals | undefined, pricedNav: NavRow | undefined, asOf: string): PositionFigures {
  const units = totals?.units ?? NO_UNITS;
  const history = pricedNav?.navPerUnit ? [{ date: pricedNav.date, nav: pricedNav.nav, navPerUnit: pricedNav.navPerUnit }] : [];
  const value = fundPositionValue(units, history, asOf);
  const money = multiplesFrom(totals, value, asOf);
  return {
    as_of: asOf,
    units,
    nav_per_unit: pricedNav?.navPerUnit ?? null,
    nav_date: pricedNav?.date ?? null,
    value,
    ...money,
    /** What the position made: value still held plus money returned, less what was paid in (fees are inside the NAV, decision 0006). */
    gain: value === null ? null : toAmount(new Decimal(value).plus(money.distributions).plus(money.redemptions).minus(money.paid_in)),
  };
}
