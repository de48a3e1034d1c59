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

/** The embedded database keeps its PGlite client at hand: start-up snapshots it (db/demo-snapshot.ts). */
export interface EmbeddedDatabase extends Database {
  kind: 'embedded';
  client: PGlite;
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

export async function openEmbedded(dataDir: string | null): Promise<EmbeddedDatabase> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir ? path.join(dataDir, 'pgdata') : undefined, PGLITE_OPTIONS);
  return fromPglite(client);
}

export function fromPglite(client: PGlite): EmbeddedDatabase {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    client,
    kind: 'embedded',
    ping: async () => void (await client.query('select 1')),
    close: () => client.close(),
  };
}

/** Bounds on waiting for the server, so no request waits forever on one that stopped answering. */
export interface PostgresTimeouts {
  /** Longest a statement may run on the server before it cancels it (PostgreSQL's statement_timeout). */
  statementTimeoutMs: number;
}

export const DEFAULT_STATEMENT_TIMEOUT_MS = 30_000;
const CONNECT_TIMEOUT_MS = 5_000;
/** The client gives up a little after the server would have: only a server that went silent trips it. */
const SILENT_SERVER_GRACE_MS = 5_000;

/**
 * Options for every connection this app opens: a bounded connect, TCP keep-alive so a dead peer
 * is noticed on idle connections (LISTEN), and the driver parsers.
 */
export function connectionOptions(connectionString: string): pg.ClientConfig {
  return {
    connectionString,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    types: {
      getTypeParser: (oid: number, format?: string) =>
        oid in DRIVER_PARSERS ? DRIVER_PARSERS[oid as keyof typeof DRIVER_PARSERS] : pg.types.getTypeParser(oid, format as 'text'),
    } as typeof pg.types,
  };
}

/**
 * A connection whose server process ends (restart, failover, pg_terminate_backend) emits 'error'
 * on its client, and an 'error' nobody listens to ends the process. The pool listens only while a
 * client sits idle; a client checked out — held by a transaction between two statements — has no
 * listener. Each client gets one for its whole life: the statement in flight fails on its own (the
 * request answers 503) and the pool drops the client when it is released.
 */
export function handleConnectionErrors(pool: pg.Pool): pg.Pool {
  pool.on('connect', (client) => client.on('error', () => undefined));
  pool.on('error', () => undefined);
  return pool;
}

/** The pool's clients keep the short connect timeout; the pool's own option bounds the wait for a free one. */
class BoundedConnectClient extends pg.Client {
  constructor(config: pg.ClientConfig = {}) {
    super({ ...config, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  }
}

export function openPostgres(
  connectionString: string,
  max = 10,
  { statementTimeoutMs }: PostgresTimeouts = { statementTimeoutMs: DEFAULT_STATEMENT_TIMEOUT_MS },
): Database {
  const pool = handleConnectionErrors(
    new pg.Pool({
      ...connectionOptions(connectionString),
      Client: BoundedConnectClient,
      // A burst of requests queues for a connection; waiting for one may take as long as a statement may run.
      connectionTimeoutMillis: statementTimeoutMs,
      max,
      statement_timeout: statementTimeoutMs,
      query_timeout: statementTimeoutMs + SILENT_SERVER_GRACE_MS,
    }),
  );
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  db.transaction = transactionReleasingBrokenClients(pool);
  return {
    db,
    kind: 'postgres',
    ping: async () => void (await pool.query('select 1')),
    close: () => pool.end(),
  };
}

/**
 * Transactions on a client of their own, given back to the pool by us rather than by Drizzle.
 * Drizzle's pooled transaction (0.45) sends BEGIN outside its try/finally, so a connection that dies
 * at BEGIN is never given back — a few of those exhaust the pool for good — and it always gives the
 * client back as healthy, so one whose ROLLBACK failed (connection gone, or a statement still
 * running after the client-side timeout) would serve the next request. Here a client whose
 * transaction did not end with a COMMIT or ROLLBACK is destroyed.
 */
function transactionReleasingBrokenClients(pool: pg.Pool): Db['transaction'] {
  const onClient = new WeakMap<pg.PoolClient, Db>();
  return async (work, config) => {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      let db = onClient.get(client);
      if (!db) {
        db = drizzlePg(client, { schema }) as unknown as Db;
        onClient.set(client, db);
      }
      return await db.transaction(work, config);
    } catch (error) {
      if (!endedCleanly(error)) broken = error as Error;
      throw error;
    } finally {
      client.release(broken);
    }
  };
}

/** A failure Drizzle reports from BEGIN or ROLLBACK means the transaction never ended on the server. */
function endedCleanly(error: unknown): boolean {
  const statement = (error as { query?: unknown } | null)?.query;
  return !(typeof statement === 'string' && /^(begin|rollback)\b/i.test(statement.trim()));
}

/** Applies the committed migrations. On a server an advisory lock serialises concurrent starts. */
export async function migrateDatabase(database: Database, connectionString?: string): Promise<void> {
  if (database.kind === 'embedded') {
    await migratePglite(database.db as never, { migrationsFolder: MIGRATIONS });
    return;
  }
  const client = new pg.Client(connectionOptions(connectionString!));
  // A lost connection fails the migration's statement, which start-up reports; it must not also
  // surface as an unhandled 'error' event.
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(client), { migrationsFolder: MIGRATIONS });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await client.end();
  }
}
