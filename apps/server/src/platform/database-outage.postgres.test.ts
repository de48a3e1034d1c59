import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { Role } from '@platform/domain';
import { createTestDatabase, type TestDatabase } from '../test/databases';
import { createUser, TEST_PASSWORD } from '../test/harness';
import { httpSession, startServerProcess, terminateBackends, type ServerProcess } from '../test/server-process';

/**
 * The real server process while PostgreSQL ends its connections — as a restart, a failover or an
 * operator does — under a write load: it must stay up, answer 503 (never 500) while the database
 * is away, recover by itself, and leave no half-written record.
 */
const UNAVAILABLE = 'The service is temporarily unavailable. Please try again shortly.';
let testDb: TestDatabase;
let name: string;
let server: ServerProcess;
/** Connected to another database: it outlives every termination below. */
let admin: pg.Client;
/** Connected to the test database, to hold locks the app's requests run into. */
let locker: pg.Client;
let lockerPid: number;
let staff: Awaited<ReturnType<typeof httpSession>>;
let investorId: number;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Waits for a condition, failing at once — with what it printed — if the server process has ended. */
async function until(condition: () => Promise<boolean> | boolean) {
  while (!(await condition())) {
    if (!server.alive()) throw new Error(`the server process ended:\n${server.output().slice(-3000)}`);
    await sleep(20);
  }
}
const newNote = () => staff.post('/api/notes', { subject_type: 'investor', subject_id: investorId, body: '<p>Called back</p>' });

beforeAll(async () => {
  testDb = await createTestDatabase();
  name = new URL(testDb.url!).pathname.slice(1);
  const user = await createUser(testDb.database, { roleId: Role.SuperAdmin });
  investorId = (await createUser(testDb.database, { roleId: Role.User })).id;
  admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  locker = new pg.Client({ connectionString: testDb.url });
  await locker.connect();
  lockerPid = (await locker.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0].pid;
  // A short statement timeout, so the test of a request stuck behind a lock does not wait 30 s.
  server = await startServerProcess(testDb.url!, { DATABASE_STATEMENT_TIMEOUT_MS: '1500' });
  staff = await httpSession(server, user.email, TEST_PASSWORD);
});
afterAll(async () => {
  await admin.query(`alter database ${name} with allow_connections true`);
  await server?.stop();
  await locker?.end();
  await admin.end();
  await testDb.drop();
});

describe('the server while PostgreSQL ends its connections', () => {
  it('stays up under a write load while its connections are ended, mid-transaction too, and writes each note with its log entry or not at all', async () => {
    const answers: Array<{ status: number; body: string | null }> = [];
    let writing = true;
    const writer = async () => {
      while (writing) {
        // A refused connection means the process is gone: stop, and let the checks below say so.
        answers.push(
          await newNote().catch(() => {
            writing = false;
            return { status: 0, body: null };
          }),
        );
      }
    };
    const load = Promise.all(Array.from({ length: 6 }, writer));
    const created = () => answers.filter((a) => a.status === 201).length;

    // Whatever the connections are doing at that moment: idle, in a statement, between two.
    for (let round = 0; round < 3; round += 1) {
      const target = created() + 10;
      await until(() => created() >= target);
      await terminateBackends(admin, name, { except: [lockerPid] });
    }

    // Mid-transaction for certain: each note's transaction has written the note and waits to
    // write its log entry, held up by a lock on the log; its connection is ended there.
    let endedMidTransaction = 0;
    for (let round = 0; round < 3; round += 1) {
      await locker.query('begin');
      await locker.query('lock table activity_log in exclusive mode');
      await until(async () => {
        const { rows } = await admin.query(
          `select count(*)::int as n from pg_stat_activity where datname = $1 and backend_xid is not null and wait_event_type = 'Lock'`,
          [name],
        );
        return rows[0].n > 0;
      });
      endedMidTransaction += await terminateBackends(admin, name, { midTransaction: true, except: [lockerPid] });
      await locker.query('commit');
    }

    writing = false;
    await load;
    expect(server.alive(), server.output()).toBe(true);
    expect(endedMidTransaction).toBeGreaterThanOrEqual(3);
    const statuses = new Set(answers.map((a) => a.status));
    expect([...statuses].sort()).toEqual([201, 503]);
    for (const answer of answers.filter((a) => a.status === 503)) expect(JSON.parse(answer.body!).message).toBe(UNAVAILABLE);

    // No note without its log entry and no log entry without its note. A 503 may still have committed
    // (the connection ended after COMMIT), so there are at least as many notes as 201s.
    const check = await locker.query<{ notes: number; orphan_notes: number; orphan_entries: number }>(`
      select (select count(*)::int from notes) as notes,
             (select count(*)::int from notes n where not exists (select 1 from activity_log a where a.action = 'note_created' and a.after->>'id' = n.id::text)) as orphan_notes,
             (select count(*)::int from activity_log a where a.action = 'note_created' and not exists (select 1 from notes n where n.id::text = a.after->>'id')) as orphan_entries`);
    expect(check.rows[0]).toMatchObject({ orphan_notes: 0, orphan_entries: 0 });
    expect(check.rows[0].notes).toBeGreaterThanOrEqual(created());

    // Every connection the pool had is usable again: more concurrent writes than the pool holds all succeed.
    const burst = await Promise.all(Array.from({ length: 25 }, newNote));
    expect(burst.map((a) => a.status)).toEqual(Array(25).fill(201));
  });

  it('answers 503 while the database refuses connections, and 200 within a second of it coming back', async () => {
    await admin.query(`alter database ${name} with allow_connections false`);
    await terminateBackends(admin, name, { except: [lockerPid] });
    const health = await server.fetch('/api/health');
    expect(health.status).toBe(503);
    const write = await newNote();
    expect(write.status).toBe(503);
    expect(JSON.parse(write.body!).message).toBe(UNAVAILABLE);
    expect((await staff.get('/api/notifications')).status).toBe(503);

    await admin.query(`alter database ${name} with allow_connections true`);
    const back = Date.now();
    while ((await server.fetch('/api/health')).status !== 200) await sleep(20);
    // The bound the operators rely on, generous for a busy machine: the first probe after the
    // database returns should already pass.
    expect(Date.now() - back).toBeLessThan(1000);
    expect((await newNote()).status).toBe(201);
    expect(server.alive()).toBe(true);
  });

  it('answers 503 to a request stuck behind a lock past the statement timeout instead of waiting', async () => {
    const note = JSON.parse((await newNote()).body!).data;
    await locker.query('begin');
    await locker.query('select id from notes where id = $1 for update', [note.id]);
    try {
      const edit = await staff.patch(`/api/notes/${note.id}`, { body: '<p>Edited</p>' });
      expect(edit.status).toBe(503);
      expect(JSON.parse(edit.body!).message).toBe(UNAVAILABLE);
    } finally {
      await locker.query('rollback');
    }
    expect((await staff.patch(`/api/notes/${note.id}`, { body: '<p>Edited</p>' })).status).toBe(200);
  });
});
