import { sql } from 'drizzle-orm';
import type { AppContext } from '../../apps/server/src/platform/context';

export const KPI_COMPANIES = 500;
export const KPI_QUARTERS = 12;
export const KPI_DEFINITIONS = 8;

/**
 * The KPI grid's data (decision 0026): 500 existing investments, eight quarterly KPIs in two
 * categories, and twelve quarters of values for each — 48,000 values — besides the demo's own.
 */
export async function seed({ db }: AppContext) {
  const started = performance.now();
  await db.execute(sql`
    insert into investment_opportunities (slug, name, status, company_name, currency)
    select 'kpi-bench-' || g, 'KPI Bench ' || lpad(g::text, 3, '0'), 5 + g % 2, 'KPI Bench Company ' || g || ' Ltd',
      (array['GBP', 'GBP', 'GBP', 'EUR'])[1 + g % 4]
    from generate_series(1, ${sql.raw(String(KPI_COMPANIES))}) g`);
  await db.execute(sql`insert into kpi_categories (name) values ('Bench financial'), ('Bench operational')`);
  await db.execute(sql`
    insert into kpis (name, category_id, unit, frequency, investor_visible)
    select 'Bench KPI ' || k, (select min(id) from kpi_categories where name like 'Bench%') + k % 2,
      (array['currency', 'number', 'percentage', 'number'])[1 + k % 4], 'quarterly', k % 3 <> 0
    from generate_series(1, ${sql.raw(String(KPI_DEFINITIONS))}) k`);
  await db.execute(sql`
    insert into kpi_values (kpi_id, opportunity_id, period_start, value)
    select k.id, o.id, (date '2023-01-01' + make_interval(months => 3 * q))::date,
      round((1000 + (o.id * 7919 + k.id * 104729 + q * 13) % 900000)::numeric / 7, 6)
    from investment_opportunities o
    cross join kpis k
    cross join generate_series(0, ${sql.raw(String(KPI_QUARTERS - 1))}) q
    where o.slug like 'kpi-bench-%' and k.name like 'Bench KPI %'`);
  await db.execute(sql`analyze kpi_values`);
  return {
    companies: KPI_COMPANIES,
    kpis: KPI_DEFINITIONS,
    quarters: KPI_QUARTERS,
    loadSeconds: (performance.now() - started) / 1000,
  };
}
