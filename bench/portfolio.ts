import path from 'node:path';
import { DEMO_PASSWORD, signIn, startBenchServer } from './support/client';
import { formatRow, kilobytes, measure, measureAfterWrites, responseSize } from './support/load';

/**
 * The investor portal's portfolio for one investor with 500 holdings, each valued by years of
 * quarterly share prices and annual valuations (some written off, exited or partly realised), in a
 * book of 200,000 investments on PostgreSQL: GET /api/my/portfolio and one holding, beside a bare
 * route and the signed-in GET /api/user; and the staff's whole-book report on that book.
 */
export async function runPortfolioBench() {
  const server = await startBenchServer<{
    email: string;
    password: string;
    holdings: number;
    holdingId: number;
    loadSeconds: number;
    databaseUrl: string;
  }>('postgres', path.join(import.meta.dirname, 'datasets/portfolio.ts'));
  try {
    const base = `http://127.0.0.1:${server.appPort}`;
    const { cookie } = await signIn(base, server.email, server.password);
    const headers = { cookie };
    console.log(`\n## Investor portfolio: ${server.holdings} holdings with price history, PostgreSQL, 4 connections, 10 s each`);
    console.log(`data: 2,000 companies, 200,000 investments, the investor's holdings; loaded in ${server.loadSeconds.toFixed(1)} s`);
    const options = { connections: 4, durationMs: 10_000, headers };
    const bare = await measure(`http://127.0.0.1:${server.barePort}/bare`, options);
    console.log(formatRow('bare Fastify route (baseline)', bare));
    const user = await measure(`${base}/api/user`, options);
    console.log(formatRow('GET /api/user (signed in)', user, bare));
    const portfolio = await measure(`${base}/api/my/portfolio`, options);
    console.log(formatRow(`GET /api/my/portfolio (${server.holdings} holdings)`, portfolio, bare));
    // The list after a write (decision 0071): one company's version moves, or every held company's
    // (as on the first list of a day), before each request; ten rounds on one connection.
    const list = `${base}/api/my/portfolio`;
    const bump = (companies: string) => (database: { query: (text: string, values: unknown[]) => Promise<unknown> }) =>
      database.query(`update book_companies set version = version + 1 where opportunity_id in (${companies})`, [server.email]);
    const held = `select opportunity_id from investments where user_id = (select id from users where email = $1)`;
    const oneChanged = await measureAfterWrites(server.databaseUrl, list, headers, bump(`${held} order by opportunity_id limit 1`));
    console.log(formatRow('… after one held company changed', oneChanged, bare));
    const allChanged = await measureAfterWrites(server.databaseUrl, list, headers, bump(held));
    console.log(formatRow('… every holding valued (first list of a day)', allChanged, bare));
    const holding = await measure(`${base}/api/my/portfolio/${server.holdingId}`, options);
    console.log(formatRow('GET /api/my/portfolio/{id} (3 investments)', holding, bare));
    const size = await responseSize(`${base}/api/my/portfolio`, headers);
    console.log(
      `portfolio response: ${kilobytes(size.bytes)} (${kilobytes(size.gzipBytes)} gzipped); ${(portfolio.mean / user.mean).toFixed(1)}× the time of GET /api/user, ${(portfolio.mean / server.holdings).toFixed(2)} ms per holding`,
    );
    // The staff's whole-book report on this mid-sized book, for scale beside the 1,000,000 of `book`.
    const staff = await signIn(base, 'superadmin@demo.test', DEMO_PASSWORD);
    const book = await measure(`${base}/api/reports/portfolio-performance`, {
      connections: 2,
      durationMs: 10_000,
      headers: { cookie: staff.cookie },
    });
    console.log(formatRow('GET /api/reports/portfolio-performance (200,000)', book, bare));
  } finally {
    await server.stop();
  }
}
