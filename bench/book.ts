import path from 'node:path';
import pg from 'pg';
import { DEMO_PASSWORD, signIn, startBenchServer } from './support/client';
import { formatRow, kilobytes, measure, responseSize, type LoadResult } from './support/load';

/**
 * The whole book's performance at 1,000,000 investments (BENCH_INVESTMENTS to change it) on
 * PostgreSQL: GET /api/reports/portfolio-performance — cost, value, MOIC per company and per
 * currency with the pooled IRR, aggregated in the database (decision 0015) — with and without the
 * index of migration 0013, beside a bare route.
 */
export async function runBookBench() {
  const server = await startBenchServer<{
    companies: number;
    investors: number;
    investments: number;
    loadSeconds: number;
    databaseUrl: string;
  }>('postgres', path.join(import.meta.dirname, 'datasets/book.ts'));
  try {
    const base = `http://127.0.0.1:${server.appPort}`;
    const { cookie } = await signIn(base, 'superadmin@demo.test', DEMO_PASSWORD);
    const headers = { cookie };
    const n = (value: number) => value.toLocaleString('en-GB');
    console.log(
      `\n## Whole book: ${n(server.investments)} investments, ${n(server.companies)} companies, ${n(server.investors)} investors (PostgreSQL)`,
    );
    console.log(`data loaded in ${server.loadSeconds.toFixed(1)} s`);
    const url = `${base}/api/reports/portfolio-performance`;
    const first = performance.now();
    const size = await responseSize(url, headers);
    console.log(
      `first request: ${((performance.now() - first) / 1000).toFixed(2)} s; response ${kilobytes(size.bytes)} (${kilobytes(size.gzipBytes)} gzipped)`,
    );
    const bare = await measure(`http://127.0.0.1:${server.barePort}/bare`, { connections: 2, durationMs: 3000 });
    console.log(formatRow('bare Fastify route (baseline)', bare));
    const row = (name: string, result: LoadResult) => console.log(formatRow(name, result, bare));
    // Two connections for 20 s: a report a few people open, not a page under a crowd.
    const withIndex = await measure(url, { connections: 2, durationMs: 20_000, headers });
    row('GET /api/reports/portfolio-performance', withIndex);
    const database = new pg.Client({ connectionString: server.databaseUrl });
    await database.connect();
    await database.query('drop index investments_held_idx');
    await database.end();
    const without = await measure(url, { connections: 2, durationMs: 20_000, headers });
    row('… without investments_held_idx', without);
    console.log(
      `the index: mean ${(without.mean / 1000).toFixed(2)} s → ${(withIndex.mean / 1000).toFixed(2)} s (${(without.mean / withIndex.mean).toFixed(2)}× faster with it)`,
    );
  } finally {
    await server.stop();
  }
}
