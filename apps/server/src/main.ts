import { readConfig } from './config';
import { migrateDatabase, openEmbedded, openPostgres } from './db/client';
import { seedDemo } from './db/seed';
import { buildApp } from './app';

/** Starts the product: database, migrations, demo data when asked, then API + web on one port. */
async function main() {
  const config = readConfig();
  const started = Date.now();
  const database = config.databaseUrl ? openPostgres(config.databaseUrl, 10, { statementTimeoutMs: config.databaseStatementTimeoutMs }) : await openEmbedded(config.dataDir);
  await migrateDatabase(database, config.databaseUrl);
  const { app, ctx } = await buildApp({ config, database });
  if (config.seedDemo) await seedDemo(ctx);
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`ready in ${Date.now() - started} ms on ${config.appUrl} (${database.kind} database)`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: shutting down`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
