import Fastify from 'fastify';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app';
import { readConfig } from '../../apps/server/src/config';
import { migrateDatabase, openEmbedded, openPostgres } from '../../apps/server/src/db/client';
import { seedDemo } from '../../apps/server/src/db/seed';

/**
 * The app under load, in its own process so the load generator does not share its event loop.
 * Seeds the demo accounts plus `BENCH_USERS` investors, starts the real app and, beside it, a
 * bare Fastify route as the baseline; prints the two ports as one JSON line.
 */
const kind = process.env.BENCH_DB ?? 'postgres';
const users = Number(process.env.BENCH_USERS ?? 10_000);
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

let databaseUrl: string | undefined;
if (kind === 'postgres') {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  // One database per bench process, so two runs on one machine never drop each other's.
  const name = `platform_bench_${process.pid}`;
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
}
const database = databaseUrl ? openPostgres(databaseUrl) : await openEmbedded(`/tmp/platform-bench-${process.pid}`);
await migrateDatabase(database, databaseUrl);
const config = readConfig({ PORT: '0', LOG_LEVEL: 'silent', DATA_DIR: `/tmp/platform-bench-${process.pid}`, WEB_DIST: '/nonexistent', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
const { app, ctx } = await buildApp({ config, database, logger: false });
await seedDemo(ctx);
await ctx.db.execute(sql`
  insert into users (name, email, role_id, email_verified_at, accepted_terms_version, created_at)
  select 'Investor ' || g, 'bench' || g || '@example.test', 5, now(), 1, now() - (g % 900) * interval '1 hour'
  from generate_series(1, ${users}) g`);
await ctx.db.execute(sql`analyze users`);
await app.listen({ port: 0, host: '127.0.0.1' });

const bare = Fastify({ logger: false });
bare.get('/bare', async () => ({ ok: true }));
await bare.listen({ port: 0, host: '127.0.0.1' });

const port = (server: typeof app.server) => (server.address() as { port: number }).port;
console.log(JSON.stringify({ appPort: port(app.server), barePort: port(bare.server), users }));

process.on('SIGTERM', async () => {
  await app.close();
  await bare.close();
  if (databaseUrl) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${new URL(databaseUrl).pathname.slice(1)} with (force)`);
    await admin.end();
  }
  process.exit(0);
});
