import path from 'node:path';
import pg from 'pg';
import { DEMO_PASSWORD, signIn, startBenchServer } from './support/client';
import { formatRow, kilobytes, type LoadResult, measure, responseSize } from './support/load';

const PER_PAGE = 25;

/**
 * The SQL a grid page needs, written by hand: one page of (company, KPI) rows with values, and the
 * values of that page. The floor the app's page time is read against, measured in the same run.
 */
const PAGE_SQL = `
  select v.opportunity_id, v.kpi_id, o.name, o.company_name, o.currency, k.name as kpi, k.unit, k.frequency
  from kpi_values v join kpis k on k.id = v.kpi_id join investment_opportunities o on o.id = v.opportunity_id
  where v.deleted_at is null and k.deleted_at is null and o.deleted_at is null
  group by v.opportunity_id, v.kpi_id, o.name, o.company_name, o.currency, k.name, k.unit, k.frequency
  order by o.name, v.opportunity_id, v.kpi_id limit ${PER_PAGE} offset $1`;
const VALUES_SQL = `
  select opportunity_id, kpi_id, period_start, value from kpi_values
  where deleted_at is null and opportunity_id = any($1) and kpi_id = any($2) order by period_start`;

/** A closed loop of `connections` clients running a page's two queries straight on `pg`, for `durationMs`. */
async function measureBarePg(url: string, offset: number, { connections = 4, durationMs = 5000 } = {}): Promise<LoadResult> {
  const pool = new pg.Pool({ connectionString: url, max: connections });
  const latencies: number[] = [];
  const deadline = performance.now() + durationMs;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        const rows = (await pool.query(PAGE_SQL, [offset])).rows as Array<{ opportunity_id: number; kpi_id: number }>;
        await pool.query(VALUES_SQL, [[...new Set(rows.map((r) => r.opportunity_id))], [...new Set(rows.map((r) => r.kpi_id))]]);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  await pool.end();
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  const mean = latencies.reduce((sum, l) => sum + l, 0) / (latencies.length || 1);
  return { requests: latencies.length, errors: 0, rps: latencies.length / elapsed, mean, p50: pct(50), p95: pct(95), p99: pct(99) };
}

/** The portfolio KPI grid (/admin/reports/kpis) at 500 companies × 8 KPIs × 12 quarters, against the same SQL on bare `pg`. */
export async function runKpisBench() {
  const server = await startBenchServer<{ companies: number; kpis: number; quarters: number; loadSeconds: number; databaseUrl: string }>(
    'postgres',
    path.join(import.meta.dirname, 'datasets/kpis.ts'),
  );
  try {
    const base = `http://127.0.0.1:${server.appPort}`;
    const { cookie } = await signIn(base, 'superadmin@demo.test', DEMO_PASSWORD);
    const headers = { cookie };
    const rows = server.companies * server.kpis;
    console.log(
      `\n## KPI grid: ${server.companies} companies × ${server.kpis} KPIs × ${server.quarters} quarters (${(rows * server.quarters).toLocaleString('en-GB')} values, loaded in ${server.loadSeconds.toFixed(1)} s), PostgreSQL, 4 connections, 5 s each`,
    );
    const options = { connections: 4, durationMs: 5000, headers };
    const bare = await measure(`http://127.0.0.1:${server.barePort}/bare`, options);
    console.log(formatRow('bare Fastify route (baseline)', bare));
    const lastPage = Math.ceil(rows / PER_PAGE);
    for (const page of [1, Math.floor(lastPage / 2)]) {
      const offset = (page - 1) * PER_PAGE;
      const barePg = await measureBarePg(server.databaseUrl, offset);
      console.log(formatRow(`bare pg: the page's two queries (page ${page})`, barePg));
      const url = `${base}/api/reports/kpis?page=${page}&per_page=${PER_PAGE}&sort=company`;
      const grid = await measure(url, options);
      console.log(formatRow(`GET /api/reports/kpis (page ${page} of ${lastPage})`, grid, bare));
      console.log(`  → ${(grid.mean / barePg.mean).toFixed(1)}× the bare pg time of the same page`);
    }
    const size = await responseSize(`${base}/api/reports/kpis?per_page=${PER_PAGE}`, headers);
    console.log(
      `grid page: ${kilobytes(size.bytes)} (${kilobytes(size.gzipBytes)} gzipped) for ${PER_PAGE} rows of ${server.quarters} values`,
    );
  } finally {
    await server.stop();
  }
}
