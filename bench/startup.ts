import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const MAIN = path.join(ROOT, 'apps/server/src/main.ts');
const BASELINE = path.join(import.meta.dirname, 'support/start-seeding-every-time.ts');

/** A port nobody holds right now: several benches may run at once. */
async function freePort() {
  const server = net.createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Milliseconds from spawning the server to its first healthy answer, then stops it. */
async function timeStart(script: string, dataDir: string, snapshotDir: string) {
  const port = await freePort();
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_SNAPSHOT_DIR: snapshotDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
  });
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`))));
  for (;;) {
    const healthy = await Promise.race([
      fetch(`http://127.0.0.1:${port}/api/health`).then(
        (answer) => answer.ok,
        () => false,
      ),
      exited,
    ]);
    if (healthy) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const elapsed = performance.now() - started;
  const stopped = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await stopped;
  return elapsed;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * `npm run bench -- startup`: `npm start`'s server on the embedded database, from spawn to the
 * first healthy answer — on a new data directory (fresh) and again on the same one (warm) — beside
 * the start that seeded every time (support/start-seeding-every-time.ts), interleaved round by
 * round. The first start on a machine makes the snapshot, so it is shown on its own.
 * BENCH_STARTUP_ROUNDS sets the rounds (default 2).
 */
export async function runStartupBench() {
  const rounds = Number(process.env.BENCH_STARTUP_ROUNDS ?? 2);
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-bench-startup-'));
  const snapshotDir = path.join(scratch, 'snapshot');
  console.log(`\n## Start-up on the embedded database (${rounds} rounds, interleaved)`);
  try {
    const first = await timeStart(MAIN, path.join(scratch, 'first'), snapshotDir);
    console.log(`first start on this machine (makes the snapshot): ${seconds(first)}`);
    const figures = { beforeFresh: [] as number[], beforeWarm: [] as number[], fresh: [] as number[], warm: [] as number[] };
    for (let round = 0; round < rounds; round += 1) {
      const before = path.join(scratch, `before-${round}`);
      const after = path.join(scratch, `after-${round}`);
      figures.beforeFresh.push(await timeStart(BASELINE, before, snapshotDir));
      figures.fresh.push(await timeStart(MAIN, after, snapshotDir));
      figures.beforeWarm.push(await timeStart(BASELINE, before, snapshotDir));
      figures.warm.push(await timeStart(MAIN, after, snapshotDir));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    console.log('| start | seeding every time (before) | snapshot (after) | ratio |');
    console.log('|---|---|---|---|');
    for (const [label, before, after] of [
      ['fresh (new data directory)', figures.beforeFresh, figures.fresh],
      ['warm (same data directory)', figures.beforeWarm, figures.warm],
    ] as const) {
      console.log(
        `| ${label} | ${seconds(median(before))} | ${seconds(median(after))} | ${(median(before) / median(after)).toFixed(1)}× |`,
      );
    }
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}
