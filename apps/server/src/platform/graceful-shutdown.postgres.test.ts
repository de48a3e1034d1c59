import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import WebSocket from 'ws';
import { Role } from '@platform/domain';
import { createTestDatabase, type TestDatabase } from '../test/databases';
import { createUser, TEST_PASSWORD } from '../test/harness';
import { httpSession, startServerProcess, type ServerProcess } from '../test/server-process';

/**
 * SIGTERM on the real server process: the request already running finishes, new ones get 503,
 * then the process exits 0. The running request is held open by a row lock this test takes.
 */
let testDb: TestDatabase;
let server: ServerProcess;
let locker: pg.Client;

beforeAll(async () => {
  testDb = await createTestDatabase();
  locker = new pg.Client({ connectionString: testDb.url });
  await locker.connect();
  server = await startServerProcess(testDb.url!);
});
afterAll(async () => {
  await server?.stop();
  await locker.end();
  await testDb.drop();
});

describe('stopping the server', () => {
  it('on SIGTERM finishes the running request, answers 503 to new ones, and exits 0', async () => {
    const user = await createUser(testDb.database, { roleId: Role.SuperAdmin });
    const investor = await createUser(testDb.database, { roleId: Role.User });
    const staff = await httpSession(server, user.email, TEST_PASSWORD);
    const created = await staff.post('/api/notes', { subject_type: 'investor', subject_id: investor.id, body: '<p>Called back</p>' });
    const note = JSON.parse(created.body!).data;
    // An open realtime socket must not keep the server from closing.
    const socket = new WebSocket(`${server.origin.replace('http', 'ws')}/app/platform-key?protocol=7`);
    socket.on('error', () => undefined);
    await new Promise((resolve) => socket.once('message', resolve));

    await locker.query('begin');
    await locker.query('select id from notes where id = $1 for update', [note.id]);
    const running = staff.patch(`/api/notes/${note.id}`, { body: '<p>Edited while stopping</p>' });
    for (;;) {
      const { rows } = await locker.query(
        `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      );
      if (rows[0].n > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }

    server.signal('SIGTERM');
    let refused: Response;
    do refused = await server.fetch('/api/health');
    while (refused.status === 200);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('connection')).toBe('close');
    expect(await refused.json()).toEqual({ message: 'The service is temporarily unavailable. Please try again shortly.' });
    expect((await staff.get('/api/user')).status).toBe(503);
    expect(server.alive()).toBe(true);

    await locker.query('commit');
    const finished = await running;
    expect(finished.status).toBe(200);
    expect(JSON.parse(finished.body!).data.body).toBe('<p>Edited while stopping</p>');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    const { rows } = await locker.query('select body from notes where id = $1', [note.id]);
    expect(rows[0].body).toBe('<p>Edited while stopping</p>');
  });
});
