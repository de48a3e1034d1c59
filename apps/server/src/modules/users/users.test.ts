import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, ROLE_IDS, can } from '@platform/domain';
import { agent, createTestApp, createUser, signedIn, type TestApp } from '../../test/harness';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
const investorIds: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, Role.SuperAdmin);
  const day = 86_400_000;
  const names = ['Alice Zephyr', 'Bob Young', 'Carol Xu', 'Dan Walker', 'Eve Vance'];
  for (const [i, name] of names.entries()) {
    const user = await createUser(t.ctx, {
      name,
      email: `${name.split(' ')[0].toLowerCase()}@list.test`,
      createdAt: new Date(Date.UTC(2026, 0, 1) + i * day),
      emailVerifiedAt: i % 2 ? null : new Date(),
    });
    investorIds.push(user.id);
  }
});
afterAll(() => t.close());

describe('GET /api/users list queries', () => {
  it('pages with the list envelope', async () => {
    const response = await admin.client.get('/api/users?filter[search]=@list.test&sort=name&per_page=2&page=2');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.data.map((u: { name: string }) => u.name)).toEqual(['Carol Xu', 'Dan Walker']);
    expect(body.meta).toEqual({ current_page: 2, last_page: 3, per_page: 2, total: 5 });
    expect(body.links.next).toContain('page=3');
    expect(body.links.prev).toContain('page=1');
  });

  it('sorts descending with a leading minus', async () => {
    const body = (await admin.client.get('/api/users?filter[search]=@list.test&sort=-created_at')).json();
    expect(body.data[0].name).toBe('Eve Vance');
  });

  it('filters by verification and date', async () => {
    const unverified = (await admin.client.get('/api/users?filter[search]=@list.test&filter[email_verified]=0')).json();
    expect(unverified.data.map((u: { name: string }) => u.name).sort()).toEqual(['Bob Young', 'Dan Walker']);
    const ranged = (
      await admin.client.get('/api/users?filter[search]=@list.test&filter[created_from]=2026-01-02&filter[created_to]=2026-01-03T23:59:59Z')
    ).json();
    expect(ranged.meta.total).toBe(2);
  });

  it('returns only the fields asked for, plus id, and appends on request', async () => {
    const body = (await admin.client.get('/api/users?filter[search]=alice@list.test&fields[users]=name&append=role_name')).json();
    expect(body.data[0]).toEqual({ id: investorIds[0], name: 'Alice Zephyr' });
    const appended = (await admin.client.get('/api/users?filter[search]=alice@list.test&append=role_name')).json();
    expect(appended.data[0].role_name).toBe('User');
  });

  it('lists the kinds `type` names: investors, staff or both, with the other filters', async () => {
    const staffMember = await signedIn(t, Role.Support, { name: 'Sam Staff', email: 'sam@list.test' });
    const names = async (query: string) =>
      (await admin.client.get(`/api/users?filter[search]=@list.test&sort=name&${query}`)).json().data.map((u: { name: string }) => u.name);
    expect(await names('type=investor')).toEqual(['Alice Zephyr', 'Bob Young', 'Carol Xu', 'Dan Walker', 'Eve Vance']);
    expect(await names('type=staff')).toEqual([staffMember.user.name]);
    expect(await names('type=staff,investor&filter[email_verified]=0')).toEqual(['Bob Young', 'Dan Walker']);
  });

  it.each([
    ['type=robot', "Unknown type 'robot'. Allowed types: investor, staff"],
    ['type=', "The parameter 'type' names no kind"],
    ['filter[password]=x', "Unknown filter 'password'"],
    ['sort=password_hash', "Unknown sort 'password_hash'"],
    ['include=secrets', "Unknown include 'secrets'"],
    ['fields[users]=password_hash', "Unknown field 'password_hash'"],
    ['append=everything', "Unknown append 'everything'"],
    ['per_page=1000', "'per_page' may not be greater than 100"],
    ['page=0', "'page' must be a positive whole number"],
    ['colour=blue', "Unknown parameter 'colour'"],
    ['filter[created_from]=yesterday', 'filter[created_from] must be a date'],
  ])('answers 400 naming the bad parameter for %s', async (query, message) => {
    const response = await admin.client.get(`/api/users?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
  });

  it('answers 401 when logged out', async () => {
    expect((await agent(t.app).get('/api/users')).statusCode).toBe(401);
  });

  it('answers 403 to every role without the investors index permission, 200 to the rest', async () => {
    for (const roleId of ROLE_IDS) {
      const { client } = await signedIn(t, roleId);
      const status = (await client.get('/api/users?per_page=1')).statusCode;
      expect({ roleId, status }).toEqual({ roleId, status: can(roleId, 'investors', 'index') ? 200 : 403 });
    }
  });

  it('shows staff accounts only to roles that manage users', async () => {
    const adviser = await signedIn(t, Role.Adviser);
    const roles = (await adviser.client.get('/api/users?per_page=100')).json().data.map((u: { role_id: number }) => u.role_id);
    expect(new Set(roles)).toEqual(new Set([Role.User]));
    const staffFilter = (await admin.client.get(`/api/users?filter[role_id]=${Role.Adviser}`)).json();
    expect(staffFilter.meta.total).toBeGreaterThan(0);
  });
});

describe('GET and update /api/users/{id}', () => {
  it('hides another investor from an investor (404, not 403)', async () => {
    const investor = await signedIn(t, Role.User);
    expect((await investor.client.get(`/api/users/${investorIds[0]}`)).statusCode).toBe(404);
    expect((await investor.client.get(`/api/users/${investor.user.id}`)).statusCode).toBe(200);
  });

  it('lets staff with the update permission rename an investor, with field errors', async () => {
    const ok = await admin.client.patch(`/api/users/${investorIds[1]}`, { name: 'Robert Young' });
    expect(ok.json().data.name).toBe('Robert Young');
    const bad = await admin.client.patch(`/api/users/${investorIds[1]}`, { email: 'not-an-email' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.email).toBeDefined();
    const taken = await admin.client.patch(`/api/users/${investorIds[1]}`, { email: 'alice@list.test' });
    expect(taken.json().errors.email).toEqual(['The email has already been taken.']);
    const creator = await signedIn(t, Role.Creator);
    expect((await creator.client.patch(`/api/users/${investorIds[1]}`, { name: 'x' })).statusCode).toBe(404);
  });
});
