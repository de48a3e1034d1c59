import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import pg from 'pg';
import { PGLITE_OPTIONS, fromPglite, migrateDatabase, openPostgres, type Database } from '../db/client';

/**
 * Fresh databases for tests, cheaply: a migrated PGlite snapshot is restored per test file, and on
 * PostgreSQL each file gets its own database cloned from a migrated template.
 */
const CACHE = path.resolve(import.meta.dirname, '../../../../node_modules/.cache/platform-test');
/** Kept as a plain tar (67 MB), so restoring it has nothing to gunzip. */
const SNAPSHOT = path.join(CACHE, 'pglite-migrated.tar');
/**
 * Names carry the id of the run that made them, so parallel runs (two terminals, CI beside a
 * developer) never drop each other's databases; leftovers of finished runs are cleaned up.
 */
const RUN = process.env.PLATFORM_TEST_RUN ?? String(process.pid);
const TEMPLATE = `platform_test_${RUN}_template`;

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

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Runs once before the API tests: builds the snapshot and, when configured, the template. */
export async function prepareTestDatabases(): Promise<void> {
  // Test workers are separate processes: they find the template through this variable.
  process.env.PLATFORM_TEST_RUN = RUN;
  fs.mkdirSync(CACHE, { recursive: true });
  const client = await PGlite.create(PGLITE_OPTIONS);
  await migrateDatabase(fromPglite(client));
  const dump = await client.dumpDataDir('none');
  // Written aside and renamed, so a parallel run never reads half a snapshot.
  const partial = `${SNAPSHOT}.${RUN}`;
  fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(partial, SNAPSHOT);
  await client.close();

  if (process.env.TEST_DATABASE_URL) {
    await withAdmin(async (admin) => {
      const existing = await admin.query<{ datname: string }>("select datname from pg_database where datname like 'platform_test_%'");
      for (const { datname } of existing.rows) {
        const owner = Number(/^platform_test_(\d+)_/.exec(datname)?.[1]);
        if (!owner || !processAlive(owner)) await admin.query(`drop database if exists "${datname}" with (force)`);
      }
      // Each project's global setup runs this; the second one rebuilds the same template.
      await admin.query(`drop database if exists ${TEMPLATE} with (force)`);
      await admin.query(`create database ${TEMPLATE}`);
    });
    const template = openPostgres(databaseUrl(TEMPLATE), 1);
    await migrateDatabase(template, databaseUrl(TEMPLATE));
    await template.close();
  }
}

/** Teardown: the run's template goes with it. */
export async function dropTemplate(): Promise<void> {
  if (process.env.TEST_DATABASE_URL) await withAdmin((admin) => admin.query(`drop database if exists ${TEMPLATE} with (force)`));
}

export interface TestDatabase {
  database: Database;
  url?: string;
  drop(): Promise<void>;
}

/**
 * What every PGlite of this worker starts from, read and compiled once: the snapshot, and PGlite's
 * own WebAssembly modules and file bundle (from its package's folder), which `PGlite.create`
 * otherwise reads and compiles anew for every instance. With the plain tar, a test file's database
 * is ready in 1.6–2.1 s, against 2.0–2.6 s before (docs/decisions/0078).
 */
let embeddedStart: Promise<{ snapshot: Blob; options: PGliteOptions }> | undefined;

function loadEmbeddedStart() {
  embeddedStart ??= (async () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const [pgliteWasmModule, initdbWasmModule] = await Promise.all(
      ['pglite.wasm', 'initdb.wasm'].map((file) => WebAssembly.compile(fs.readFileSync(path.join(dist, file)))),
    );
    const fsBundle = new Blob([fs.readFileSync(path.join(dist, 'pglite.data'))]);
    return { snapshot: new Blob([fs.readFileSync(SNAPSHOT)]), options: { pgliteWasmModule, initdbWasmModule, fsBundle } };
  })();
  return embeddedStart;
}

export async function createTestDatabase(kind = testDatabaseKind()): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const { snapshot, options } = await loadEmbeddedStart();
    const client = await PGlite.create({ ...PGLITE_OPTIONS, ...options, loadDataDir: snapshot });
    const database = fromPglite(client);
    return { database, drop: () => database.close().catch(() => undefined) };
  }
  const name = `platform_test_${RUN}_${randomBytes(6).toString('hex')}`;
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
