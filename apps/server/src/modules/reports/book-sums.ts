import { sql, type SQL } from 'drizzle-orm';
import type { IsoDate } from '@platform/domain';
import type { Db } from '../../db/client';
import { idList, latestPriceRecords, rowsOf, type PriceRecordRow } from '../performance';

/**
 * The whole book's sums straight from the investments, following decision 0006 to the penny, as
 * `valuePortfolio` would over the same holdings (decisions 0015, 0047):
 * - a holding is one investor's paid or completed investments with shares in one company (status
 *   Completed or Matured), dated by payment (or creation) in UTC, on or before `as_of`;
 * - the company's latest record on or before `as_of` prices it (write-off > exit > partial
 *   realisation > share price > valuation on one date); with none, each holding is held at the
 *   price its holder last paid;
 * - each holding's value is rounded half-up to pence before it is added, and every product and
 *   quotient is first rounded to the 20 significant digits decimal.js keeps.
 * `ids` limits them to some companies (the book figures brought up to date, book-figures.ts).
 */

/** Every record, whatever its date: the figures kept per company count them all. */
export const EVERY_DAY = 'infinity' as IsoDate;

const EXISTING_STATUSES = sql.raw('(5, 6)');

const onlyCompanies = (column: SQL, ids?: readonly number[]) => (ids ? sql` and ${column} = ${idList(ids)}` : sql``);

export const investmentDay = sql`(coalesce(i.paid_at, i.created_at) at time zone 'UTC')::date`;

/** The investments that make up holdings on `asOf`; `i` is investments, `o` their opportunity. */
export const held = (asOf: IsoDate, ids?: readonly number[]) => sql`
  i.status in ('paid', 'completed') and i.deleted_at is null and i.shares > 0
  and o.status in ${EXISTING_STATUSES} and o.deleted_at is null
  and ${investmentDay} <= ${asOf}::date${onlyCompanies(sql`i.opportunity_id`, ids)}`;

/** Proceeds holders received on or before `asOf`; `r` is holding_realisations, `o` its opportunity. */
const realisedBy = (asOf: IsoDate, ids?: readonly number[]) => sql`
  r.deleted_at is null and r.date <= ${asOf}::date
  and o.status in ${EXISTING_STATUSES} and o.deleted_at is null${onlyCompanies(sql`r.opportunity_id`, ids)}`;

/** Whether opportunity `o` is an existing investment, counted in the book. */
export const inBook = sql`o.status in ${EXISTING_STATUSES} and o.deleted_at is null`;

/** `x` (non-negative) rounded half-up to 20 significant digits, as every decimal.js operation is. */
function significant20(x: SQL): SQL {
  return sql`(case when ${x} >= 1 then round(${x}, 20 - length(trunc(${x})::text)) when ${x} > 0 then round(${x}, 19 - floor(log(${x}))::int) else ${x} end)`;
}

/** Per company: opportunity_id, holdings, cost, current_value, realised (companies with holdings only). */
export function companySums(asOf: IsoDate, ids?: readonly number[]): SQL {
  const product = sql.raw('v.product');
  const quotient = sql`(round(${significant20(product)}, 40) / v.denominator)`;
  // A product of two 6-place numbers below 10^8 has at most 20 digits: decimal.js keeps it exact.
  const value = sql`round(case when v.denominator <> 1 then ${significant20(quotient)} when v.product < 100000000 then v.product else ${significant20(product)} end, 2)`;
  return sql`
    with marks as (${latestPriceRecords(asOf, ids)}),
    bought as (
      select i.opportunity_id, i.user_id, sum(i.amount) as cost, sum(i.shares) as shares
      from investments i join investment_opportunities o on o.id = i.opportunity_id
      where ${held(asOf, ids)}
      group by i.opportunity_id, i.user_id
    ),
    sold as (
      select r.opportunity_id, r.user_id, sum(r.shares) as shares, sum(r.proceeds) as proceeds
      from holding_realisations r join investment_opportunities o on o.id = r.opportunity_id
      where ${realisedBy(asOf, ids)}
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
      where ${inBook}${onlyCompanies(sql`o.id`, ids)} and not exists (select 1 from marks m where m.opportunity_id = o.id)
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
    )
    select v.opportunity_id, count(*)::int as holdings, sum(v.cost) as cost, sum(${value}) as current_value, sum(v.realised) as realised
    from valued v group by v.opportunity_id`;
}

