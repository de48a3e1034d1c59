import { sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../apps/server/src/platform/context';
import type { Db } from '../../apps/server/src/db/client';

/**
 * A book of existing investments generated in SQL (generate_series, set-based inserts), so a
 * million investments load in about a minute. Deterministic: company k, investor u and investment g
 * derive every value from their numbers, so two runs measure the same data.
 *
 * - Companies (Completed, one in ten Matured; one in 25 in EUR) each with a first round between
 *   2016 and 2024, quarterly share prices from it to today, an annual valuation (valuation ÷ shares
 *   outstanding: a price with many digits), one in 20 written off after three years, one in 20
 *   exited after five, one in 20 partly realised after four; one in 50 with no price history at
 *   all (valued at the price each holder last paid).
 * - Investments spread over the investors, two months of payments per round, one in five a
 *   follow-on a year later by an earlier holder; 2% cancelled, 2% still reserved, 2% paid but not completed.
 */
export interface BookSize {
  companies: number;
  investors: number;
  investments: number;
}

const n = (value: number) => sql.raw(String(Math.trunc(value)));

export async function generateBook(db: Db, size: BookSize) {
  const { companies, investors, investments } = size;
  await db.execute(sql`drop table if exists bench_companies, bench_investors`);
  // Company parameters kept in a helper table so every statement below draws the same ones.
  await db.execute(sql`
    create unlogged table bench_companies as
    select k,
      date '2016-01-04' + (k * 37) % 3100 as first_day,
      round(0.5 + (k % 50) / 10.0, 6) as p0,
      ((k * 13) % 11 - 3) / 100.0 as growth,
      case when k % 25 = 3 then 'EUR' else 'GBP' end as currency,
      case k % 20 when 0 then 'write-off' when 1 then 'exit' when 2 then 'partial-realisation' end as outcome,
      k % 50 = 7 as unpriced
    from generate_series(1, ${n(companies)}) k`);
  await db.execute(sql`alter table bench_companies add column id integer, add column outcome_day date`);
  await db.execute(sql`
    update bench_companies set outcome_day = first_day + case outcome when 'write-off' then 1135 when 'exit' then 1866 when 'partial-realisation' then 1500 end
      where outcome is not null and first_day + case outcome when 'write-off' then 1135 when 'exit' then 1866 else 1500 end <= current_date`);
  await db.execute(sql`
    with inserted as (
      insert into investment_opportunities (slug, name, status, company_name, industry, currency, share_price, summary, completed_at, published_at)
      select 'book-' || k, 'Book Company ' || k || ' Series A', case when k % 10 = 9 then 6 else 5 end, 'Book Company ' || k || ' Ltd',
        (array['Fintech', 'Health', 'Energy', 'Software', 'Consumer'])[1 + k % 5], currency, p0, 'A company of the benchmark book.',
        (first_day + 70)::timestamptz, first_day::timestamptz
      from bench_companies
      returning id, slug)
    update bench_companies c set id = inserted.id from inserted where inserted.slug = 'book-' || c.k`);

  await db.execute(sql`create unlogged table bench_investors as select k, null::integer as id from generate_series(1, ${n(investors)}) k`);
  await db.execute(sql`
    with inserted as (
      insert into users (name, email, role_id, email_verified_at, accepted_terms_version, created_at)
      select 'Book Investor ' || k, 'book-investor-' || k || '@bench.test', 5, now(), 1, now() - (k % 2000) * interval '1 day'
      from bench_investors
      returning id, email)
    update bench_investors i set id = inserted.id from inserted where inserted.email = 'book-investor-' || i.k || '@bench.test'`);
  await db.execute(sql`create index on bench_companies (k)`);
  await db.execute(sql`create index on bench_investors (k)`);

  // Prices stop at a write-off or an exit; a partial realisation leaves the company trading.
  await db.execute(sql`
    insert into share_prices (opportunity_id, date, price)
    select c.id, (c.first_day + q * interval '3 months')::date,
      round(c.p0 * power(1 + c.growth, q) * (1 + ((c.k * 7 + q * 11) % 9 - 4) / 100.0), 6)
    from bench_companies c, generate_series(0, 44) q
    where not c.unpriced and (c.first_day + q * interval '3 months')::date <= current_date
      and (c.outcome not in ('write-off', 'exit') or c.outcome_day is null or (c.first_day + q * interval '3 months')::date < c.outcome_day)`);
  await db.execute(sql`
    insert into company_valuations (opportunity_id, date, valuation, shares_outstanding)
    select c.id, (c.first_day + y * interval '1 year' + interval '15 days')::date,
      round(c.p0 * power(1 + c.growth, 4 * y) * (1000000 + c.k * 1000)), 1000000 + c.k * 1000 + y * 777
    from bench_companies c, generate_series(1, 10) y
    where not c.unpriced and (c.first_day + y * interval '1 year' + interval '15 days')::date <= current_date
      and (c.outcome not in ('write-off', 'exit') or c.outcome_day is null or (c.first_day + y * interval '1 year' + interval '15 days')::date < c.outcome_day)`);
  await db.execute(sql`
    insert into company_outcomes (opportunity_id, date, kind, price)
    select id, outcome_day, outcome, case when outcome = 'write-off' then null else round(p0 * power(1 + growth, 20) * 1.5, 6) end
    from bench_companies where outcome_day is not null and not unpriced`);

  // The j-th investor of a company is a different person for every j; every fifth j is a follow-on
  // a year later by the holder of the investment before it, so a fifth of holdings hold two.
  await loadInvestments(
    db,
    sql`
    select opportunity_id, user_id, currency, g, day, price, amount,
      case when g % 97 = 3 then 'private_manual' when follow_on then 'subsequent' else 'investor' end as type,
      case s when 0 then 'cancelled' when 1 then 'reserved' when 2 then 'paid' else case when day > current_date then 'reserved' else 'completed' end end as status
    from (
      select c.id as opportunity_id, i.id as user_id, c.currency, g, f.follow_on, f.s,
        c.first_day + (g % 60)::int + case when f.follow_on then 365 else 0 end as day,
        round(c.p0 * power(1 + c.growth, case when f.follow_on then 4 else 0 end), 6) as price,
        round(((g * 7919) % 4950000 + 50000) / 100.0, 2) as amount
      from generate_series(1::bigint, ${n(investments)}) g
      -- s picks the status: it varies along a company's investors, so every company has held ones.
      cross join lateral (select g / ${n(companies)} as j, (g / ${n(companies)}) % 5 = 4 as follow_on, (g / ${n(companies)} + g) % 50 as s) f
      join bench_companies c on c.k = 1 + g % ${n(companies)}
      join bench_investors i on i.k = 1 + ((f.j - case when f.follow_on then 1 else 0 end) * 7919 + (g % ${n(companies)}) * 104729) % ${n(investors)}
    ) r`,
  );
  await db.execute(sql`drop table bench_companies, bench_investors`);
  // Holders' proceeds: everything held at an exit, a quarter of each holding at a partial realisation.
  await db.execute(sql`
    insert into holding_realisations (opportunity_id, user_id, outcome_id, date, shares, proceeds)
    select opportunity_id, user_id, outcome_id, date, sold, round(sold * price, 2) from (
      select i.opportunity_id, i.user_id, o.id as outcome_id, o.date, o.price,
        round(sum(i.shares) * case o.kind when 'exit' then 1 else 0.25 end, 6) as sold
      from investments i join company_outcomes o on o.opportunity_id = i.opportunity_id and o.kind <> 'write-off'
      where i.status in ('paid', 'completed') and i.deleted_at is null and i.shares > 0 and (i.paid_at at time zone 'UTC')::date <= o.date
      group by i.opportunity_id, i.user_id, o.id, o.date, o.kind, o.price
    ) s where sold > 0`);
  for (const table of [
    'investment_opportunities',
    'users',
    'share_prices',
    'company_valuations',
    'company_outcomes',
    'holding_realisations',
  ])
    await db.execute(sql.raw(`analyze ${table}`));
}

/**
 * Inserts investments from a query of (opportunity_id, user_id, currency, g, day, price, amount,
 * type, status); g numbers the payment reference, and the dates follow the status. For a bulk load
 * the table's secondary indexes are dropped and built again after (much faster than keeping them
 * in step row by row), and foreign keys are not re-checked row by row: the rows come from the
 * tables they point at.
 */
export async function loadInvestments(db: Db, rows: SQL, { bulk = true } = {}) {
  const indexes = bulk
    ? rowsOf<{ name: string; definition: string }>(
        await db.execute(sql`
          select i.indexname as name, i.indexdef as definition from pg_indexes i
          where i.tablename = 'investments' and i.schemaname = current_schema()
            and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`),
      )
    : [];
  const at = (day: string, time: string) => sql.raw(`(${day} + time '${time}') at time zone 'UTC'`);
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    for (const index of indexes) await tx.execute(sql.raw(`drop index "${index.name}"`));
    await tx.execute(sql`
      insert into investments (opportunity_id, user_id, type, status, amount, currency, share_price, shares, payment_reference, paid_at, completed_at, cancelled_at, created_at, updated_at)
      select opportunity_id, user_id, type, status, amount, currency, price, round(amount / price, 6), 'BENCH-' || g,
        case when status in ('paid', 'completed') then ${at('day', '12:00')} end,
        case when status = 'completed' then ${at('day + 60', '12:00')} end,
        case when status = 'cancelled' then ${at('day', '09:00')} end,
        ${at('day - 3', '10:00')}, ${at('day - 3', '10:00')}
      from (${rows}) r`);
  });
  for (const index of indexes) await db.execute(sql.raw(index.definition));
  await db.execute(sql`vacuum analyze investments`);
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** `npm run bench -- book`: the whole book at `BENCH_INVESTMENTS` investments (1,000,000 unless told). */
export async function seed({ db }: AppContext) {
  const size = { companies: 2_000, investors: 100_000, investments: Number(process.env.BENCH_INVESTMENTS ?? 1_000_000) };
  const started = performance.now();
  await generateBook(db, size);
  return { ...size, loadSeconds: (performance.now() - started) / 1000 };
}
