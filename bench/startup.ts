import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
/** `npm start` without npm: builds what is stale (nothing, after the first start), then runs the built server. */
const START = ['scripts/start.mjs'];
/** The start before the server build step (decision 0048): the same sources compiled by tsx as they load. */
const FROM_SOURCES = ['--import', 'tsx', 'apps/server/src/main.ts'];

/** A port nobody holds right now: several benches may run at once. */
async function freePort() {
  const server = net.createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** CPU time (user + system, ms) a process and every process under it have used: `npm start` runs the server as a child. */
function treeCpuMs(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
    // Linux counts in clock ticks of 10 ms (`getconf CLK_TCK` = 100).
    return (Number(fields[11]) + Number(fields[12])) * 10 + children.reduce((sum, child) => sum + treeCpuMs(child), 0);
  } catch {
    return 0;
  }
}

/** Milliseconds from spawning the server to its first healthy answer, and the CPU it used meanwhile; then stops it. */
async function timeStart(args: string[], dataDir: string, snapshotDir: string) {
  const port = await freePort();
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, args, {
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
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}`))),
  );
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
  const cpu = treeCpuMs(child.pid!);
  const stopped = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await stopped;
  return { elapsed, cpu };
}

interface Start {
  elapsed: number;
  cpu: number;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * `npm run bench -- startup`: `npm start` on the embedded database, from spawn to the first healthy
 * answer — on a new data directory (fresh: filled from the demo snapshot) and again on the same one
 * (warm) — beside the same server started from its TypeScript sources through tsx, interleaved
 * round by round. The first start makes the server build and the snapshot, so it is shown on its own.
 * BENCH_STARTUP_ROUNDS sets the rounds (default 3).
 */
export async function runStartupBench() {
  const rounds = Number(process.env.BENCH_STARTUP_ROUNDS ?? 3);
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-bench-startup-'));
  const snapshotDir = path.join(scratch, 'snapshot');
  console.log(`\n## Start-up on the embedded database (${rounds} rounds, interleaved)`);
  try {
    const first = await timeStart(START, path.join(scratch, 'first'), snapshotDir);
    console.log(`first start (builds what is stale, makes the snapshot): ${seconds(first.elapsed)}`);
    const figures = {
      beforeFresh: [] as Start[],
      beforeWarm: [] as Start[],
      fresh: [] as Start[],
      warm: [] as Start[],
    };
    for (let round = 0; round < rounds; round += 1) {
      const before = path.join(scratch, `before-${round}`);
      const after = path.join(scratch, `after-${round}`);
      figures.beforeFresh.push(await timeStart(FROM_SOURCES, before, snapshotDir));
      figures.fresh.push(await timeStart(START, after, snapshotDir));
      figures.beforeWarm.push(await timeStart(FROM_SOURCES, before, snapshotDir));
      figures.warm.push(await timeStart(START, after, snapshotDir));
    }
    const median = (starts: Start[], key: keyof Start) => starts.map((s) => s[key]).sort((a, b) => a - b)[Math.floor(starts.length / 2)];
    const all = (starts: Start[]) => starts.map((s) => (s.elapsed / 1000).toFixed(1)).join(', ');
    console.log('Median time to the first healthy answer (every round), and the CPU time the start used (median):');
    console.log('| start | sources through tsx (before) | CPU | npm start, built (after) | CPU | ratio (time) |');
    console.log('|---|---|---|---|---|---|');
    for (const [label, before, after] of [
      ['fresh (new data directory)', figures.beforeFresh, figures.fresh],
      ['warm (same data directory)', figures.beforeWarm, figures.warm],
    ] as const) {
      console.log(
        `| ${label} | ${seconds(median(before, 'elapsed'))} (${all(before)}) | ${seconds(median(before, 'cpu'))} | ` +
          `${seconds(median(after, 'elapsed'))} (${all(after)}) | ${seconds(median(after, 'cpu'))} | ${(median(before, 'elapsed') / median(after, 'elapsed')).toFixed(1)}× |`,
      );
    }
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}
