import { sql, type SQL } from 'drizzle-orm';
import type { CompanyOutcome, CompanyPriceHistory, CompanyValuation, IsoDate, PriceSource, SharePrice } from '@platform/domain';
import type { Db } from '../../db/client';

/**
 * The one price record of each company that values its holdings on a date, chosen in SQL by
 * decision 0006's rule: the latest on or before the date, and on one date write-off > exit >
 * partial realisation > share price > valuation. Used where many companies are valued at once (the
 * investor's portfolio, the whole book), so their full histories never leave the database.
 * Columns: opportunity_id, date, source, numerator, denominator (price = numerator ÷ denominator).
 */
export function latestPriceRecords(asOf: IsoDate, opportunityIds?: readonly number[]): SQL {
  if (opportunityIds) return latestPriceRecordsOf(asOf, opportunityIds);
  return sql`
    select distinct on (opportunity_id) opportunity_id, date, source, numerator, denominator from (
      select opportunity_id, date, 'share-price' as source, 2 as rank, price as numerator, 1::numeric as denominator, id
        from share_prices where deleted_at is null and date <= ${asOf}::date
      union all
      select opportunity_id, date, 'valuation', 1, valuation, shares_outstanding, id
        from company_valuations where deleted_at is null and date <= ${asOf}::date
      union all
      select opportunity_id, date, kind, ${OUTCOME_RANK}, coalesce(price, 0), 1, id
        from company_outcomes where deleted_at is null and date <= ${asOf}::date
    ) records
    order by opportunity_id, date desc, rank desc, id desc`;
}

const OUTCOME_RANK = sql.raw(`case kind when 'write-off' then 5 when 'exit' then 4 else 3 end`);

/**
 * The same rule for some companies: each company's latest record of each kind read by its index
 * (three probes), then the best of those. Sorting every record of hundreds of companies cost
 * 50 ms for an investor's 500 holdings (docs/benchmarks.md).
 */
function latestPriceRecordsOf(asOf: IsoDate, opportunityIds: readonly number[]): SQL {
  return sql`
    select m.* from unnest(${idArray(opportunityIds)}) as c(id) cross join lateral (
      select opportunity_id, date, source, numerator, denominator from (
        (select opportunity_id, date, 'share-price' as source, 2 as rank, price as numerator, 1::numeric as denominator, id
          from share_prices where opportunity_id = c.id and deleted_at is null and date <= ${asOf}::date order by date desc, id desc limit 1)
        union all
        (select opportunity_id, date, 'valuation', 1, valuation, shares_outstanding, id
          from company_valuations where opportunity_id = c.id and deleted_at is null and date <= ${asOf}::date order by date desc, id desc limit 1)
        union all
        (select opportunity_id, date, kind, ${OUTCOME_RANK}, coalesce(price, 0), 1, id
          from company_outcomes where opportunity_id = c.id and deleted_at is null and date <= ${asOf}::date
          order by date desc, ${OUTCOME_RANK} desc, id desc limit 1)
      ) latest
      order by date desc, rank desc, id desc limit 1
    ) m`;
}

export interface PriceRecordRow extends Record<string, unknown> {
  opportunity_id: number;
  date: IsoDate;
  source: Exclude<PriceSource, 'investment'>;
  numerator: string;
  denominator: string;
}

/** One array parameter whatever the number of companies (a list of thousands would pass the driver's parameter limit). */
const idArray = (ids: readonly number[]) => sql`${`{${[...new Set(ids.map((id) => Math.trunc(id)))].join(',')}}`}::int[]`;
export const idList = (ids: readonly number[]) => sql`any(${idArray(ids)})`;

/** Both drivers answer a raw query with `{ rows }`; the shared Db type does not say so. */
export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * For each company, a price history that values its holdings on `today` or any later date exactly
 * as the full history would: the record that prices it today plus any dated after today.
 */
export async function loadCurrentPriceHistories(
  db: Db,
  opportunityIds: readonly number[],
  today: IsoDate,
): Promise<Map<number, CompanyPriceHistory>> {
  const histories = new Map<number, { sharePrices: SharePrice[]; valuations: CompanyValuation[]; outcomes: CompanyOutcome[] }>();
  if (!opportunityIds.length) return histories;
  const ids = [...new Set(opportunityIds)];
  const result = await db.execute(sql`
    select opportunity_id, date::text as date, source, numerator::text as numerator, denominator::text as denominator from (${latestPriceRecords(today, ids)}) latest
    union all
    select opportunity_id, date::text, 'share-price', price::text, '1' from share_prices where deleted_at is null and date > ${today}::date and opportunity_id = ${idList(ids)}
    union all
    select opportunity_id, date::text, 'valuation', valuation::text, shares_outstanding::text from company_valuations where deleted_at is null and date > ${today}::date and opportunity_id = ${idList(ids)}
    union all
    select opportunity_id, date::text, kind, coalesce(price, 0)::text, '1' from company_outcomes where deleted_at is null and date > ${today}::date and opportunity_id = ${idList(ids)}`);
  for (const r of rowsOf<PriceRecordRow>(result)) {
    let history = histories.get(r.opportunity_id);
    if (!history) {
      history = { sharePrices: [], valuations: [], outcomes: [] };
      histories.set(r.opportunity_id, history);
    }
    if (r.source === 'share-price') history.sharePrices.push({ date: r.date, price: r.numerator });
    else if (r.source === 'valuation') history.valuations.push({ date: r.date, valuation: r.numerator, sharesOutstanding: r.denominator });
    else if (r.source === 'write-off') history.outcomes.push({ date: r.date, kind: 'write-off' });
    else history.outcomes.push({ date: r.date, kind: r.source, price: r.numerator });
  }
  return histories;
}
