import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, isStaffRole, type ListPreference, ROLE_IDS, Role, type SavedView } from '@platform/domain';
import { agent, createTestApp, signedIn, type TestApp } from '../../test/harness';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let colleague: Awaited<ReturnType<typeof signedIn>>;

type Answer = { statusCode: number; body: string; json: <U>() => U };
function data<T>(response: Answer, status = 200): T {
  expect(response.statusCode, response.body).toBe(status);
  return response.json<{ data: T }>().data;
}

/** A staff role that may not open the investors list. */
const noInvestorsRole = ROLE_IDS.find((r) => isStaffRole(r) && !can(r, 'investors', 'index'))!;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, Role.SuperAdmin);
  colleague = await signedIn(t, Role.SuperAdmin);
});
afterAll(async () => {
  await t?.close();
});

describe('list preferences', () => {
  it('starts empty, keeps the columns a person hides and their order, and follows them to another sign-in', async () => {
    const blank = data<ListPreference>(await admin.client.get('/api/user/list-preferences/investors'));
    expect(blank).toEqual({ list: 'investors', hidden: [], order: [], updated_at: null });

    const put = await admin.client.request({
      method: 'PUT',
      url: '/api/user/list-preferences/investors',
      payload: { hidden: ['email', 'email', 'kyc'], order: ['owner', 'name'] },
    });
    expect(data<ListPreference>(put)).toMatchObject({ hidden: ['email', 'kyc'], order: ['owner', 'name'] });

    const elsewhere = agent(t.app);
    await elsewhere.login(admin.user.email);
    expect(data<ListPreference>(await elsewhere.get('/api/user/list-preferences/investors'))).toMatchObject({
      hidden: ['email', 'kyc'],
      order: ['owner', 'name'],
    });
    // Another person's choice is their own.
    expect(data<ListPreference>(await colleague.client.get('/api/user/list-preferences/investors')).hidden).toEqual([]);
    // Another list is separate.
    expect(data<ListPreference>(await admin.client.get('/api/user/list-preferences/contacts')).hidden).toEqual([]);
  });

  it('answers 401 signed out, 403 without the list, 403 to investors, and names what is wrong in the input', async () => {
    expect((await agent(t.app).get('/api/user/list-preferences/investors')).statusCode).toBe(401);
    const outsider = await signedIn(t, noInvestorsRole);
    expect((await outsider.client.get('/api/user/list-preferences/investors')).statusCode).toBe(403);
    const investor = await signedIn(t, Role.User);
    expect((await investor.client.get('/api/user/list-preferences/investors')).statusCode).toBe(403);

    expect((await admin.client.get('/api/user/list-preferences/nonsense')).statusCode).toBeGreaterThanOrEqual(400);
    const bad = await admin.client.request({ method: 'PUT', url: '/api/user/list-preferences/investors', payload: { hidden: ['a b'] } });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)[0]).toMatch(/^hidden/);
  });
});

