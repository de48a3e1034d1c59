import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { can, Role, ROLE_IDS, type Action } from '@platform/domain';
import { activityLog, contacts, investmentMethodEntities, investmentMethods, investments } from '../../db/schema';
import { parseCsvExport } from '../../test/deals-funds';
import { agent, createTestApp, createUser, signedIn, type TestApp } from '../../test/harness';
import { createInvestmentRow, createOpportunityRow } from '../../test/opportunities';
import { uploadForm } from '../../test/uploads';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, Role.SuperAdmin);
});
afterAll(() => t.close());

type Client = typeof admin.client;
const del = (client: Client, url: string) => client.request({ method: 'DELETE', url });
const errorFields = (response: { json: () => { errors?: object } }) => Object.keys(response.json().errors ?? {});
const actions = async (id: number) =>
  (
    await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.subjectType, 'investment_method'), eq(activityLog.subjectId, String(id))))
  ).map((l) => l.action);

async function createMethod(name = 'Acme SIPP', type = 'sipp') {
  const [row] = await t.db.insert(investmentMethods).values({ name, type }).returning();
  return row;
}

async function investThroughAccount(entityId: number, userId: number, amount = '100.00') {
  const opportunity = await createOpportunityRow(t);
  const row = await createInvestmentRow(t, { opportunityId: opportunity.id, userId, amount });
  await t.db
    .update(investments)
    .set({ holderType: 'investment_method', investmentMethodEntityId: entityId, type: 'pension' })
    .where(eq(investments.id, row.id));
  return row;
}