/**
 * Money paid in less proceeds received, per company and date: opportunity_id, currency, day,
 * paid_in. The pooled IRR nets them per currency and date: one flow per distinct date.
 */
export function companyFlows(asOf: IsoDate, ids?: readonly number[]): SQL {
  return sql`
    select opportunity_id, currency, day, sum(paid_in) as paid_in from (
      select i.opportunity_id, o.currency, ${investmentDay} as day, sum(i.amount) as paid_in
      from investments i join investment_opportunities o on o.id = i.opportunity_id
      where ${held(asOf, ids)}
      group by i.opportunity_id, o.currency, ${investmentDay}
      union all
      select r.opportunity_id, o.currency, r.date as day, -sum(r.proceeds) as paid_in
      from holding_realisations r join investment_opportunities o on o.id = r.opportunity_id
      where ${realisedBy(asOf, ids)}
      group by r.opportunity_id, o.currency, r.date
    ) flows
    group by opportunity_id, currency, day`;
}

/** The latest date of any record behind each company's figures (opportunity_id, last_day): they hold for any later as-of date. */
export function companyLastDays(ids: readonly number[]): SQL {
  const only = (column: string) => sql`${sql.raw(column)} = ${idList(ids)}`;
  return sql`
    select opportunity_id, max(day) as last_day from (
      select i.opportunity_id, max(${investmentDay}) as day from investments i
        where ${only('i.opportunity_id')} and i.status in ('paid', 'completed') and i.deleted_at is null group by 1
      union all
      select opportunity_id, max(date) from holding_realisations where ${only('opportunity_id')} and deleted_at is null group by 1
      union all
      select opportunity_id, max(date) from share_prices where ${only('opportunity_id')} and deleted_at is null group by 1
      union all
      select opportunity_id, max(date) from company_valuations where ${only('opportunity_id')} and deleted_at is null group by 1
      union all
      select opportunity_id, max(date) from company_outcomes where ${only('opportunity_id')} and deleted_at is null group by 1
    ) days group by opportunity_id`;
}

export interface CompanyRow extends Record<string, unknown> {
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

export interface FlowRow extends Record<string, unknown> {
  currency: string;
  date: IsoDate;
  paid_in: string;
}

/** What the report is built from: per-company sums, per-currency flows, and the price record valuing each company. */
export interface BookRows {
  companies: CompanyRow[];
  flows: FlowRow[];
  marks: Map<number, PriceRecordRow>;
}

/** The report's rows summed from every investment on `asOf`; run inside the report's snapshot. */
export async function sumBook(tx: Db, asOf: IsoDate): Promise<BookRows> {
  const companies = await tx.execute(sql`
    select c.opportunity_id, o.name, o.company_name, o.status, o.currency, c.holdings, c.cost::text as cost, c.current_value::text as current_value, c.realised::text as realised
    from (${companySums(asOf)}) c join investment_opportunities o on o.id = c.opportunity_id
    order by o.name, o.id`);
  const flows = await tx.execute(sql`
    select currency, to_char(day, 'YYYY-MM-DD') as date, sum(paid_in)::text as paid_in from (${companyFlows(asOf)}) f group by currency, day`);
  // A few thousand rows, joined here rather than in SQL, where the planner misjudges them.
  const marks = await tx.execute(sql`
    select opportunity_id, date::text as date, source, numerator::text as numerator, denominator::text as denominator from (${latestPriceRecords(asOf)}) m`);
  return {
    companies: rowsOf<CompanyRow>(companies),
    flows: rowsOf<FlowRow>(flows),
    marks: new Map(rowsOf<PriceRecordRow>(marks).map((m) => [m.opportunity_id, m])),
  };
}
