import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { DEMO_PASSWORD, signIn, startBenchServer } from './support/client';
import { formatRow, type LoadResult, measure } from './support/load';

/**
 * Investors at book size (100,000 unless BENCH_INVESTORS says otherwise) on PostgreSQL: the list
 * filtered, sorted and paged by 50 with the owner included, and the full export as CSV and Excel
 * with its throughput and the server's memory while it streams. Each API row is measured beside a
 * bare `pg` route running the same SQL (support/bare-pg.ts), interleaved, and the CSV export beside
 * PostgreSQL's own `COPY … TO STDOUT` of the same columns.
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

/** The export's columns straight from PostgreSQL: the floor an export is read against. */
const COPY_SQL = (attributeIds: number[]) => `
  copy (select u.id, u.name, u.email, u.phone, u.address_line1, u.address_line2, u.city, u.postcode, u.country, u.date_of_birth,
    u.nationality, o.name, u.investor_category, u.categorisation_status, u.kyc_status,
    case when u.compliance_passed then 'passed' when u.compliance_tries > 0 then 'failed' else 'not_taken' end,
    u.email_verified_at, u.last_login_at, u.created_at
    ${attributeIds.map((id) => `, (select v.value from attribute_values v where v.attribute_id = ${id} and v.subject_type = 'user' and v.subject_id = u.id)`).join('')}
  from users u left join users o on o.id = u.owner_id
  where u.role_id = 5 and u.deleted_at is null order by u.name, u.id) to stdout with (format csv, header)`;

async function timeCopy(databaseUrl: string, attributeIds: number[]) {
  const started = performance.now();
  let lines = 0;
  const psql = spawn('psql', [databaseUrl, '-X', '-q', '-c', COPY_SQL(attributeIds)], { stdio: ['ignore', 'pipe', 'inherit'] });
  psql.stdout.on('data', (chunk: Buffer) => {
    for (const byte of chunk) if (byte === 10) lines += 1;
  });
  const code = await new Promise((resolve) => psql.once('exit', resolve));
  if (code !== 0) throw new Error(`psql COPY exited with ${code}`);
  return { seconds: (performance.now() - started) / 1000, rows: lines - 1 };
}

/** Two rounds, the bare route and the app's alternating, so the shared machine's noise falls on both. */
async function interleaved(name: string, bareUrl: string, appUrl: string, headers: Record<string, string>) {
  const rounds: Array<[LoadResult, LoadResult]> = [];
  for (let round = 0; round < 2; round += 1)
    rounds.push([await measure(bareUrl, { headers, durationMs: 3000 }), await measure(appUrl, { headers, durationMs: 3000 })]);
  const best = (i: 0 | 1) => rounds.map((r) => r[i]).reduce((a, b) => (b.rps > a.rps ? b : a));
  const [bare, app] = [best(0), best(1)];
  console.log(formatRow(`bare pg: ${name}`.slice(0, 44), bare));
  console.log(formatRow(name.slice(0, 44), app));
  console.log(`  → ${(app.rps / bare.rps).toFixed(2)} of the bare pg route's req/s (p50 ${(app.p50 / bare.p50).toFixed(1)}×)`);
}

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
    await interleaved('GET /api/user (signed in)', `${barePg}/user`, `${base}/api/user`, { cookie });
    const newest = `${base}/api/users?filter[role_id]=5&per_page=50&include=owner&sort=-created_at`;
    const deepPage = Math.floor(n / 100);
    for (const page of [1, deepPage])
      await interleaved(`GET /api/users (newest first, page ${page})`, `${barePg}/investors?page=${page}`, `${newest}&page=${page}`, {
        cookie,
      });
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
    const attributes = (await (await fetch(`${base}/api/attributes?filter[subject_type]=user`, { headers: { cookie } })).json()) as {
      data: Array<{ id: number }>;
    };
    const copy = await timeCopy(
      server.databaseUrl,
      attributes.data.map((a) => a.id),
    );
    const copyRate = copy.rows / copy.seconds;
    console.log(
      `COPY  ${copy.rows.toLocaleString('en-GB')} rows in ${copy.seconds.toFixed(1)} s = ${Math.round(copyRate).toLocaleString('en-GB')} rows/s (psql, same columns)`,
    );
    // Every investor: the data set plus the demo's own. The CSV's line count tells how many.
    let rows = n;
    for (const format of ['csv', 'xlsx'] as const) {
      const result = await timeExport(`${base}/api/users/export?filter[role_id]=5&sort=name&format=${format}`, cookie, server.pid);
      if (format === 'csv') rows = result.lines - 1;
      console.log(
        `${format.padEnd(5)} ${rows.toLocaleString('en-GB')} rows in ${result.seconds.toFixed(1)} s = ${Math.round(rows / result.seconds).toLocaleString('en-GB')} rows/s, ` +
          `${(result.bytes / 1024 / 1024).toFixed(1)} MB; server memory ${result.before.toFixed(0)} MB before, ${result.peak.toFixed(0)} MB peak (+${(result.peak - result.before).toFixed(0)} MB); ${(rows / result.seconds / copyRate).toFixed(2)} of COPY's rows/s`,
      );
    }
  } finally {
    await server.stop();
  }
}
