import fs from 'node:fs';
import http from 'node:http';
import pg from 'pg';

export interface LoadResult {
  requests: number;
  errors: number;
  rps: number;
  mean: number;
  p50: number;
  p95: number;
  p99: number;
}

/**
 * A closed-loop load generator: `connections` keep-alive clients each send the next request as
 * soon as the last one answered, for `durationMs`. Every latency is kept, so percentiles are exact.
 */
export async function measure(
  url: string,
  options: { connections?: number; durationMs?: number; headers?: Record<string, string> } = {},
): Promise<LoadResult> {
  const { connections = 10, durationMs = 5000, headers = {} } = options;
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const target = new URL(url);
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + durationMs;

  const once = () =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      const request = http.request(
        { agent, host: target.hostname, port: target.port, path: target.pathname + target.search, headers },
        (response) => {
          response.resume();
          response.on('end', () => {
            if (response.statusCode !== 200) errors += 1;
            latencies.push(performance.now() - started);
            resolve();
          });
        },
      );
      request.on('error', () => {
        errors += 1;
        resolve();
      });
      request.end();
    });

  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline) await once();
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  const mean = latencies.reduce((sum, l) => sum + l, 0) / (latencies.length || 1);
  return { requests: latencies.length, errors, rps: latencies.length / elapsed, mean, p50: pct(50), p95: pct(95), p99: pct(99) };
}

export function formatRow(name: string, r: LoadResult, baseline?: LoadResult): string {
  const ratio = baseline ? ` | ${(baseline.rps / r.rps).toFixed(1)}× slower than bare` : '';
  const rps = r.rps < 10 ? r.rps.toFixed(2) : r.rps.toFixed(0);
  return `${name.padEnd(44)} ${rps.padStart(7)} req/s  mean ${r.mean.toFixed(1).padStart(6)} ms  p50 ${r.p50.toFixed(1).padStart(6)} ms  p95 ${r.p95.toFixed(1).padStart(6)} ms  p99 ${r.p99.toFixed(1).padStart(6)} ms  errors ${r.errors}${ratio}`;
}

/** Bytes of one response's body as sent (the app does not compress) and what gzip would make of it. */
export async function responseSize(url: string, headers: Record<string, string> = {}): Promise<{ bytes: number; gzipBytes: number }> {
  const { gzipSync } = await import('node:zlib');
  const response = await fetch(url, { headers });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const body = Buffer.from(await response.arrayBuffer());
  return { bytes: body.length, gzipBytes: gzipSync(body).length };
}

export const kilobytes = (bytes: number) => `${(bytes / 1024).toLocaleString('en-GB', { maximumFractionDigits: 0 })} KB`;

/**
 * One write, then one request, `rounds` times on one connection: what the first request after a
 * change costs. The write runs on its own connection to the bench's database and is not timed.
 */
export async function measureAfterWrites(
  databaseUrl: string,
  url: string,
  headers: Record<string, string>,
  write: (database: pg.Client) => Promise<unknown>,
  rounds = 10,
): Promise<LoadResult> {
  const database = new pg.Client({ connectionString: databaseUrl });
  await database.connect();
  const latencies: number[] = [];
  const started = performance.now();
  try {
    for (let round = 0; round < rounds; round++) {
      await write(database);
      const requested = performance.now();
      const response = await fetch(url, { headers });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
      latencies.push(performance.now() - requested);
    }
  } finally {
    await database.end();
  }
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
  const mean = latencies.reduce((sum, l) => sum + l, 0) / latencies.length;
  return {
    requests: rounds,
    errors: 0,
    rps: rounds / ((performance.now() - started) / 1000),
    mean,
    p50: pct(50),
    p95: pct(95),
    p99: pct(99),
  };
}

/** Linux's clock ticks per second (`getconf CLK_TCK`), the unit of /proc/<pid>/stat's CPU times. */
const CLOCK_TICKS = 100;
/** CPU time (user + system) the server process has used so far, in milliseconds. */
const cpuMs = (pid: number) => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
};

/**
 * The bare route and the app's alternating in short windows (BENCH_ROUNDS, 4 by default), so the
 * shared machine's noise falls on both alike: the ratio is of the requests each answered over all
 * its windows (latencies: the rounds' figures weighted by their requests). Beside it, the server process's CPU time per request — both routes run in that
 * process, so this figure is what the app adds, whatever else the machine is doing.
 */
export async function interleaved(
  name: string,
  bareUrl: string,
  appUrl: string,
  headers: Record<string, string>,
  pid: number,
  baseline = { label: 'bare pg', name: "the bare pg route's" },
) {
  const rounds = Number(process.env.BENCH_ROUNDS ?? 4);
  const totals = { bare: [] as LoadResult[], app: [] as LoadResult[], bareCpu: 0, appCpu: 0 };
  for (let round = 0; round < rounds; round += 1) {
    for (const side of ['bare', 'app'] as const) {
      const before = cpuMs(pid);
      totals[side].push(await measure(side === 'bare' ? bareUrl : appUrl, { headers, durationMs: 2500 }));
      totals[`${side}Cpu`] += cpuMs(pid) - before;
    }
  }
  const pooled = (results: LoadResult[]) => {
    const requests = results.reduce((sum, r) => sum + r.requests, 0);
    const weighted = (key: 'mean' | 'p50' | 'p95' | 'p99') => results.reduce((sum, r) => sum + r[key] * r.requests, 0) / requests;
    const seconds = results.reduce((sum, r) => sum + r.requests / r.rps, 0);
    return {
      requests,
      errors: results.reduce((sum, r) => sum + r.errors, 0),
      rps: requests / seconds,
      mean: weighted('mean'),
      p50: weighted('p50'),
      p95: weighted('p95'),
      p99: weighted('p99'),
    };
  };
  const [bare, app] = [pooled(totals.bare), pooled(totals.app)];
  const [bareCpu, appCpu] = [totals.bareCpu / bare.requests, totals.appCpu / app.requests];
  console.log(formatRow(`${baseline.label}: ${name}`.slice(0, 44), bare));
  console.log(formatRow(name.slice(0, 44), app));
  console.log(
    `  → ${(app.rps / bare.rps).toFixed(2)} of ${baseline.name} req/s over ${rounds} interleaved rounds; ` +
      `server CPU ${appCpu.toFixed(3)} ms a request against ${bareCpu.toFixed(3)} ms (${(bareCpu / appCpu).toFixed(2)})`,
  );
}
