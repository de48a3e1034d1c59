import path from 'node:path';
import { DEMO_PASSWORD, signIn, startBenchServer } from './support/client';
import { formatRow, interleaved, kilobytes, measure, measureAfterWrites, responseSize, type LoadResult } from './support/load';

/**
 * The whole book's performance at 1,000,000 investments (BENCH_INVESTMENTS to change it) on
 * PostgreSQL: GET /api/reports/portfolio-performance — cost, value, MOIC per company and per
 * currency with the pooled IRR — read from the figures kept per company (decision 0047), beside
 * the same report summed from every investment (decision 0015; what an as-of date before the
 * latest record still takes) and a bare route, and the first report after a write; and the staff
 * investments list's first and a deep page beside a bare `pg` route (decision 0075), and the admin
 * overview's money figures beside the same sums over every investment (decision 0076).
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
    // The staff investments list (decision 0075): the first and a deep page beside the bare route's
    // straightforward SQL, and a deep page of the other indexed order.
    const deepPage = Math.floor(server.investments / 1000);
    for (const page of [1, deepPage])
      await interleaved(
        `GET /api/investments (newest first, page ${page})`,
        `http://127.0.0.1:${server.barePort}/bare/investments?page=${page}`,
        `${base}/api/investments?sort=-created_at&page=${page}`,
        headers,
        server.pid,
      );
    const largest = await measure(`${base}/api/investments?sort=-amount&page=${deepPage}`, { durationMs: 5000, headers });
    console.log(formatRow(`GET /api/investments (-amount, page ${deepPage})`, largest));
    // The admin overview's money figures (decision 0076): all time from the kept totals, beside the
    // bare route summing every investment; and the book's breakdown, which reads them too.
    await interleaved(
      'GET /api/stats/total-investment-value',
      `http://127.0.0.1:${server.barePort}/bare/investment-value`,
      `${base}/api/stats/total-investment-value`,
      headers,
      server.pid,
    );
    const trio = await measure(`${base}/api/stats/trio-breakdown`, { durationMs: 5000, headers });
    console.log(formatRow('GET /api/stats/trio-breakdown', trio));
    const url = `${base}/api/reports/portfolio-performance`;
    // The first report computes every company's kept figures (what the migration leaves to it).
    const first = performance.now();
    const size = await responseSize(url, headers);
    console.log(
      `first request (computes every company's figures): ${((performance.now() - first) / 1000).toFixed(2)} s; response ${kilobytes(size.bytes)} (${kilobytes(size.gzipBytes)} gzipped)`,
    );
    const bare = await measure(`http://127.0.0.1:${server.barePort}/bare`, { connections: 2, durationMs: 3000 });
    console.log(formatRow('bare Fastify route (baseline)', bare));
    const row = (name: string, result: LoadResult) => console.log(formatRow(name, result, bare));
    // Two connections for 20 s: a report a few people open, not a page under a crowd.
    const kept = await measure(url, { connections: 2, durationMs: 20_000, headers });
    row('GET /api/reports/portfolio-performance', kept);
    // A month back, every company priced since has a record after the date: summed from every investment.
    const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    const summed = await measure(`${url}?as_of=${monthAgo}`, { connections: 2, durationMs: 20_000, headers });
    row('… as of a month ago (summed from every row)', summed);
    console.log(
      `kept figures: mean ${(summed.mean / kept.mean).toFixed(1)}×, p95 ${(summed.p95 / kept.p95).toFixed(1)}× faster than summing`,
    );
    // One company's share price changes before each report: it recomputes that company and the IRR.
    const afterPrice = await measureAfterWrites(server.databaseUrl, url, headers, (database) =>
      database.query(
        'update share_prices set price = price * 1.001 where id = (select max(id) from share_prices where opportunity_id = (select min(opportunity_id) from share_prices))',
      ),
    );
    console.log(
      `first report after a price change (10 rounds, one connection): mean ${afterPrice.mean.toFixed(1)} ms, p50 ${afterPrice.p50.toFixed(1)} ms, max ${afterPrice.p99.toFixed(1)} ms`,
    );
  } finally {
    await server.stop();
  }
}
