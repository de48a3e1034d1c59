import { readConfig } from './config';
import { migrateDatabase, openEmbedded, openPostgres } from './db/client';
import { openDemoDatabase } from './db/demo-snapshot';

/** Starts the product: database, migrations, demo data when asked, then API + web on one port. */
async function main() {
  const config = readConfig();
  const started = Date.now();
  // The app's modules load while the database opens (PGlite compiles its WebAssembly off the main thread).
  const appModule = import('./app');
  // The embedded database is seeded once per data directory, or restored seeded (db/demo-snapshot.ts).
  const demo =
    config.seedDemo && !config.databaseUrl
      ? await openDemoDatabase({ dataDir: config.dataDir, snapshotDir: config.demoSnapshotDir, snapshots: !config.s3 })
      : null;
  const database =
    demo?.database ??
    (config.databaseUrl
      ? openPostgres(config.databaseUrl, 10, { statementTimeoutMs: config.databaseStatementTimeoutMs })
      : await openEmbedded(config.dataDir));
  await migrateDatabase(database, config.databaseUrl);
  const { buildApp } = await appModule;
  const { app, ctx, drain } = await buildApp({ config, database });
  if (config.seedDemo && (demo?.needsSeed ?? true)) {
    // The seed (and the PDF and image writers it draws the demo with) loads only when it runs.
    const { seedDemo } = await import('./db/seed');
    await seedDemo(ctx);
    await demo?.seeded();
  }
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`ready in ${Date.now() - started} ms on ${config.appUrl} (${database.kind} database)`);

  let stopping = false;
  // Stop taking work, let the running requests finish, then close the sockets, the mail worker,
  // the realtime bus and finally the database.
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: draining`);
    const drained = await drain(config.shutdownTimeoutMs);
    if (!drained) app.log.warn(`requests still running after ${config.shutdownTimeoutMs} ms; closing their connections`);
    await app.close();
    await database.close();
    app.log.info(`${signal}: stopped`);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT').catch(failedToStop));
  process.on('SIGTERM', () => void stop('SIGTERM').catch(failedToStop));
}

function failedToStop(error: unknown) {
  console.error(error);
  process.exit(1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
