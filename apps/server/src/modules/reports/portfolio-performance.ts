import Decimal from 'decimal.js';
import { sql, type SQL } from 'drizzle-orm';
import { type AggregateChart, type AggregateReport, summarisePortfolio, toPriceMark, type IsoDate } from '@platform/domain';
import type { Db } from '../../db/client';
import { latestPriceRecords, rowsOf, type PriceRecordRow } from '../performance';

/**
 * The whole book's performance (DOMAIN.md step 4, the portfolio KPIs of spec §2.2 Reports): cost,
 * current value, realised, gain and MOIC of every existing investment, per company and per
 * currency, with the pooled IRR per currency. The database aggregates — a million investments never
 * travel to Node — following decision 0006 to the penny, as `valuePortfolio` would over the same
 * holdings (decision 0015):
 * - a holding is one investor's paid or completed investments with shares in one company (status
 *   Completed or Matured), dated by payment (or creation) in UTC, on or before `as_of`;
 * - the company's latest record on or before `as_of` prices it (write-off > exit > partial
 *   realisation > share price > valuation on one date); with none, each holding is held at the
 *   price its holder last paid;
 * - each holding's value is rounded half-up to pence before it is added, and every product and
 *   quotient is first rounded to the 20 significant digits decimal.js keeps.
 */

interface CompanyRow extends Record<string, unknown> {
  opportunity_id: number;
  name: string;
  company_name: string;
  status: number;
  currency: string;
  holdings: number;
  cost: string;
  current_value: string;
  realised: string;
}

interface FlowRow extends Record<string, unknown> {
  currency: string;
  date: IsoDate;
  paid_in: string;
}

const EXISTING_STATUSES = sql.raw('(5, 6)');

/** The investments that make up holdings on `asOf`; `i` is investments, `o` their opportunity. */
const held = (asOf: IsoDate) => sql`
  i.status in ('paid', 'completed') and i.deleted_at is null and i.shares > 0
  and o.status in ${EXISTING_STATUSES} and o.deleted_at is null
  and ${investmentDay} <= ${asOf}::date`;

const investmentDay = sql`(coalesce(i.paid_at, i.created_at) at time zone 'UTC')::date`;

/** Proceeds holders received on or before `asOf`; `r` is holding_realisations, `o` its opportunity. */
const realisedBy = (asOf: IsoDate) => sql`
  r.deleted_at is null and r.date <= ${asOf}::date
  and o.status in ${EXISTING_STATUSES} and o.deleted_at is null`;

/** `x` (non-negative) rounded half-up to 20 significant digits, as every decimal.js operation is. */
function significant20(x: SQL): SQL {
  return sql`(case when ${x} >= 1 then round(${x}, 20 - length(trunc(${x})::text)) when ${x} > 0 then round(${x}, 19 - floor(log(${x}))::int) else ${x} end)`;
}