describe('investment methods', () => {
  it('creates, edits and shows a method with its number of accounts; logs each change', async () => {
    const created = await admin.client.post('/api/investment-methods', {
      name: 'Hargreaves SIPP',
      type: 'sipp',
      provider: 'Hargreaves Pensions',
    });
    expect(created.statusCode).toBe(201);
    const { data } = created.json();
    expect(data).toMatchObject({
      name: 'Hargreaves SIPP',
      type: 'sipp',
      type_label: 'SIPP',
      provider: 'Hargreaves Pensions',
      entities_count: 0,
    });
    const edited = await admin.client.patch(`/api/investment-methods/${data.id}`, { provider: '', description: 'Self-invested pension' });
    expect(edited.json().data).toMatchObject({ provider: null, description: 'Self-invested pension' });
    expect(await actions(data.id)).toEqual(['created', 'updated']);
  });

  it('answers 422 on the field at fault', async () => {
    for (const [payload, field] of [
      [{}, 'name'],
      [{ name: 'X', type: 'crypto' }, 'type'],
      [{ name: 'X', description: 'y'.repeat(5001) }, 'description'],
    ] as Array<[Record<string, unknown>, string]>) {
      const response = await admin.client.post('/api/investment-methods', payload);
      expect({ field, status: response.statusCode, errors: errorFields(response) }).toEqual({ field, status: 422, errors: [field] });
    }
  });

  it("manages investors' accounts: add with a reference, change it, remove; no duplicate reference; 409 while an account holds investments", async () => {
    const method = await createMethod('Accounts SIPP');
    const investor = await createUser(t.ctx, { name: 'Penny Pension' });
    const url = `/api/investment-methods/${method.id}/entities`;
    const added = await admin.client.post(url, { user_id: investor.id, reference: 'SIPP-001' });
    expect(added.statusCode).toBe(201);
    const account = added.json().data;
    expect(account).toMatchObject({ user: { id: investor.id, name: 'Penny Pension' }, reference: 'SIPP-001' });
    expect(errorFields(await admin.client.post(url, { user_id: investor.id, reference: 'SIPP-001' }))).toEqual(['reference']);
    const staff = await createUser(t.ctx, { roleId: Role.Support });
    expect(errorFields(await admin.client.post(url, { user_id: staff.id }))).toEqual(['user_id']);
    expect(errorFields(await admin.client.post(url, { reference: 'x' }))).toEqual(['user_id']);
    // The Accounts panel sends the holder it shows with nothing chosen yet: the message lands on that picker.
    expect((await admin.client.post(url, { user_id: null })).json().errors).toEqual({ user_id: ['Choose an investor.'] });
    expect((await admin.client.post(url, { contact_id: null })).json().errors).toEqual({ contact_id: ['Choose a lead.'] });

    const second = (await admin.client.post(url, { user_id: investor.id, reference: 'SIPP-002' })).json().data;
    expect((await admin.client.patch(`${url}/${second.id}`, { reference: 'SIPP-001' })).statusCode).toBe(422);
    expect((await admin.client.patch(`${url}/${second.id}`, { reference: 'SIPP-003' })).json().data.reference).toBe('SIPP-003');
    expect((await admin.client.get(`/api/investment-methods/${method.id}`)).json().data.entities_count).toBe(2);
    const listed = (await admin.client.get(`${url}?sort=reference`)).json();
    expect(listed.data.map((e: { reference: string }) => e.reference)).toEqual(['SIPP-001', 'SIPP-003']);
    expect((await admin.client.get(`${url}?sort=secret`)).statusCode).toBe(400);

    await investThroughAccount(account.id, investor.id);
    expect((await del(admin.client, `${url}/${account.id}`)).statusCode).toBe(409);
    expect((await del(admin.client, `${url}/${second.id}`)).statusCode).toBe(204);
    expect((await del(admin.client, `${url}/${second.id}`)).statusCode).toBe(404);
    const other = await createMethod('Other ISA', 'isa');
    expect(
      (await admin.client.patch(`/api/investment-methods/${other.id}/entities/${account.id}`, { reference: 'moved' })).statusCode,
    ).toBe(404);
    expect(await actions(method.id)).toEqual(['entity_added', 'entity_added', 'entity_updated', 'entity_removed']);
  });

  it('lists investments through any of its accounts; refuses deletion while it holds them; hard delete purges accounts', async () => {
    const support = await signedIn(t, Role.Support);
    const method = await createMethod('Held ISA', 'isa');
    const investor = await createUser(t.ctx);
    const [account] = await t.db
      .insert(investmentMethodEntities)
      .values({ investmentMethodId: method.id, userId: investor.id, reference: 'ISA-9' })
      .returning();
    const held = await investThroughAccount(account.id, investor.id, '900.00');
    const transactions = (await admin.client.get(`/api/investment-methods/${method.id}/investments?include=holder`)).json().data;
    expect(transactions).toEqual([
      expect.objectContaining({
        id: held.id,
        amount: '900.00',
        holder: { type: 'investment_method', id: account.id, name: 'Held ISA (ISA-9)' },
      }),
    ]);
    expect((await del(admin.client, `/api/investment-methods/${method.id}`)).statusCode).toBe(409);

    const empty = await createMethod('Empty SSAS', 'ssas');
    await t.db.insert(investmentMethodEntities).values({ investmentMethodId: empty.id, userId: investor.id, reference: 'S-1' });
    expect((await del(support.client, `/api/investment-methods/${empty.id}?permanent=1`)).statusCode).toBe(204);
    expect(await t.db.select().from(investmentMethodEntities).where(eq(investmentMethodEntities.investmentMethodId, empty.id))).toEqual([]);
    expect(await t.db.select().from(investmentMethods).where(eq(investmentMethods.id, empty.id))).toEqual([]);
  });

  it('searches, filters, sorts; bad parameters are 400; exports the filtered list', async () => {
    await createMethod('Zeta Nominee Account', 'nominee_account');
    await createMethod('=Alpha Nominee Account', 'nominee_account');
    const list = (await admin.client.get('/api/investment-methods?filter[type]=nominee_account&sort=-name')).json().data;
    expect(list.map((m: { name: string }) => m.name)).toEqual(['Zeta Nominee Account', '=Alpha Nominee Account']);
    expect((await admin.client.get('/api/investment-methods?filter[search]=zeta')).json().meta.total).toBe(1);
    for (const query of ['filter[type]=crypto', 'sort=secret', 'filter[colour]=red']) {
      expect((await admin.client.get(`/api/investment-methods?${query}`)).statusCode).toBe(400);
      expect((await admin.client.get(`/api/investment-methods/export?${query}`)).statusCode).toBe(400);
    }
    const csv = await admin.client.get('/api/investment-methods/export?filter[type]=nominee_account&sort=-name');
    expect(csv.headers['content-disposition']).toMatch(/filename="investment-methods-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(parseCsvExport(csv.body).map((r) => [Number(r.ID), r.Name, r.Type])).toEqual(
      list.map((m: { id: number; name: string }) => [m.id, m.name.startsWith('=') ? `'${m.name}` : m.name, 'Nominee account']),
    );
    expect((await admin.client.get('/api/investment-methods/export?format=xlsx')).headers['content-type']).toContain('spreadsheetml');
  });
});

