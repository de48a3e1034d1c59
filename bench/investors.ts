import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { DEMO_PASSWORD, signIn, startBenchServer } from './support/client';
import { formatRow, measure } from './support/load';

/**
 * Investors at book size (100,000 unless BENCH_INVESTORS says otherwise) on PostgreSQL: the list
 * filtered, sorted and paged by 50 with the owner included, and the full export as CSV and Excel
 * with its throughput and the server's memory while it streams.
 */
const residentMb = (pid: number) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
};

async function timeExport(url: string, cookie: string, pid: number) {
  const before = residentMb(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, residentMb(pid))), 25);
  const started = performance.now();
  let bytes = 0;
  let lines = 0;
  await new Promise<void>((resolve, reject) => {
    http
      .get(url, { headers: { cookie } }, (response) => {
        if (response.statusCode !== 200) reject(new Error(`export answered ${response.statusCode}`));
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          for (const byte of chunk) if (byte === 10) lines += 1;
        });
        response.on('end', resolve);
      })
      .on('error', reject);
  });
  clearInterval(sampler);
  return { seconds: (performance.now() - started) / 1000, bytes, lines, before, peak };
}

export async function runInvestorsBench() {
  const server = await startBenchServer<{ investors: number }>('postgres', path.join(import.meta.dirname, 'datasets/investors.ts'));
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

    console.log(`\n## Export of every investor (${n.toLocaleString('en-GB')} plus the demo's) (sorted by name), one request at a time`);
    // Every investor: the data set plus the demo's own. The CSV's line count tells how many.
    let rows = n;
    for (const format of ['csv', 'xlsx'] as const) {
      const result = await timeExport(`${base}/api/users/export?filter[role_id]=5&sort=name&format=${format}`, cookie, server.pid);
      if (format === 'csv') rows = result.lines - 1;
      console.log(
        `${format.padEnd(5)} ${rows.toLocaleString('en-GB')} rows in ${result.seconds.toFixed(1)} s = ${Math.round(rows / result.seconds).toLocaleString('en-GB')} rows/s, ` +
          `${(result.bytes / 1024 / 1024).toFixed(1)} MB; server memory ${result.before.toFixed(0)} MB before, ${result.peak.toFixed(0)} MB peak (+${(result.peak - result.before).toFixed(0)} MB)`,
      );
    }
  } finally {
    await server.stop();
  }
}
