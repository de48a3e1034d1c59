import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { DEMO_PASSWORD, signIn, startBenchServer } from './support/client';

/**
 * The investors export at book size (BENCH_INVESTORS, 100,000 unless told), CSV and Excel, each
 * read to the end by one client: rows/s beside PostgreSQL's own `COPY … TO STDOUT` of the same
 * columns run by psql in the same run, and the server's memory while it streams. `investors` runs
 * this after its list measurements; `npm run bench -- exports` runs it alone (e.g. at 1,000,000).
 */
const residentMb = (pid: number) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
};

/**
 * One export read to the end as fast as the client can, the server's resident memory sampled every
 * 25 ms beside how much had arrived: its peak in each quarter of the file shows whether memory
 * grows with the export or stays flat.
 */
async function timeExport(url: string, cookie: string, pid: number) {
  const before = residentMb(pid);
  const samples: Array<[number, number]> = [];
  const started = performance.now();
  let bytes = 0;
  let lines = 0;
  const sampler = setInterval(() => samples.push([bytes, residentMb(pid)]), 25);
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
  const quarters = [1, 2, 3, 4].map((q) =>
    Math.max(before, ...samples.filter(([at]) => at > ((q - 1) * bytes) / 4 && at <= (q * bytes) / 4).map(([, mb]) => mb)),
  );
  return { seconds: (performance.now() - started) / 1000, bytes, lines, before, peak: Math.max(...quarters), quarters };
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

export async function measureExports(server: { appPort: number; pid: number; databaseUrl: string; investors: number }, cookie: string) {
  const base = `http://127.0.0.1:${server.appPort}`;
  const n = server.investors;
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
    // The writer's library loads with a format's first export (exceljs: tens of MB of code, once a
    // process): a one-row export first, so the figure is the memory an export of every row takes.
    await timeExport(`${base}/api/users/export?filter[ids]=1&format=${format}`, cookie, server.pid);
    const result = await timeExport(`${base}/api/users/export?filter[role_id]=5&sort=name&format=${format}`, cookie, server.pid);
    if (format === 'csv') rows = result.lines - 1;
    console.log(
      `${format.padEnd(5)} ${rows.toLocaleString('en-GB')} rows in ${result.seconds.toFixed(1)} s = ${Math.round(rows / result.seconds).toLocaleString('en-GB')} rows/s, ` +
        `${(result.bytes / 1024 / 1024).toFixed(1)} MB; server memory ${result.before.toFixed(0)} MB before, ${result.peak.toFixed(0)} MB peak (+${(result.peak - result.before).toFixed(0)} MB; ` +
        `by quarter of the file ${result.quarters.map((mb) => `+${(mb - result.before).toFixed(0)}`).join(', ')}); ${(rows / result.seconds / copyRate).toFixed(2)} of COPY's rows/s`,
    );
  }
}

export async function runExportsBench() {
  const server = await startBenchServer<{ investors: number; databaseUrl: string }>(
    'postgres',
    path.join(import.meta.dirname, 'datasets/investors.ts'),
  );
  try {
    const { cookie } = await signIn(`http://127.0.0.1:${server.appPort}`, 'superadmin@demo.test', DEMO_PASSWORD);
    await measureExports(server, cookie);
  } finally {
    await server.stop();
  }
}
