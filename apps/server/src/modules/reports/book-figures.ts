import { sql } from 'drizzle-orm';
import type { IsoDate } from '@platform/domain';
import type { Db } from '../../db/client';
import { idList, latestPriceRecords, rowsOf, type PriceRecordRow } from '../performance';
import { companyFlows, companyLastDays, companySums, EVERY_DAY, inBook, type BookRows, type CompanyRow, type FlowRow } from './book-sums';

/**
 * The book's figures kept per company (`book_companies`, decision 0047). Triggers bump a company's
 * `version` whenever one of its records changes; `refreshBookFigures` recomputes the companies whose
 * figures lag with the same SQL as the straightforward report (book-sums.ts), and moves their flows
 * in the per-currency totals the pooled IRR reads. The report then reads ~2,000 company rows and a
 * few thousand dated flows instead of every investment.
 */

/**
 * Brings out-of-date companies up to date in one transaction. Rows a writer holds are skipped (they
 * are about to change again; the next report takes them), so this never waits on or deadlocks with
 * a write. Returns how many companies it recomputed.
 */
export async function refreshBookFigures(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const stale = rowsOf<{ opportunity_id: number }>(
      await tx.execute(sql`
        select opportunity_id from book_companies where computed_version <> version
        order by opportunity_id for update skip locked`),
    ).map((r) => r.opportunity_id);
    if (!stale.length) return 0;
    const ids = idList(stale);
    // A million rows make the planner compile the sums (JIT), which costs more than it saves.
    await tx.execute(sql`set local jit = off`);
    // Their old flows leave the currency totals; the new ones come in below.
    await moveCurrencyFlows(tx, ids, -1);
    await tx.execute(sql`delete from book_company_flows where opportunity_id = ${ids}`);
    await tx.execute(sql`
      insert into book_company_flows (opportunity_id, day, paid_in)
      select opportunity_id, day, paid_in from (${companyFlows(EVERY_DAY, stale)}) f`);
    await tx.execute(sql`
      with sums as (${companySums(EVERY_DAY, stale)}),
      marks as (${latestPriceRecords(EVERY_DAY, stale)}),
      last_days as (${companyLastDays(stale)})
      update book_companies b set
        computed_version = b.version,
        currency = case when ${inBook} then o.currency end,
        holdings = coalesce(s.holdings, 0), cost = coalesce(s.cost, 0), current_value = coalesce(s.current_value, 0), realised = coalesce(s.realised, 0),
        last_day = d.last_day,
        mark_date = m.date, mark_source = m.source, mark_numerator = m.numerator, mark_denominator = m.denominator
      from book_companies c
      left join investment_opportunities o on o.id = c.opportunity_id
      left join sums s on s.opportunity_id = c.opportunity_id
      left join marks m on m.opportunity_id = c.opportunity_id
      left join last_days d on d.opportunity_id = c.opportunity_id
      where b.opportunity_id = c.opportunity_id and c.opportunity_id = ${ids}`);
    await moveCurrencyFlows(tx, ids, 1);
    await tx.execute(sql`delete from book_currency_flows where paid_in = 0`);
    // An opportunity deleted outright: its flows are out of the totals now, so its row can go.
    await tx.execute(sql`
      delete from book_companies b where b.opportunity_id = ${ids}
      and not exists (select 1 from investment_opportunities o where o.id = b.opportunity_id)`);
    return stale.length;
  });
}

/** Adds (sign 1) or takes out (-1) the companies' own flows from their currency's totals. */
async function moveCurrencyFlows(tx: Db, ids: ReturnType<typeof idList>, sign: 1 | -1) {
  await tx.execute(sql`
    insert into book_currency_flows (currency, day, paid_in)
    select b.currency, f.day, ${sign}::int * sum(f.paid_in) from book_company_flows f join book_companies b on b.opportunity_id = f.opportunity_id
    where f.opportunity_id = ${ids} and b.currency is not null
    group by b.currency, f.day
    on conflict (currency, day) do update set paid_in = book_currency_flows.paid_in + excluded.paid_in`);
}

/** The kept figures as a report finds them: a digest of what they are made of, and the rows. */
export interface KeptBook {
  /**
   * Each company's id and version (every figure, flow and mark of a company that is up to date
   * follows from them) and the names and status the report shows, hashed by type and summed: the
   * same digest, the same report for a date.
   */
  digest: string;
  read: () => Promise<BookRows>;
}

/**
 * The kept figures, or why they cannot answer for `asOf`: a company is out of date (written since
 * the last refresh) or has a record dated after `asOf`. Runs inside the report's snapshot, and
 * reads the rows only when asked.
 */
export async function readBookFigures(tx: Db, asOf: IsoDate): Promise<KeptBook | 'out of date' | 'dated after'> {
  const [state] = rowsOf<{ stale: boolean | null; last_day: IsoDate | null; digest: string }>(
    await tx.execute(sql`
      select bool_or(b.computed_version <> b.version) as stale, max(b.last_day) filter (where b.currency is not null)::text as last_day,
        count(*) || ':' || coalesce(sum(hash_record_extended((b.opportunity_id, b.version, o.name, o.company_name, o.status), 0)), 0) as digest
      from book_companies b left join investment_opportunities o on o.id = b.opportunity_id`),
  );
  if (state.stale) return 'out of date';
  if (state.last_day !== null && state.last_day > asOf) return 'dated after';
  return { digest: state.digest, read: () => readBookRows(tx) };
}

async function readBookRows(tx: Db): Promise<BookRows> {
  const companies = rowsOf<
    CompanyRow & { mark_date: IsoDate | null; mark_source: PriceRecordRow['source']; mark_numerator: string; mark_denominator: string }
  >(
    await tx.execute(sql`
      select b.opportunity_id, o.name, o.company_name, o.status, b.currency, b.holdings, b.cost::text as cost,
        b.current_value::text as current_value, b.realised::text as realised,
        b.mark_date::text as mark_date, b.mark_source, b.mark_numerator::text as mark_numerator, b.mark_denominator::text as mark_denominator
      from book_companies b join investment_opportunities o on o.id = b.opportunity_id
      where b.holdings > 0 and b.currency is not null
      order by o.name, o.id`),
  );
  const flows = rowsOf<FlowRow>(
    await tx.execute(sql`select currency, to_char(day, 'YYYY-MM-DD') as date, paid_in::text as paid_in from book_currency_flows`),
  );
  const marks = new Map<number, PriceRecordRow>();
  for (const c of companies)
    if (c.mark_date !== null)
      marks.set(c.opportunity_id, {
        opportunity_id: c.opportunity_id,
        date: c.mark_date,
        source: c.mark_source,
        numerator: c.mark_numerator,
        denominator: c.mark_denominator,
      });
  return { companies, flows, marks };
}
