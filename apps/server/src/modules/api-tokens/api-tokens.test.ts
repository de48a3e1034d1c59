import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Role } from '@platform/domain';
import { activityLog, apiTokens, users } from '../../db/schema';
import { fixedClock } from '../../platform/clock';
import { createTestApp, signedIn, type TestApp } from '../../test/harness';

/** Personal API tokens (decision 0066): Bearer requests with the owner's current permissions, or only reads. */
const clock = fixedClock(new Date('2026-05-04T09:00:00Z'));
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t.close();
});

const bearer = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, payload: payload as object, headers: { authorization: `Bearer ${token}`, accept: 'application/json' } });

async function tokenFor(client: Awaited<ReturnType<typeof signedIn>>['client'], body: Record<string, unknown> = {}) {
  const created = await client.post('/api/api-tokens', { name: 'Reporting script', ...body });
  expect(created.statusCode).toBe(201);
  return created.json().data as { id: number; token: string; prefix: string };
}

const trigger = { name: 'To the CRM', event: 'investment.reserved', url: 'https://crm.example.test/hooks' };

describe('personal API tokens', () => {
  it('shows the token once, keeps only its hash and never answers it again', async () => {
    const admin = await signedIn(t, Role.SuperAdmin);
    const created = await tokenFor(admin.client);
    expect(created.token).toMatch(/^pat_[\w-]{43}$/);
    expect(created.token.startsWith(created.prefix)).toBe(true);
    const [row] = await t.db.select().from(apiTokens).where(eq(apiTokens.id, created.id));
    expect(row.tokenHash).not.toContain(created.token);
    expect(row.tokenHash).toHaveLength(64);
    const listed = await admin.client.get('/api/api-tokens');
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(created.token);
    expect(listed.json().data[0]).toMatchObject({ id: created.id, name: 'Reporting script', read_only: false, revoked_at: null });
    const logged = await t.db.select().from(activityLog).where(eq(activityLog.action, 'api_token_created'));
    expect(JSON.stringify(logged)).not.toContain(created.token);
  });

  it('works on admin routes with exactly its owner’s permissions, without an XSRF token', async () => {
    const admin = await signedIn(t, Role.SuperAdmin);
    const { token } = await tokenFor(admin.client);
    expect((await bearer(token, 'GET', '/api/triggers')).statusCode).toBe(200);
    const made = await bearer(token, 'POST', '/api/triggers', trigger);
    expect(made.statusCode).toBe(201);
    const [row] = await t.db
      .select()
      .from(apiTokens)
      .where(eq(apiTokens.tokenHash, (await import('../../platform/crypto')).sha256(token)));
    expect(row.lastUsedAt?.toISOString()).toBe(clock.now().toISOString());
    // An investor's route is not a staff token's.
    expect((await bearer(token, 'GET', '/api/portfolio')).statusCode).toBeGreaterThanOrEqual(403);
  });

  it('a read-only token reads and may not write', async () => {
    const admin = await signedIn(t, Role.SuperAdmin);
    const { token } = await tokenFor(admin.client, { read_only: true });
    expect((await bearer(token, 'GET', '/api/triggers')).statusCode).toBe(200);
    const refused = await bearer(token, 'POST', '/api/triggers', trigger);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/read-only/);
  });

  it('can never exceed its creator: a role change narrows it at once, deletion ends it', async () => {
    const admin = await signedIn(t, Role.SuperAdmin);
    const { token } = await tokenFor(admin.client);
    expect((await bearer(token, 'GET', '/api/accounting')).statusCode).toBe(200);
    await t.db.update(users).set({ roleId: Role.InvestmentCommittee }).where(eq(users.id, admin.user.id));
    expect((await bearer(token, 'GET', '/api/accounting')).statusCode).toBe(403);
    expect((await bearer(token, 'GET', '/api/triggers')).statusCode).toBe(403);
    await t.db.update(users).set({ roleId: Role.User }).where(eq(users.id, admin.user.id));
    expect((await bearer(token, 'GET', '/api/triggers')).statusCode).toBe(401);
    await t.db.update(users).set({ roleId: Role.SuperAdmin, deletedAt: clock.now() }).where(eq(users.id, admin.user.id));
    expect((await bearer(token, 'GET', '/api/triggers')).statusCode).toBe(401);
  });

  it('staff without the settings permission and investors cannot create tokens', async () => {
    const investor = await signedIn(t, Role.User);
    expect((await investor.client.post('/api/api-tokens', { name: 'Mine' })).statusCode).toBe(403);
    const adviser = await signedIn(t, Role.Adviser);
    expect((await adviser.client.post('/api/api-tokens', { name: 'Mine' })).statusCode).toBe(403);
  });

  it('a token cannot manage tokens, so a leaked one cannot outlive its revocation', async () => {
    const admin = await signedIn(t, Role.SuperAdmin);
    const { token } = await tokenFor(admin.client);
    expect((await bearer(token, 'POST', '/api/api-tokens', { name: 'Another' })).statusCode).toBe(403);
    expect((await bearer(token, 'GET', '/api/api-tokens')).statusCode).toBe(403);
  });

  it('is refused after revocation and after its expiry day', async () => {
    const admin = await signedIn(t, Role.SuperAdmin);
    const revoked = await tokenFor(admin.client);
    expect((await admin.client.request({ method: 'DELETE', url: `/api/api-tokens/${revoked.id}` })).statusCode).toBe(204);
    expect((await bearer(revoked.token, 'GET', '/api/triggers')).statusCode).toBe(401);
    expect((await admin.client.request({ method: 'DELETE', url: `/api/api-tokens/${revoked.id}` })).statusCode).toBe(404);

    const expiring = await tokenFor(admin.client, { expires_on: '2026-05-05' });
    expect((await bearer(expiring.token, 'GET', '/api/triggers')).statusCode).toBe(200);
    clock.set(new Date('2026-05-06T00:00:01Z'));
    expect((await bearer(expiring.token, 'GET', '/api/triggers')).statusCode).toBe(401);
    clock.set(new Date('2026-05-04T09:00:00Z'));

    const past = await admin.client.post('/api/api-tokens', { name: 'Old', expires_on: '2026-05-01' });
    expect(past.statusCode).toBe(422);
    expect(past.json().errors.expires_on).toBeDefined();
  });

  it('another person cannot revoke someone else’s token', async () => {
    const owner = await signedIn(t, Role.SuperAdmin);
    const other = await signedIn(t, Role.SuperAdmin);
    const { id, token } = await tokenFor(owner.client);
    expect((await other.client.request({ method: 'DELETE', url: `/api/api-tokens/${id}` })).statusCode).toBe(404);
    expect((await bearer(token, 'GET', '/api/triggers')).statusCode).toBe(200);
  });

  it('a Bearer request ignores the cookie it carries, so it never borrows a browser session', async () => {
    const admin = await signedIn(t, Role.SuperAdmin);
    const cookie = [...admin.client.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/triggers',
      payload: trigger,
      headers: { cookie, authorization: 'Bearer pat_not-a-real-token' },
    });
    expect(forged.statusCode).toBe(401);
  });

  it('is described in the OpenAPI document as a bearer scheme, with the webhook signature', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    expect(doc.components.securitySchemes.apiToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.security).toContainEqual({ apiToken: [] });
    expect(doc.info.description).toContain('X-Platform-Signature');
  });

  it('limits wrong tokens from one network', async () => {
    const limited = await createTestApp({ clock });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 21; i++) {
        statuses.push((await limited.app.inject({ url: '/api/triggers', headers: { authorization: `Bearer pat_wrong${i}` } })).statusCode);
      }
      expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
      expect(statuses[20]).toBe(429);
      const admin = await signedIn(limited, Role.SuperAdmin);
      const created = await admin.client.post('/api/api-tokens', { name: 'Good' });
      const good = await limited.app.inject({ url: '/api/triggers', headers: { authorization: `Bearer ${created.json().data.token}` } });
      expect(good.statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
