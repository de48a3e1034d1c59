import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { type AggregateChart, type AggregateReport, toPriceMark, type IsoDate, type PortfolioPerformance } from '@platform/domain';
import type { Db } from '../../db/client';
import { rowsOf, type PriceRecordRow } from '../performance';
import { refreshBookFigures, readBookFigures } from './book-figures';
import { held, sumBook, type BookRows } from './book-sums';
import { keptAnswer, summariseBook } from './book-summaries';

/**
 * The whole book's performance (DOMAIN.md step 4, the portfolio KPIs of spec §2.2 Reports): cost,
 * current value, realised, gain and MOIC of every existing investment, per company and per
 * currency, with the pooled IRR per currency. The database aggregates — a million investments never
 * travel to Node — by decision 0006's arithmetic (book-sums.ts, decision 0015); the figures kept
 * per company answer whenever they can (book-figures.ts, decision 0047).
 */

function presentMark(row: PriceRecordRow | undefined) {
  if (!row) return null;
  const { date, source, numerator, denominator } = row;
  return keptAnswer(`mark|${date}|${source}|${numerator}|${denominator}`, () => {
    const shown = toPriceMark({ date, source, numerator: new Decimal(numerator), denominator: new Decimal(denominator) });
    return { date: shown.date, source: shown.source, price_per_share: shown.pricePerShare };
  });
}

function figures(p: PortfolioPerformance) {
  return {
    holdings: p.holdings,
    cost: p.cost,
    current_value: p.currentValue,
    realised: p.realised,
    total_value: p.totalValue,
    gain: p.gain,
    moic: p.moic,
  };
}

/** The last reports per database, by date and digest of the kept figures: a report of 2,000 companies is rebuilt only when they change. */
const REPORTS_KEPT = 8;
const keptReports = new WeakMap<Db, LRUCache<string, BookReport>>();
type BookReport = ReturnType<typeof presentBook>;

/**
 * The report in one snapshot (so the IRR's flows are those of the same holdings as the sums): from
 * the kept figures when they answer for `asOf` — the same report as last time while their digest
 * is unchanged — after bringing companies written since the last report up to date; otherwise
 * summed from every investment.
 */
export async function loadPortfolioPerformance(db: Db, asOf: IsoDate): Promise<BookReport> {
  let reports = keptReports.get(db);
  if (!reports) {
    reports = new LRUCache({ max: REPORTS_KEPT });
    keptReports.set(db, reports);
  }
  const known = reports;
  const inSnapshot = <T>(work: (tx: Db) => Promise<T>) =>
    db.transaction(work, { isolationLevel: 'repeatable read', accessMode: 'read only' });
  const read = async (tx: Db, outOfDate: 'refresh' | 'sum') => {
    const kept = await readBookFigures(tx, asOf);
    if (kept === 'out of date' && outOfDate === 'refresh') return null;
    if (typeof kept === 'string') {
      // The planner's estimate for a million rows makes PostgreSQL compile the query (JIT), which
      // costs more than the whole aggregation; the figures are the same either way.
      await tx.execute(sql`set local jit = off`);
      return presentBook(await sumBook(tx, asOf), asOf);
    }
    const key = `${asOf}|${kept.digest}`;
    const report = known.get(key) ?? presentBook(await kept.read(), asOf);
    known.set(key, report);
    return report;
  };
  const first = await inSnapshot((tx) => read(tx, 'refresh'));
  if (first) return first;
  await refreshBookFigures(db);
  return (await inSnapshot((tx) => read(tx, 'sum')))!;
}

function presentBook({ companies, flows, marks }: BookRows, asOf: IsoDate) {
  const byCurrency = new Map<
    string,
    { companies: number; holdings: number; cost: Decimal; currentValue: Decimal; realised: Decimal; flows: Map<IsoDate, Decimal> }
  >();
  const currencyOf = (currency: string) => {
    let total = byCurrency.get(currency);
    if (!total) {
      total = { companies: 0, holdings: 0, cost: new Decimal(0), currentValue: new Decimal(0), realised: new Decimal(0), flows: new Map() };
      byCurrency.set(currency, total);
    }
    return total;
  };
  const rows = companies.map((row) => {
    const total = currencyOf(row.currency);
    total.companies += 1;
    total.holdings += row.holdings;
    total.cost = total.cost.plus(row.cost);
    total.currentValue = total.currentValue.plus(row.current_value);
    total.realised = total.realised.plus(row.realised);
    // A company's own IRR is on its performance page; pooling it here for thousands of companies would cost seconds.
    const company = summariseBook(
      { holdings: row.holdings, cost: row.cost, currentValue: row.current_value, realised: row.realised },
      new Map(),
      asOf,
    );
    return {
      opportunity_id: row.opportunity_id,
      name: row.name,
      company_name: row.company_name,
      status: row.status,
      currency: row.currency,
      ...figures(company),
      price: presentMark(marks.get(row.opportunity_id)),
    };
  });
  for (const flow of flows) currencyOf(flow.currency).flows.set(flow.date, new Decimal(flow.paid_in).neg());
  const totals = [...byCurrency]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, t]) => {
      const book = summariseBook({ holdings: t.holdings, cost: t.cost, currentValue: t.currentValue, realised: t.realised }, t.flows, asOf);
      return { currency, companies: t.companies, ...figures(book), irr: book.irr };
    });
  return { as_of: asOf, totals, companies: rows };
}

/** How many investors hold something in the book on `asOf`, per currency of the company held. */
async function countHolders(db: Db, asOf: IsoDate): Promise<Map<string, number>> {
  const rows = rowsOf<{ currency: string; investors: number }>(
    await db.execute(sql`
      select o.currency, count(distinct i.user_id) as investors
      from investments i join investment_opportunities o on o.id = i.opportunity_id
      where ${held(asOf)}
      group by o.currency`),
  );
  return new Map(rows.map((r) => [r.currency, Number(r.investors)]));
}

/** The book's totals on `asOf` per currency (`/api/reports/aggregate`): invested, current value, realised, investors, holdings. */
export async function loadAggregate(db: Db, asOf: IsoDate): Promise<AggregateReport> {
  const [book, holders] = await Promise.all([loadPortfolioPerformance(db, asOf), countHolders(db, asOf)]);
  return {
    as_of: asOf,
    totals: book.totals.map((t) => ({
      currency: t.currency,
      invested: t.cost,
      current_value: t.current_value,
      realised: t.realised,
      investors: holders.get(t.currency) ?? 0,
      holdings: t.holdings,
    })),
  };
}

const CHART_MONTHS = 12;

/** The last day of each of the 11 months before `asOf`'s, then `asOf` itself, oldest first. */
export function monthEnds(asOf: IsoDate): IsoDate[] {
  const [year, month] = asOf.split('-').map(Number);
  const ends = Array.from({ length: CHART_MONTHS - 1 }, (_, i) => {
    // Day 0 of a month is the last day of the one before it.
    const end = new Date(Date.UTC(year, month - 1 - (CHART_MONTHS - 2 - i), 0));
    return end.toISOString().slice(0, 10) as IsoDate;
  });
  return [...ends, asOf];
}

/** The book's totals over the last year (`/api/reports/aggregate-chart`): one valuation per point, in turn. */
export async function loadAggregateChart(db: Db, asOf: IsoDate): Promise<AggregateChart> {
  const points: AggregateChart['points'] = [];
  for (const date of monthEnds(asOf)) points.push({ date, totals: (await loadAggregate(db, date)).totals });
  return { as_of: asOf, points };
}
