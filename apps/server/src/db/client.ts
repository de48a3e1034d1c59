import fs from 'node:fs';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** One database type for both drivers: code never knows which one it runs on. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'embedded' | 'postgres';
  /** Cheap liveness check used by the health endpoint. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

const MIGRATIONS = path.join(import.meta.dirname, 'migrations');
const INT8_OID = 20;
const NUMERIC_OID = 1700;
/** Arbitrary constant: one advisory lock so parallel instances never migrate at the same time. */
const MIGRATION_LOCK = 727_001;

/**
 * The two drivers disagree on numeric types (pg gives strings, PGlite numbers). Normalise here,
 * once: numeric (money, share counts) stays an exact decimal string, int8 (counts) becomes a number.
 */
export const DRIVER_PARSERS = { [INT8_OID]: (v: string) => Number(v), [NUMERIC_OID]: (v: string) => v };

/** Options every embedded instance needs: the same parsers and the extensions the migrations use. */
export const PGLITE_OPTIONS = { parsers: DRIVER_PARSERS, extensions: { pg_trgm } } satisfies PGliteOptions;

export async function openEmbedded(dataDir: string | null): Promise<Database> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir ? path.join(dataDir, 'pgdata') : undefined, PGLITE_OPTIONS);
  return fromPglite(client);
}

export function fromPglite(client: PGlite): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'embedded',
    ping: async () => void (await client.query('select 1')),
    close: () => client.close(),
  };
}

export function openPostgres(connectionString: string, max = 10): Database {
  const pool = new pg.Pool({
    connectionString,
    max,
    types: { getTypeParser: (oid: number, format?: string) => (oid in DRIVER_PARSERS ? DRIVER_PARSERS[oid as keyof typeof DRIVER_PARSERS] : pg.types.getTypeParser(oid, format as 'text')) } as typeof pg.types,
  });
  // An idle connection that the server drops (restart, failover) must not crash the process;
  // the pool replaces it and the next query reports any real outage as a 503.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    ping: async () => void (await pool.query('select 1')),
    close: () => pool.end(),
  };
}

/** Applies the committed migrations. On a server an advisory lock serialises concurrent starts. */
export async function migrateDatabase(database: Database, connectionString?: string): Promise<void> {
  if (database.kind === 'embedded') {
    await migratePglite(database.db as never, { migrationsFolder: MIGRATIONS });
    return;
  }
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(client), { migrationsFolder: MIGRATIONS });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await client.end();
  }
}
