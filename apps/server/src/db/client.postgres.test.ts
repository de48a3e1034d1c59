import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createTestDatabase, type TestDatabase } from '../test/databases';
import { openPostgres, type Database } from './client';

/**
 * The pool when PostgreSQL ends its connections (restart, failover, pg_terminate_backend): no
 * unhandled 'error' event — it would end this worker — and no connection lost to the pool.
 */
let testDb: TestDatabase;
let admin: pg.Client;
let database: Database;

const firstRow = <T>(result: unknown) => (result as { rows: T[] }).rows[0];
const backendPid = async (db: Pick<Database['db'], 'execute'>) =>
  firstRow<{ pid: number }>(await db.execute(sql`select pg_backend_pid() as pid`)).pid;
const terminate = (pid: number) => admin.query('select pg_terminate_backend($1)', [pid]);
const one = async (db: Pick<Database['db'], 'execute'>) => firstRow<{ one: number }>(await db.execute(sql`select 1 as one`)).one;
const alive = () => one(database.db);

beforeAll(async () => {
  testDb = await createTestDatabase();
  admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  // One connection: a single one lost to the pool would leave every later query waiting.
  database = openPostgres(testDb.url!, 1);
});
afterAll(async () => {
  await database.close();
  await admin.end();
  await testDb.drop();
});

describe('PostgreSQL connections that the server ends', () => {
  it('fails a transaction whose connection ended between two statements, and the next one gets a fresh connection', async () => {
    for (let round = 0; round < 3; round += 1) {
      const failure = await database.db
        .transaction(async (tx) => {
          await terminate(await backendPid(tx));
          // The connection's 'error' event fires while the client is checked out by this transaction.
          await new Promise((resolve) => setTimeout(resolve, 50));
          await tx.execute(sql`select 1`);
        })
        .then(
          () => null,
          (error: Error) => error,
        );
      expect(failure).toBeInstanceOf(Error);
      expect(await alive()).toBe(1);
    }
  });

  it('gives back the connection of a transaction whose BEGIN failed', async () => {
    for (let round = 0; round < 5; round += 1) {
      await terminate(await backendPid(database.db));
      // At once, before the pool has heard that its idle connection ended: BEGIN goes to a dead one.
      await database.db.transaction((tx) => tx.execute(sql`select 1`)).catch(() => undefined);
    }
    expect(await alive()).toBe(1);
    expect(await database.db.transaction((tx) => one(tx))).toBe(1);
  });
});
