import Decimal from 'decimal.js';
import { and, asc, eq, inArray, isNull, lte } from 'drizzle-orm';
import { type FundKpis, periodEnds, periodLabel, type ReportPeriod, xirr, type XirrFlow } from '@platform/domain';
import type { Db } from '../../db/client';
import { funds, ledgers, netAssetValues } from '../../db/schema';
import { notFound } from '../../platform/errors';
import { fundFiguresFor } from './figures';
import type { FundRow } from './presenter';

/**
 * Fund KPIs per quarter or year (spec §3 funds "annual" and "kpis", §7.6 fund kpi report): at each
 * period end, the fund's figures as the fund pages show them (`fundFiguresFor`: latest NAV,
 * paid-in, distributions, DPI / RVPI / TVPI) and the IRR of the fund's dated cash flows — money
 * paid in negative, distributions and redemptions positive, the NAV on that date as the value still
 * held (decision 0029). Fees sit inside the NAV and are not a flow, as in the multiples.
 */
type LedgerFlow = { fundId: number; date: string; kind: string; amount: string };

function irrOn(entries: readonly LedgerFlow[], nav: string | null, date: string): string | null {
  const flows: XirrFlow[] = [];
  for (const e of entries) {
    if (e.date > date) break;
    if (e.kind === 'subscription') flows.push({ date: e.date, amount: new Decimal(e.amount).neg() });
    else if (e.kind === 'distribution' || e.kind === 'redemption') flows.push({ date: e.date, amount: e.amount });
  }
  // Without a NAV nothing says what is still held: the rate would treat it as lost.
  if (nav === null) return null;
  flows.push({ date, amount: nav });
  return xirr(flows);
}

/** The first day a fund has anything: its earliest ledger entry or NAV. */
async function firstDays(db: Db, fundIds: number[]): Promise<Map<number, string>> {
  const [ledgerRows, navRows] = await Promise.all([
    db
      .selectDistinctOn([ledgers.fundId], { fundId: ledgers.fundId, date: ledgers.date })
      .from(ledgers)
      .where(and(inArray(ledgers.fundId, fundIds), isNull(ledgers.deletedAt)))
      .orderBy(ledgers.fundId, asc(ledgers.date)),
    db
      .selectDistinctOn([netAssetValues.fundId], { fundId: netAssetValues.fundId, date: netAssetValues.date })
      .from(netAssetValues)
      .where(and(inArray(netAssetValues.fundId, fundIds), isNull(netAssetValues.deletedAt)))
      .orderBy(netAssetValues.fundId, asc(netAssetValues.date)),
  ]);
  const first = new Map<number, string>();
  for (const r of [...ledgerRows, ...navRows]) if (!first.has(r.fundId) || r.date < first.get(r.fundId)!) first.set(r.fundId, r.date);
  return first;
}

async function kpisOf(db: Db, rows: FundRow[], kind: ReportPeriod, from: (fund: FundRow) => string | undefined, to: string) {
  const ids = rows.map((r) => r.id);
  if (!ids.length) return [];
  const entries = await db
    .select({ fundId: ledgers.fundId, date: ledgers.date, kind: ledgers.kind, amount: ledgers.amount })
    .from(ledgers)
    .where(and(inArray(ledgers.fundId, ids), isNull(ledgers.deletedAt), lte(ledgers.date, to)))
    .orderBy(asc(ledgers.date), asc(ledgers.id));
  const ends = new Map(rows.map((fund) => [fund.id, periodEnds(kind, from(fund) ?? to, to)]));
  const allEnds = [...new Set([...ends.values()].flat())].sort();
  const figuresByEnd = new Map(await Promise.all(allEnds.map(async (end) => [end, await fundFiguresFor(db, ids, end)] as const)));
  return rows.map(
    (fund): FundKpis => ({
      fund: { id: fund.id, name: fund.name, currency: fund.currency, vintage: fund.vintage },
      periods: ends.get(fund.id)!.map((date) => {
        const figures = figuresByEnd.get(date)!.get(fund.id)!;
        return {
          period: periodLabel(kind, date),
          date,
          figures,
          irr: irrOn(
            entries.filter((e) => e.fundId === fund.id),
            figures.latest_nav?.nav ?? null,
            date,
          ),
        };
      }),
    }),
  );
}

/** One fund's KPIs per quarter or year, from its first entry or NAV to `to`. */
export async function fundKpis(db: Db, fundId: number, kind: ReportPeriod, to: string): Promise<FundKpis> {
  const [fund] = await db
    .select()
    .from(funds)
    .where(and(eq(funds.id, fundId), isNull(funds.deletedAt)));
  if (!fund) throw notFound('fund');
  const first = await firstDays(db, [fund.id]);
  const [kpis] = await kpisOf(db, [fund], kind, (f) => first.get(f.id), to);
  return kpis;
}

/** Every live fund's quarter-end figures between `from` and `to` (the report): a fund's periods start no earlier than its first entry. */
export async function fundKpiReport(db: Db, from: string, to: string): Promise<FundKpis[]> {
  const rows = await db.select().from(funds).where(isNull(funds.deletedAt)).orderBy(asc(funds.name), asc(funds.id));
  const first = await firstDays(
    db,
    rows.map((r) => r.id),
  );
  return kpisOf(db, rows, 'quarter', (f) => [from, first.get(f.id) ?? to].sort().at(-1), to);
}