describe('saved views', () => {
  const create = (client: typeof admin.client, body: Record<string, unknown>) => client.post('/api/saved-views', body);

  it('saves, lists, renames, changes and deletes a view; the page is never kept', async () => {
    const view = data<SavedView>(
      await create(admin.client, { list: 'investors', name: 'Verified, newest', state: { kyc: 'verified', sort: '-created_at', page: 3 } }),
      201,
    );
    expect(view).toMatchObject({ name: 'Verified, newest', state: { kyc: 'verified', sort: '-created_at' }, shared: false, mine: true });
    expect(view.state).not.toHaveProperty('page');

    const renamed = data<SavedView>(await admin.client.patch(`/api/saved-views/${view.id}`, { name: 'Verified' }));
    expect(renamed.name).toBe('Verified');
    const changed = data<SavedView>(
      await admin.client.patch(`/api/saved-views/${view.id}`, { state: { kyc: 'submitted' }, hidden_columns: ['email'] }),
    );
    expect(changed).toMatchObject({ name: 'Verified', state: { kyc: 'submitted' }, hidden_columns: ['email'] });

    expect(data<SavedView[]>(await admin.client.get('/api/saved-views?list=investors')).map((v) => v.name)).toContain('Verified');
    expect(data<SavedView[]>(await admin.client.get('/api/saved-views?list=contacts'))).toEqual([]);

    expect((await admin.client.request({ method: 'DELETE', url: `/api/saved-views/${view.id}` })).statusCode).toBe(204);
    expect(data<SavedView[]>(await admin.client.get('/api/saved-views?list=investors')).map((v) => v.id)).not.toContain(view.id);
  });

  it('keeps a private view from everyone else: they cannot list, rename or delete it (404)', async () => {
    const mine = data<SavedView>(
      await create(admin.client, { list: 'contacts', name: 'My leads', state: { owner: String(admin.user.id) } }),
      201,
    );
    expect(data<SavedView[]>(await colleague.client.get('/api/saved-views?list=contacts')).map((v) => v.id)).not.toContain(mine.id);
    expect((await colleague.client.patch(`/api/saved-views/${mine.id}`, { name: 'Taken' })).statusCode).toBe(404);
    expect((await colleague.client.request({ method: 'DELETE', url: `/api/saved-views/${mine.id}` })).statusCode).toBe(404);
    expect(data<SavedView[]>(await admin.client.get('/api/saved-views?list=contacts')).find((v) => v.id === mine.id)?.name).toBe(
      'My leads',
    );
  });

  it('lists a shared view for colleagues, who may use it but not change it', async () => {
    const shared = data<SavedView>(
      await create(admin.client, { list: 'deals', name: 'Team pipeline', state: { sort: 'name' }, shared: true }),
      201,
    );
    const seen = data<SavedView[]>(await colleague.client.get('/api/saved-views?list=deals')).find((v) => v.id === shared.id);
    expect(seen).toMatchObject({ name: 'Team pipeline', mine: false, shared: true, owner: { id: admin.user.id } });
    expect((await colleague.client.patch(`/api/saved-views/${shared.id}`, { name: 'Mine now' })).statusCode).toBe(404);
    expect((await colleague.client.request({ method: 'DELETE', url: `/api/saved-views/${shared.id}` })).statusCode).toBe(404);
  });

  it('refuses a blank or duplicate name, an unknown list and a bad setting with field messages', async () => {
    const blank = await create(admin.client, { list: 'investors', name: ' ', state: {} });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors.name).toEqual(['Name the view.']);

    data(await create(admin.client, { list: 'investors', name: 'Unique', state: {} }), 201);
    const twice = await create(admin.client, { list: 'investors', name: 'unique', state: {} });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors.name).toEqual(['You already have a view with this name.']);
    // The same name on another person's list is fine.
    data(await create(colleague.client, { list: 'investors', name: 'Unique', state: {} }), 201);

    const list = await create(admin.client, { list: 'funds', name: 'Funds', state: {} });
    expect(list.statusCode).toBe(422);
    expect(list.json().errors.list).toBeDefined();
    const state = await create(admin.client, { list: 'investors', name: 'Odd', state: { 'a b': 'x' } });
    expect(state.statusCode).toBe(422);
  });

  it('answers 401 signed out and 403 to staff who may not open the list', async () => {
    expect((await agent(t.app).get('/api/saved-views?list=investors')).statusCode).toBe(401);
    expect((await agent(t.app).post('/api/saved-views', { list: 'investors', name: 'x', state: {} })).statusCode).toBe(401);
    const outsider = await signedIn(t, noInvestorsRole);
    expect((await outsider.client.get('/api/saved-views?list=investors')).statusCode).toBe(403);
    expect((await create(outsider.client, { list: 'investors', name: 'x', state: {} })).statusCode).toBe(403);
    const investor = await signedIn(t, Role.User);
    expect((await investor.client.get('/api/saved-views?list=investors')).statusCode).toBe(403);
  });
});
