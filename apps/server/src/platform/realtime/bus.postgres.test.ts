import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createTestDatabase, type TestDatabase } from '../../test/databases';
import { terminateBackends } from '../../test/server-process';
import { createPostgresBus, type RealtimeMessage } from './bus';

/** The LISTEN connection between instances, when PostgreSQL ends it or refuses connections for a while. */
let testDb: TestDatabase;
let admin: pg.Client;
let name: string;

beforeAll(async () => {
  testDb = await createTestDatabase();
  name = new URL(testDb.url!).pathname.slice(1);
  admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
});
afterAll(async () => {
  await admin.query(`alter database ${name} with allow_connections true`);
  await admin.end();
  await testDb.drop();
});

const listeners = async () =>
  Number(
    (await admin.query(`select count(*) as n from pg_stat_activity where datname = $1 and query = 'LISTEN realtime_events'`, [name]))
      .rows[0].n,
  );

describe('realtime bus on PostgreSQL', () => {
  it('listens again after its connection is ended, also after an outage, and delivers each message once', async () => {
    const bus = createPostgresBus(testDb.url!);
    await bus.ready();
    const received: RealtimeMessage[] = [];
    bus.subscribe((message) => received.push(message));
    const heard = (label: string) => received.some((m) => m.event.startsWith(`${label}#`));

    /**
     * Publishes until the listener — back after its reconnect delay — hears it; attempts made while
     * it is away are lost by design. Each attempt is a distinct event, so a doubled delivery shows.
     */
    const deliver = async (label: string) => {
      for (let attempt = 1; !heard(label); attempt += 1) {
        await bus.publish([{ channel: 'private-user.1', event: `${label}#${attempt}`, data: {} }]).catch(() => undefined);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };

    try {
      await deliver('before');
      for (let round = 1; round <= 3; round += 1) {
        const outage = round === 2;
        if (outage) await admin.query(`alter database ${name} with allow_connections false`);
        expect(await terminateBackends(admin, name)).toBeGreaterThan(0);
        if (outage) {
          // Long enough for reconnect attempts to be refused.
          await new Promise((resolve) => setTimeout(resolve, 2500));
          await admin.query(`alter database ${name} with allow_connections true`);
        }
        await deliver(`after-${round}`);
      }
      await deliver('last');
      expect(await listeners()).toBe(1);
      const events = received.map((m) => m.event);
      expect(new Set(events).size).toBe(events.length);
    } finally {
      await bus.close();
    }
    expect(await listeners()).toBe(0);
  });
});
