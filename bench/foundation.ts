import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { DEMO_PASSWORD, signIn, startBenchServer } from './support/client';
import { formatRow, measure } from './support/load';

/**
 * Foundation figures: start-up on the embedded database (first start with migrations and demo
 * seed, then a warm restart), and GET /api/user and a 50-row /api/users page on 10,000 users
 * beside a bare Fastify route, per database kind.
 */
const root = path.resolve(import.meta.dirname, '..');
const tsx = ['--import', 'tsx'];

async function timeStartup(dataDir: string): Promise<number> {
  const port = 3300 + Math.floor(Math.random() * 500);
  const started = performance.now();
  const child = spawn(process.execPath, [...tsx, path.join(root, 'apps/server/src/main.ts')], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: 'ignore',
  });
  try {
    while (true) {
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return performance.now() - started;
      if (performance.now() - started > 120_000) throw new Error('start-up took over 2 minutes');
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

export async function runFoundationBench() {
  console.log('\n## Start-up on the embedded database');
  const dataDir = fs.mkdtempSync('/tmp/platform-startup-');
  const first = await timeStartup(dataDir);
  const warm = await timeStartup(dataDir);
  fs.rmSync(dataDir, { recursive: true, force: true });
  console.log(`first start (create, migrate, seed): ${(first / 1000).toFixed(2)} s`);
  console.log(`warm restart:                        ${(warm / 1000).toFixed(2)} s`);

  for (const kind of ['postgres', 'pglite'] as const) {
    const server = await startBenchServer<{ users: number }>(kind, path.join(import.meta.dirname, 'datasets/users.ts'));
    try {
      const base = `http://127.0.0.1:${server.appPort}`;
      const { cookie } = await signIn(base, 'superadmin@demo.test', DEMO_PASSWORD);
      console.log(`\n## Requests on ${kind}, ${server.users.toLocaleString('en-GB')} users, 10 connections, 5 s each`);
      const bare = await measure(`http://127.0.0.1:${server.barePort}/bare`);
      console.log(formatRow('bare Fastify route (baseline)', bare));
      console.log(formatRow('GET /api/user', await measure(`${base}/api/user`, { headers: { cookie } }), bare));
      const list = `${base}/api/users?per_page=50&sort=-created_at&include=owner`;
      console.log(formatRow('GET /api/users (50 rows, sorted, include)', await measure(list, { headers: { cookie } }), bare));
      const search = `${base}/api/users?per_page=50&filter[search]=Investor%2042&sort=name`;
      console.log(formatRow('GET /api/users (search filter, 50 rows)', await measure(search, { headers: { cookie } }), bare));
    } finally {
      await server.stop();
    }
  }
}
