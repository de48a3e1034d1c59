import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { can, Role, ROLE_IDS, type Action } from '@platform/domain';
import { activityLog, investments, nominees } from '../../db/schema';
import { parseCsvExport } from '../../test/deals-funds';
import { agent, createTestApp, createUser, signedIn, type TestApp } from '../../test/harness';
import { createNominee } from '../../test/investments';
import { createInvestmentRow, createOpportunityRow, setFlags } from '../../test/opportunities';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, Role.SuperAdmin);
});
afterAll(() => t.close());
beforeEach(() => setFlags(t, { nominee_enabled: true }));

type Client = typeof admin.client;
const del = (client: Client, url: string) => client.request({ method: 'DELETE', url });
const errorFields = (response: { json: () => { errors?: object } }) => Object.keys(response.json().errors ?? {});

async function investThrough(nomineeId: number, amount = '100.00') {
  const investor = await createUser(t.ctx, { name: 'Nominated Investor' });
  const opportunity = await createOpportunityRow(t);
  const row = await createInvestmentRow(t, { opportunityId: opportunity.id, userId: investor.id, amount });
  await t.db.update(investments).set({ holderType: 'nominee', nomineeId }).where(eq(investments.id, row.id));
  return row;
}

describe('nominees', () => {
  it('creates, edits, lists its transactions and deletes softly; all logged', async () => {
    const created = await admin.client.post('/api/nominees', {
      name: 'Platform Nominees Ltd',
      company_number: '09876543',
      email: 'ops@nominees.test',
    });
    expect(created.statusCode).toBe(201);
    const { data } = created.json();
    expect(data).toMatchObject({ name: 'Platform Nominees Ltd', company_number: '09876543' });
    expect((await admin.client.patch(`/api/nominees/${data.id}`, { address: '1 Custody Lane' })).json().data.address).toBe(
      '1 Custody Lane',
    );
    const held = await investThrough(data.id, '1234.50');
    const transactions = (await admin.client.get(`/api/nominees/${data.id}/investments?include=user,holder`)).json();
    expect(transactions.data).toEqual([
      expect.objectContaining({
        id: held.id,
        amount: '1234.50',
        user: expect.objectContaining({ name: 'Nominated Investor' }),
        holder: { type: 'nominee', id: data.id, name: 'Platform Nominees Ltd' },
      }),
    ]);
    expect((await del(admin.client, `/api/nominees/${data.id}`)).statusCode).toBe(409);
    await t.db.update(investments).set({ deletedAt: new Date() }).where(eq(investments.id, held.id));
    expect((await del(admin.client, `/api/nominees/${data.id}`)).statusCode).toBe(204);
    expect((await admin.client.get(`/api/nominees/${data.id}`)).statusCode).toBe(404);
    const logs = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.subjectType, 'nominee'), eq(activityLog.subjectId, String(data.id))));
    expect(logs.map((l) => l.action)).toEqual(['created', 'updated', 'deleted']);
  });

  it('answers 422 on the field at fault', async () => {
    expect(errorFields(await admin.client.post('/api/nominees', {}))).toEqual(['name']);
    expect(errorFields(await admin.client.post('/api/nominees', { name: 'N', email: 'nope' }))).toEqual(['email']);
    expect(errorFields(await admin.client.post('/api/nominees', { name: 'N', type: 'x' }))).toEqual(['body']);
  });

  it('searches, sorts, exports; bad parameters are 400', async () => {
    await createNominee(t, 'Yellow Nominees');
    await createNominee(t, 'Xenon Nominees');
    const list = (await admin.client.get('/api/nominees?filter[search]=nominees&sort=-name')).json().data;
    expect(list.map((n: { name: string }) => n.name).slice(0, 2)).toEqual(['Yellow Nominees', 'Xenon Nominees']);
    for (const query of ['sort=secret', 'filter[type]=x', 'page=0'])
      expect((await admin.client.get(`/api/nominees?${query}`)).statusCode).toBe(400);
    const csv = parseCsvExport((await admin.client.get('/api/nominees/export?filter[search]=nominees&sort=-name')).body);
    expect(csv.map((r) => Number(r.ID))).toEqual(list.map((n: { id: number }) => n.id));
  });

  it('hard delete is for Support only', async () => {
    const support = await signedIn(t, Role.Support);
    const nominee = await createNominee(t);
    expect((await del(admin.client, `/api/nominees/${nominee.id}?permanent=1`)).statusCode).toBe(403);
    expect((await del(support.client, `/api/nominees/${nominee.id}?permanent=1`)).statusCode).toBe(204);
    expect(await t.db.select().from(nominees).where(eq(nominees.id, nominee.id))).toEqual([]);
  });

  it('is not there while nominees are off: every route answers 404 after authentication', async () => {
    const nominee = await createNominee(t);
    await setFlags(t, { nominee_enabled: false });
    for (const [method, url] of [
      ['GET', '/api/nominees'],
      ['GET', '/api/nominees/export'],
      ['GET', `/api/nominees/${nominee.id}`],
      ['GET', `/api/nominees/${nominee.id}/investments`],
      ['POST', '/api/nominees'],
      ['PATCH', `/api/nominees/${nominee.id}`],
      ['DELETE', `/api/nominees/${nominee.id}`],
    ] as const) {
      expect({
        url,
        method,
        status: (await admin.client.request({ method, url, payload: method === 'GET' || method === 'DELETE' ? undefined : { name: 'N' } }))
          .statusCode,
      }).toEqual({ url, method, status: 404 });
    }
    const creator = await signedIn(t, Role.Entrepreneur);
    expect((await creator.client.get('/api/nominees')).statusCode).toBe(404);
    expect((await agent(t.app).get('/api/nominees')).statusCode).toBe(401);
  });
});

describe('nominee permissions', () => {
  it('answers 401 logged out and 403 for each action a role lacks (walking can())', async () => {
    expect((await agent(t.app).get('/api/nominees')).statusCode).toBe(401);
    for (const roleId of ROLE_IDS) {
      const { client } = await signedIn(t, roleId);
      const nominee = await createNominee(t);
      const spare = await createNominee(t);
      const status = {
        index: (await client.get('/api/nominees?per_page=1')).statusCode,
        export: (await client.get('/api/nominees/export')).statusCode,
        show: (await client.get(`/api/nominees/${nominee.id}`)).statusCode,
        transactions: (await client.get(`/api/nominees/${nominee.id}/investments`)).statusCode,
        create: (await client.post('/api/nominees', { name: 'New' })).statusCode,
        update: (await client.patch(`/api/nominees/${nominee.id}`, { email: 'a@b.test' })).statusCode,
        delete: (await del(client, `/api/nominees/${nominee.id}`)).statusCode,
        deleteUnsafe: (await del(client, `/api/nominees/${spare.id}?permanent=1`)).statusCode,
      };
      const expected = (action: Action, ok: number) => (can(roleId, 'investors', action) ? ok : 403);
      expect({ roleId, ...status }).toEqual({
        roleId,
        index: expected('index', 200),
        export: expected('index', 200),
        show: expected('show', 200),
        transactions: expected('show', 200),
        create: expected('create', 201),
        update: expected('update', 200),
        delete: expected('delete', 204),
        deleteUnsafe: expected('delete_unsafe', 204),
      });
    }
  });
});
