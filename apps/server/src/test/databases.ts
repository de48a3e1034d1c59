import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { PGLITE_OPTIONS, fromPglite, migrateDatabase, openPostgres, type Database } from '../db/client';

/**
 * Fresh databases for tests, cheaply: a migrated PGlite snapshot is restored per test file, and on
 * PostgreSQL each file gets its own database cloned from a migrated template.
 */
const CACHE = path.resolve(import.meta.dirname, '../../../../node_modules/.cache/platform-test');
const SNAPSHOT = path.join(CACHE, 'pglite-migrated.tar.gz');
const TEMPLATE = 'platform_test_template';

export type TestDatabaseKind = 'pglite' | 'postgres';

export function testDatabaseKind(): TestDatabaseKind {
  return process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set: the PostgreSQL test project needs it.');
  return url;
}

function databaseUrl(name: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Runs once before the API tests: builds the snapshot and, when configured, the template. */
export async function prepareTestDatabases(): Promise<void> {
  fs.mkdirSync(CACHE, { recursive: true });
  const client = await PGlite.create(PGLITE_OPTIONS);
  await migrateDatabase(fromPglite(client));
  const dump = await client.dumpDataDir('gzip');
  fs.writeFileSync(SNAPSHOT, Buffer.from(await dump.arrayBuffer()));
  await client.close();

  if (process.env.TEST_DATABASE_URL) {
    await withAdmin(async (admin) => {
      const stale = await admin.query<{ datname: string }>("select datname from pg_database where datname like 'platform_test_%'");
      for (const { datname } of stale.rows) await admin.query(`drop database if exists "${datname}" with (force)`);
      await admin.query(`create database ${TEMPLATE}`);
    });
    const template = openPostgres(databaseUrl(TEMPLATE), 1);
    await migrateDatabase(template, databaseUrl(TEMPLATE));
    await template.close();
  }
}

export interface TestDatabase {
  database: Database;
  url?: string;
  drop(): Promise<void>;
}

export async function createTestDatabase(kind = testDatabaseKind()): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const snapshot = new Blob([fs.readFileSync(SNAPSHOT)]);
    const client = await PGlite.create({ ...PGLITE_OPTIONS, loadDataDir: snapshot });
    const database = fromPglite(client);
    return { database, drop: () => database.close().catch(() => undefined) };
  }
  const name = `platform_test_${randomBytes(6).toString('hex')}`;
  await withAdmin((admin) => admin.query(`create database ${name} template ${TEMPLATE}`));
  const url = databaseUrl(name);
  const database = openPostgres(url, 5);
  return {
    database,
    url,
    async drop() {
      // A test may have closed the pool already (the health test does).
      await database.close().catch(() => undefined);
      await withAdmin((admin) => admin.query(`drop database if exists ${name} with (force)`));
    },
  };
}
