import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { Role } from '@platform/domain';
import { createTestDatabase, type TestDatabase } from '../test/databases';
import { createUser, TEST_PASSWORD } from '../test/harness';
import { rawSocket } from '../test/realtime';
import { startS3Server, type S3TestServer } from '../test/s3';
import { httpSession, startServerProcess, type ServerProcess } from '../test/server-process';
import { uploadForm } from '../test/uploads';

/**
 * The app scaled out: two server processes, each with a data folder of its own, on one PostgreSQL
 * database and one S3-compatible bucket. Nothing but the database and the bucket is shared, so
 * whatever one instance stored or announced, the other can only have from there.
 */
let testDb: TestDatabase;
let s3: S3TestServer;
let admin: pg.Client;
let dataDirs: string[];
let a: ServerProcess;
let b: ServerProcess;

beforeAll(async () => {
  testDb = await createTestDatabase();
  s3 = await startS3Server();
  admin = new pg.Client({ connectionString: testDb.url });
  await admin.connect();
  dataDirs = ['a', 'b'].map((name) => fs.mkdtempSync(path.join(os.tmpdir(), `instance-${name}-`)));
  [a, b] = await Promise.all(dataDirs.map((dir) => startServerProcess(testDb.url!, { ...s3.env, DATA_DIR: dir })));
});
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await admin?.end();
  await s3?.close();
  await testDb?.drop();
  for (const dir of dataDirs ?? []) fs.rmSync(dir, { recursive: true, force: true });
});

/** The instances whose realtime bus is listening on the database (one connection each). */
const listening = async () =>
  Number(
    (
      await admin.query(
        `select count(*) as n from pg_stat_activity where datname = current_database() and query = 'LISTEN realtime_events'`,
      )
    ).rows[0].n,
  );

describe('two instances on one database and one bucket', () => {
  it('serve through B the file an investor uploaded through A, and ring on B the bell of the notification A created', async () => {
    const staffUser = await createUser(testDb.database, { roleId: Role.SuperAdmin, name: 'Compliance Carla' });
    const investor = await createUser(testDb.database, { roleId: Role.User, name: 'Investor Ivan' });
    const staffOnB = await httpSession(b, staffUser.email, TEST_PASSWORD);
    const investorOnA = await httpSession(a, investor.email, TEST_PASSWORD);

    // The member of staff's screen holds a socket on B, subscribed to their own channel.
    const screen = rawSocket(Number(new URL(b.origin).port));
    try {
      const { socket_id } = JSON.parse((await screen.next('pusher:connection_established')).data);
      const channel = `private-user.${staffUser.id}`;
      const authorised = await staffOnB.post('/api/broadcasting/auth', { socket_id, channel_name: channel });
      expect(authorised.status).toBe(200);
      screen.socket.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel, auth: JSON.parse(authorised.body!).auth } }));
      await screen.next('pusher_internal:subscription_succeeded');
      while ((await listening()) < 2) await new Promise((resolve) => setTimeout(resolve, 50));

      const passport = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(300_000, 0x5a), Buffer.from('\n%%EOF\n')]);
      const uploaded = await investorOnA.post(
        '/api/my/identity-documents',
        uploadForm({ name: 'Passport' }, { data: passport, filename: 'passport.pdf', type: 'application/pdf' }),
      );
      expect(uploaded.status, uploaded.body ?? '').toBe(201);
      const [document] = JSON.parse(uploaded.body!).data.documents;

      const rung = JSON.parse((await screen.next('notification.created')).data);
      expect(rung.data.message).toContain('Investor Ivan');
      expect(rung.data.message).toContain('Passport');

      const served = await staffOnB.get(`/api/documents/${document.id}/download`);
      expect(served.status).toBe(200);
      expect(served.bytes.equals(passport)).toBe(true);
      // The file is in the bucket, and on neither instance's disk.
      expect(await s3.keys()).toEqual([expect.stringMatching(/^documents\/[A-Za-z0-9_-]+\.pdf$/)]);
      for (const dir of dataDirs) expect(fs.existsSync(path.join(dir, 'uploads'))).toBe(false);
    } finally {
      screen.socket.close();
    }
  });
});