describe('investment method permissions', () => {
  it('answers 401 logged out and 403 for each action a role lacks (walking can())', async () => {
    expect((await agent(t.app).get('/api/investment-methods')).statusCode).toBe(401);
    for (const roleId of ROLE_IDS) {
      const { client } = await signedIn(t, roleId);
      const method = await createMethod(`Method for role ${roleId}`);
      const spare = await createMethod(`Spare for role ${roleId}`);
      const investor = await createUser(t.ctx);
      const status = {
        index: (await client.get('/api/investment-methods?per_page=1')).statusCode,
        export: (await client.get('/api/investment-methods/export')).statusCode,
        show: (await client.get(`/api/investment-methods/${method.id}`)).statusCode,
        accounts: (await client.get(`/api/investment-methods/${method.id}/entities`)).statusCode,
        transactions: (await client.get(`/api/investment-methods/${method.id}/investments`)).statusCode,
        create: (await client.post('/api/investment-methods', { name: 'New' })).statusCode,
        update: (await client.patch(`/api/investment-methods/${method.id}`, { provider: 'P' })).statusCode,
        addAccount: (await client.post(`/api/investment-methods/${method.id}/entities`, { user_id: investor.id })).statusCode,
        delete: (await del(client, `/api/investment-methods/${method.id}`)).statusCode,
        deleteUnsafe: (await del(client, `/api/investment-methods/${spare.id}?permanent=1`)).statusCode,
      };
      const expected = (action: Action, ok: number) => (can(roleId, 'investors', action) ? ok : 403);
      expect({ roleId, ...status }).toEqual({
        roleId,
        index: expected('index', 200),
        export: expected('index', 200),
        show: expected('show', 200),
        accounts: expected('show', 200),
        transactions: expected('show', 200),
        create: expected('create', 201),
        update: expected('update', 200),
        addAccount: expected('update', 201),
        delete: expected('delete', 204),
        deleteUnsafe: expected('delete_unsafe', 204),
      });
    }
  });
});

describe("the investor's own method accounts", () => {
  it("lists their accounts and shows one with their investments through it; another person's account is 404", async () => {
    const investor = await signedIn(t, Role.User);
    const other = await signedIn(t, Role.User);
    const method = await createMethod('Portal SIPP');
    const [mine, theirs] = await t.db
      .insert(investmentMethodEntities)
      .values([
        { investmentMethodId: method.id, userId: investor.user.id, reference: 'P-1' },
        { investmentMethodId: method.id, userId: other.user.id, reference: 'P-2' },
      ])
      .returning();
    const held = await investThroughAccount(mine.id, investor.user.id, '750.00');
    await investThroughAccount(theirs.id, other.user.id);

    const list = (await investor.client.get('/api/my/investment-method-entities')).json().data;
    expect(list).toEqual([
      expect.objectContaining({
        id: mine.id,
        reference: 'P-1',
        method: expect.objectContaining({ name: 'Portal SIPP', type_label: 'SIPP' }),
      }),
    ]);
    const one = (await investor.client.get(`/api/my/investment-method-entities/${mine.id}`)).json().data;
    expect(one.investments).toEqual([expect.objectContaining({ id: held.id, amount: '750.00' })]);
    expect((await investor.client.get(`/api/my/investment-method-entities/${theirs.id}`)).statusCode).toBe(404);
    await t.db.update(investmentMethods).set({ deletedAt: new Date() }).where(eq(investmentMethods.id, method.id));
    expect((await investor.client.get(`/api/my/investment-method-entities/${mine.id}`)).statusCode).toBe(404);
    expect((await admin.client.get('/api/my/investment-method-entities')).statusCode).toBe(403);
    expect((await agent(t.app).get('/api/my/investment-method-entities')).statusCode).toBe(401);
  });
});

