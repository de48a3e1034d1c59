import fs from 'node:fs';
import Fastify from 'fastify';
import { adminQuery, adminUrl } from './admin-db';
import { buildApp } from '../../apps/server/src/app';
import type { AppContext } from '../../apps/server/src/platform/context';
import { readConfig } from '../../apps/server/src/config';
import { migrateDatabase, openEmbedded, openPostgres } from '../../apps/server/src/db/client';
import { seedDemo } from '../../apps/server/src/db/seed';
import { registerBarePgRoutes } from './bare-pg';

/**
 * The app under load, in its own process so the load generator does not share its event loop.
 * Seeds the demo accounts, then the data set of `BENCH_SEED` (a module exporting
 * `seed(ctx): Promise<object>`), starts the real app and, beside it, a bare Fastify route as the
 * baseline (and, on PostgreSQL, bare `pg` routes doing the app's SQL: bare-pg.ts); prints the two ports and what the seed returned as one JSON line. On SIGTERM or
 * SIGINT it closes both and drops its database.
 */
export type BenchSeed = (ctx: AppContext) => Promise<Record<string, unknown>>;

const kind = process.env.BENCH_DB ?? 'postgres';
const seedModule = process.env.BENCH_SEED;

let databaseUrl: string | undefined;
if (kind === 'postgres') {
  // One database per bench process, so two runs on one machine never drop each other's.
  const name = `platform_bench_${process.pid}`;
  await adminQuery(`drop database if exists ${name} with (force)`);
  await adminQuery(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
}
const dataDir = `/tmp/platform-bench-${process.pid}`;
const dropDatabase = async () => {
  if (databaseUrl) await adminQuery(`drop database if exists ${new URL(databaseUrl).pathname.slice(1)} with (force)`);
  fs.rmSync(dataDir, { recursive: true, force: true });
};

try {
  const database = databaseUrl ? openPostgres(databaseUrl) : await openEmbedded(dataDir);
  await migrateDatabase(database, databaseUrl);
  const config = readConfig({
    PORT: '0',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    // The Lighthouse bench serves the built web app; the API benches need none.
    WEB_DIST: process.env.BENCH_WEB_DIST ?? '/nonexistent',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const { app, ctx } = await buildApp({ config, database, logger: false });
  await seedDemo(ctx);
  const info = seedModule ? await ((await import(seedModule)) as { seed: BenchSeed }).seed(ctx) : {};
  await app.listen({ port: 0, host: '127.0.0.1' });

  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ ok: true }));
  if (databaseUrl) registerBarePgRoutes(bare, databaseUrl);
  await bare.listen({ port: 0, host: '127.0.0.1' });

  const port = (server: typeof app.server) => (server.address() as { port: number }).port;
  console.log(JSON.stringify({ appPort: port(app.server), barePort: port(bare.server), databaseUrl, ...info }));

  // SIGINT too: Ctrl-C reaches this process as well as the runner, and the database must still go.
  const stop = async () => {
    await app.close();
    await bare.close();
    await dropDatabase();
    process.exit(0);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
} catch (error) {
  console.error(error);
  await dropDatabase();
  process.exit(1);
}