async function loadCompanies(db: Db, asOf: IsoDate): Promise<CompanyRow[]> {
  const product = sql.raw('v.product');
  const quotient = sql`(round(${significant20(product)}, 40) / v.denominator)`;
  // A product of two 6-place numbers below 10^8 has at most 20 digits: decimal.js keeps it exact.
  const value = sql`round(case when v.denominator <> 1 then ${significant20(quotient)} when v.product < 100000000 then v.product else ${significant20(product)} end, 2)`;
  const result = await db.execute(sql`
    with marks as (${latestPriceRecords(asOf)}),
    bought as (
      select i.opportunity_id, i.user_id, sum(i.amount) as cost, sum(i.shares) as shares
      from investments i join investment_opportunities o on o.id = i.opportunity_id
      where ${held(asOf)}
      group by i.opportunity_id, i.user_id
    ),
    sold as (
      select r.opportunity_id, r.user_id, sum(r.shares) as shares, sum(r.proceeds) as proceeds
      from holding_realisations r join investment_opportunities o on o.id = r.opportunity_id
      where ${realisedBy(asOf)}
      group by r.opportunity_id, r.user_id
    ),
    -- Shares still held are those bought less those sold; what they fetched is realised.
    holdings as (
      select b.opportunity_id, b.user_id, b.cost, b.shares - coalesce(s.shares, 0) as shares, coalesce(s.proceeds, 0) as realised
      from bought b left join sold s on s.opportunity_id = b.opportunity_id and s.user_id = b.user_id
    ),
    -- Only a company with no price on record needs the price each of its holders last paid.
    unpriced as (
      select o.id from investment_opportunities o
      where o.status in ${EXISTING_STATUSES} and o.deleted_at is null and not exists (select 1 from marks m where m.opportunity_id = o.id)
    ),
    last_buys as (
      select b.* from unpriced u cross join lateral (
        select distinct on (i.user_id) i.opportunity_id, i.user_id, i.amount, i.shares
        from investments i join investment_opportunities o on o.id = i.opportunity_id
        where i.opportunity_id = u.id and ${held(asOf)}
        order by i.user_id, ${investmentDay} desc, i.id desc
      ) b
    ),
    valued as (
      select h.opportunity_id, h.cost, h.realised,
        h.shares * coalesce(m.numerator, b.amount) as product, coalesce(m.denominator, b.shares) as denominator
      from holdings h
      left join marks m on m.opportunity_id = h.opportunity_id
      left join last_buys b on b.opportunity_id = h.opportunity_id and b.user_id = h.user_id
    ),
    companies as (
      select v.opportunity_id, count(*)::int as holdings, sum(v.cost) as cost, sum(${value}) as current_value, sum(v.realised) as realised
      from valued v group by v.opportunity_id
    )
    select c.opportunity_id, o.name, o.company_name, o.status, o.currency, c.holdings, c.cost::text as cost, c.current_value::text as current_value, c.realised::text as realised
    from companies c join investment_opportunities o on o.id = c.opportunity_id
    order by o.name, o.id`);
  return rowsOf<CompanyRow>(result);
}

/**
 * Money paid in less proceeds received, per currency and date, for the pooled IRR: one row per
 * distinct date, not per investment.
 */
async function loadFlows(db: Db, asOf: IsoDate): Promise<FlowRow[]> {
  const result = await db.execute(sql`
    select currency, date, sum(paid_in)::text as paid_in from (
      select o.currency, to_char(${investmentDay}, 'YYYY-MM-DD') as date, sum(i.amount) as paid_in
      from investments i join investment_opportunities o on o.id = i.opportunity_id
      where ${held(asOf)}
      group by o.currency, ${investmentDay}
      union all
      select o.currency, to_char(r.date, 'YYYY-MM-DD') as date, -sum(r.proceeds) as paid_in
      from holding_realisations r join investment_opportunities o on o.id = r.opportunity_id
      where ${realisedBy(asOf)}
      group by o.currency, r.date
    ) flows
    group by currency, date`);
  return rowsOf<FlowRow>(result);
}

/** The price each company is valued at, to show beside its figures (a few thousand rows; joined here, not in SQL, where the planner misjudges them). */
async function loadMarks(db: Db, asOf: IsoDate): Promise<Map<number, PriceRecordRow>> {
  const result = await db.execute(sql`
    select opportunity_id, date::text as date, source, numerator::text as numerator, denominator::text as denominator from (${latestPriceRecords(asOf)}) m`);
  return new Map(rowsOf<PriceRecordRow>(result).map((m) => [m.opportunity_id, m]));
}

function presentMark(row: PriceRecordRow | undefined) {
  if (!row) return null;
  const shown = toPriceMark({
    date: row.date,
    source: row.source,
    numerator: new Decimal(row.numerator),
    denominator: new Decimal(row.denominator),
  });
  return { date: shown.date, source: shown.source, price_per_share: shown.pricePerShare };
}

function figures(p: ReturnType<typeof summarisePortfolio>) {
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

export async function loadPortfolioPerformance(db: Db, asOf: IsoDate) {
  const { companies, flows, marks } = await db.transaction(
    async (tx) => {
      // The planner's estimate for a million rows makes PostgreSQL compile the query (JIT), which
      // costs more than the whole aggregation; the figures are the same either way.
      await tx.execute(sql`set local jit = off`);
      return { companies: await loadCompanies(tx, asOf), flows: await loadFlows(tx, asOf), marks: await loadMarks(tx, asOf) };
    },
    // One snapshot, so the IRR's flows are those of the same holdings as the sums.
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
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
    const company = summarisePortfolio(
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
      const book = summarisePortfolio(
        { holdings: t.holdings, cost: t.cost, currentValue: t.currentValue, realised: t.realised },
        t.flows,
        asOf,
      );
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
