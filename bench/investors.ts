import path from 'node:path';
import { measureExports } from './exports';
import { DEMO_PASSWORD, signIn, startBenchServer } from './support/client';
import { formatRow, interleaved, measure } from './support/load';

/**
 * Investors at book size (100,000 unless BENCH_INVESTORS says otherwise) on PostgreSQL: the list
 * filtered, sorted and paged by 50 with the owner included, and the full export as CSV and Excel
 * with its throughput and the server's memory while it streams. Each API row is measured beside a
 * bare `pg` route running the same SQL (support/bare-pg.ts), interleaved, and the CSV export beside
 * PostgreSQL's own `COPY … TO STDOUT` of the same columns.
 */
export async function runInvestorsBench() {
  const server = await startBenchServer<{ investors: number; databaseUrl: string }>(
    'postgres',
    path.join(import.meta.dirname, 'datasets/investors.ts'),
  );
  try {
    const base = `http://127.0.0.1:${server.appPort}`;
    const { cookie } = await signIn(base, 'superadmin@demo.test', DEMO_PASSWORD);
    const n = server.investors;
    console.log(`\n## Investors on postgres, ${n.toLocaleString('en-GB')} investors, 10 connections, 5 s each`);
    const bare = await measure(`http://127.0.0.1:${server.barePort}/bare`);
    console.log(formatRow('bare Fastify route (baseline)', bare));
    const owners = (await (await fetch(`${base}/api/users/owners`, { headers: { cookie } })).json()) as {
      data: Array<{ id: number; email: string }>;
    };
    const barePg = `http://127.0.0.1:${server.barePort}/bare`;
    await interleaved('GET /api/user (signed in)', `${barePg}/user`, `${base}/api/user`, { cookie }, server.pid);
    const newest = `${base}/api/users?filter[role_id]=5&per_page=50&include=owner&sort=-created_at`;
    const deepPage = Math.floor(n / 100);
    for (const page of [1, deepPage])
      await interleaved(
        `GET /api/users (newest first, page ${page})`,
        `${barePg}/investors?page=${page}`,
        `${newest}&page=${page}`,
        {
          cookie,
        },
        server.pid,
      );
    // Keyset paging (decision 0073): the deep page as `links.next` of the page before gives it,
    // against the first page in the same rounds.
    const before = (await (await fetch(`${newest}&page=${deepPage - 1}`, { headers: { cookie } })).json()) as { links: { next: string } };
    await interleaved(
      `GET /api/users (page ${deepPage} from links.next)`,
      `${newest}&page=1`,
      `${base}${before.links.next}`,
      { cookie },
      server.pid,
      {
        label: 'page 1',
        name: "page 1's",
      },
    );
    const adviser = owners.data.find((o) => o.email === 'adviser@demo.test')!.id;
    const list = (query: string) => `${base}/api/users?filter[role_id]=5&per_page=50&include=owner&${query}`;
    const cases: Array<[string, string]> = [
      [
        'filter KYC + category, sort name, page 3',
        'filter[kyc_status]=verified&filter[category]=high_net_worth,professional&sort=name&page=3',
      ],
      [
        'filter owner + appropriateness, sort -created',
        `filter[owner_id]=${adviser}&filter[appropriateness]=failed&sort=-created_at&page=2`,
      ],
      ['search "Investor 4242", sort name', 'filter[search]=Investor%204242&sort=name'],
      ['no filter, sort -created_at, page 1000', 'sort=-created_at&page=1000'],
    ];
    for (const [name, query] of cases)
      console.log(formatRow(`GET /api/users (${name})`.slice(0, 44), await measure(list(query), { headers: { cookie } }), bare));

    await measureExports(server, cookie);
  } finally {
    await server.stop();
  }
}
