import { readConfig } from '../../apps/server/src/config';
import { migrateDatabase, openEmbedded } from '../../apps/server/src/db/client';
import { seedDemo } from '../../apps/server/src/db/seed';
import { buildApp } from '../../apps/server/src/app';

/**
 * The start-up the start-up bench compares with: `npm start` on the embedded database as it was
 * before snapshots (decision 0043) — create or open, migrate, seed on every start, listen.
 */
const config = readConfig();
const database = await openEmbedded(config.dataDir);
await migrateDatabase(database);
const { app, ctx } = await buildApp({ config, database, logger: false });
await seedDemo(ctx);
await app.listen({ port: config.port, host: config.host });