describe("a lead's accounts with a method", () => {
  it('adds a lead with a reference, lists it as a lead, and hands it to the investor the lead becomes', async () => {
    const method = await createMethod('Lead SIPP');
    const [lead] = await t.db
      .insert(contacts)
      .values({ name: 'Laura Lead', email: `laura-${Date.now()}@example.test` })
      .returning();
    const url = `/api/investment-methods/${method.id}/entities`;
    const added = await admin.client.post(url, { contact_id: lead.id, reference: 'LS-1' });
    expect(added.statusCode).toBe(201);
    expect(added.json().data).toMatchObject({
      holder_kind: 'lead',
      contact: { id: lead.id, name: 'Laura Lead' },
      user: null,
      reference: 'LS-1',
    });
    expect((await admin.client.get(`${url}?filter[contact_id]=${lead.id}`)).json().meta.total).toBe(1);

    const investor = await createUser(t.ctx);
    expect(errorFields(await admin.client.post(url, { user_id: investor.id, contact_id: lead.id }))).toEqual(['user_id']);
    expect(errorFields(await admin.client.post(url, { reference: 'none' }))).toEqual(['user_id']);
    expect(errorFields(await admin.client.post(url, { contact_id: 999999 }))).toEqual(['contact_id']);

    const converted = await admin.client.post(`/api/convert-contact/${lead.id}`, {});
    expect(converted.statusCode).toBeLessThan(300);
    const [account] = await t.db.select().from(investmentMethodEntities).where(eq(investmentMethodEntities.id, added.json().data.id));
    expect(account.contactId).toBeNull();
    expect(account.userId).not.toBeNull();
    expect((await admin.client.get(url)).json().data[0]).toMatchObject({
      holder_kind: 'investor',
      user: { id: account.userId, name: 'Laura Lead' },
    });
    expect(errorFields(await admin.client.post(url, { contact_id: lead.id }))).toEqual(['contact_id']);
    expect(await actions(method.id)).toEqual(['entity_added', 'entity_converted']);
  });
});

describe("a method's documents in the portal", () => {
  it('shows its public documents to account holders only', async () => {
    const holder = await signedIn(t, Role.User);
    const stranger = await signedIn(t, Role.User);
    const method = await createMethod('Documented SIPP');
    const [mine] = await t.db
      .insert(investmentMethodEntities)
      .values({ investmentMethodId: method.id, userId: holder.user.id, reference: 'D-1' })
      .returning();
    const uploaded = await admin.client.post(
      '/api/documents',
      uploadForm(
        { subject_type: 'investment_method', subject_id: method.id, name: 'Scheme terms', visibility: 'public' },
        { data: 'Scheme terms, version 3', filename: 'terms.txt', type: 'text/plain' },
      ),
    );
    expect(uploaded.statusCode).toBe(201);
    const listed = (await holder.client.get(`/api/my/investment-method-entities/${mine.id}/documents`)).json().data;
    expect(listed.map((d: { name: string }) => d.name)).toEqual(['Scheme terms']);
    expect((await holder.client.get(listed[0].download_url)).statusCode).toBe(200);
    expect((await stranger.client.get(`/api/my/investment-method-entities/${mine.id}/documents`)).statusCode).toBe(404);
    expect((await stranger.client.get(listed[0].download_url)).statusCode).toBe(404);
  });
});
