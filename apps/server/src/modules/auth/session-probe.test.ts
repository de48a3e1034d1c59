import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@platform/domain';
import { agent, createTestApp, createUser, type TestApp } from '../../test/harness';

/**
 * GET /api/session: the app's start-up probe. Public by design (route inventory): signed out is a
 * 200 with `data: null`, so there is no 401 or 403 to check; what could break is leaking someone
 * else's account or answering differently from /api/user.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/session', () => {
  it('answers 200 with null for a visitor, while /api/user keeps its 401', async () => {
    const visitor = agent(t.app);
    const probe = await visitor.get('/api/session');
    expect(probe.statusCode).toBe(200);
    expect(probe.json()).toEqual({ data: null });
    expect((await visitor.get('/api/user')).statusCode).toBe(401);
  });

  it('answers the signed-in person as /api/user does, with the includes asked for', async () => {
    const owner = await createUser(t.ctx, { roleId: Role.Adviser });
    const user = await createUser(t.ctx, { ownerId: owner.id });
    const client = agent(t.app);
    await client.login(user.email);
    const include = 'owner,organisations';
    const probe = await client.get(`/api/session?include=${include}`);
    expect(probe.statusCode).toBe(200);
    expect(probe.json().data).toEqual((await client.get(`/api/user?include=${include}`)).json().data);
    expect(probe.json().data).toMatchObject({ id: user.id, email: user.email, role_id: Role.User, owner: { id: owner.id } });
  });

  it('refuses an unknown include with 400 and answers null again after logout', async () => {
    const user = await createUser(t.ctx);
    const client = agent(t.app);
    await client.login(user.email);
    const bad = await client.get('/api/session?include=secrets');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("'secrets'");
    expect((await client.post('/logout')).statusCode).toBe(204);
    expect((await client.get('/api/session')).json()).toEqual({ data: null });
  });
});
