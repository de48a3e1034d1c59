import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { Role } from '@platform/domain';
import { rateLimits, sessions } from '../db/schema';
import { createTestApp, createUser, type TestApp } from '../test/harness';
import { pruneExpiredRows } from './housekeeping';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('pruning expired rows', () => {
  it('deletes run-out sessions and rate-limit counters and keeps live ones', async () => {
    const user = await createUser(t.ctx, { roleId: Role.User });
    const now = t.ctx.clock.now().getTime();
    const at = (offsetMs: number) => new Date(now + offsetMs);
    await t.db.insert(sessions).values([
      { idHash: 'expired-session', userId: user.id, lastSeenAt: at(-9 * 3600_000), expiresAt: at(-3600_000) },
      { idHash: 'live-session', userId: user.id, lastSeenAt: at(0), expiresAt: at(3600_000) },
    ]);
    await t.db.insert(rateLimits).values([
      { key: 'housekeeping:expired', hits: 3, resetAt: at(-1000) },
      { key: 'housekeeping:live', hits: 3, resetAt: at(60_000) },
    ]);

    await pruneExpiredRows(t.ctx);

    const keptSessions = await t.db.select({ idHash: sessions.idHash }).from(sessions).where(eq(sessions.userId, user.id));
    expect(keptSessions.map((s) => s.idHash)).toEqual(['live-session']);
    const keptCounters = await t.db
      .select({ key: rateLimits.key })
      .from(rateLimits)
      .where(inArray(rateLimits.key, ['housekeeping:expired', 'housekeeping:live']));
    expect(keptCounters.map((c) => c.key)).toEqual(['housekeeping:live']);
  });
});
