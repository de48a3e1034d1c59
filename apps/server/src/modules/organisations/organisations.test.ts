import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { can, Role, ROLE_IDS, type Action } from '@platform/domain';
import { activityLog, documents, investments, notes, organisations, organisationUsers } from '../../db/schema';
import { parseCsvExport } from '../../test/deals-funds';
import { agent, createTestApp, createUser, signedIn, type TestApp } from '../../test/harness';
import { createOrganisationFor } from '../../test/investments';
import { createInvestmentRow, createOpportunityRow } from '../../test/opportunities';
import { fileDocumentOn } from '../../test/uploads';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, Role.SuperAdmin, { name: 'Admin Ada' });
});
afterAll(() => t.close());

type Client = typeof admin.client;
const del = (client: Client, url: string) => client.request({ method: 'DELETE', url });
const errorFields = (response: { json: () => { errors?: object } }) => Object.keys(response.json().errors ?? {});
const actions = async (subjectType: string, id: number) =>
  (
    await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.subjectType, subjectType), eq(activityLog.subjectId, String(id))))
  ).map((l) => l.action);

/** An investment held through an organisation, on a fresh opportunity. */
async function investThrough(organisationId: number, userId: number, amount = '1000.00') {
  const opportunity = await createOpportunityRow(t);
  const row = await createInvestmentRow(t, { opportunityId: opportunity.id, userId, amount });
  await t.db.update(investments).set({ holderType: 'organisation', organisationId, type: 'org' }).where(eq(investments.id, row.id));
  return row;
}

describe('creating, editing and deleting organisations', () => {
  it('creates an organisation, shows it with its people, edits it, and logs each change', async () => {
    const created = await admin.client.post('/api/organisations', {
      name: 'Isla Family Trust',
      type: 'trust',
      company_number: 'T-100',
      email: 'trustees@isla.test',
    });
    expect(created.statusCode).toBe(201);
    const { data } = created.json();
    expect(data).toMatchObject({
      name: 'Isla Family Trust',
      type: 'trust',
      type_label: 'Trust',
      company_number: 'T-100',
      email: 'trustees@isla.test',
      users_count: 0,
    });
    const edited = await admin.client.patch(`/api/organisations/${data.id}`, { company_number: '', phone: '020 7946 0000' });
    expect(edited.json().data).toMatchObject({ company_number: null, phone: '020 7946 0000', name: 'Isla Family Trust' });
    expect(await actions('organisation', data.id)).toEqual(['created', 'updated']);
    // The record's history shows it, through the records area's activity view.
    const history = (await admin.client.get(`/api/activity?filter[subject_type]=organisation&filter[subject_id]=${data.id}`)).json().data;
    expect(history.map((h: { action: string }) => h.action)).toEqual(['updated', 'created']);
  });

  it('answers 422 on the field at fault and 404 for an unknown organisation', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{}, 'name'],
      [{ name: '   ' }, 'name'],
      [{ name: 'A', type: 'club' }, 'type'],
      [{ name: 'A', email: 'not-an-email' }, 'email'],
      [{ name: 'x'.repeat(201) }, 'name'],
      [{ name: 'A', colour: 'red' }, 'body'],
    ];
    for (const [payload, field] of cases) {
      const response = await admin.client.post('/api/organisations', payload);
      expect({ field, status: response.statusCode, errors: errorFields(response) }).toEqual({ field, status: 422, errors: [field] });
    }
    expect((await admin.client.get('/api/organisations/999999')).statusCode).toBe(404);
    expect((await admin.client.patch('/api/organisations/999999', { name: 'x' })).statusCode).toBe(404);
    expect((await admin.client.get('/api/organisations/abc')).statusCode).toBe(400);
  });

  it('deletes softly; refuses (409) while the organisation holds investments', async () => {
    const investor = await createUser(t.ctx);
    const holding = await createOrganisationFor(t, investor.id, 'Holding Co');
    await investThrough(holding.id, investor.id);
    const refused = await del(admin.client, `/api/organisations/${holding.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/holds 1 investment, so it cannot be deleted/);

    const empty = await createOrganisationFor(t, investor.id, 'Empty Co');
    expect((await del(admin.client, `/api/organisations/${empty.id}`)).statusCode).toBe(204);
    expect((await admin.client.get(`/api/organisations/${empty.id}`)).statusCode).toBe(404);
    expect((await del(admin.client, `/api/organisations/${empty.id}`)).statusCode).toBe(404);
    const [row] = await t.db.select().from(organisations).where(eq(organisations.id, empty.id));
    expect(row.deletedAt).not.toBeNull();
    expect(await actions('organisation', empty.id)).toEqual(['deleted']);
  });

  it('hard-deletes only with delete_unsafe (Support), links included, never one that ever held an investment', async () => {
    const support = await signedIn(t, Role.Support);
    const investor = await createUser(t.ctx);
    const org = await createOrganisationFor(t, investor.id, 'Purged Ltd');
    const file = await fileDocumentOn(t, admin.client, { type: 'organisation', id: org.id });
    expect(
      (await admin.client.post('/api/notes', { subject_type: 'organisation', subject_id: org.id, body: '<p>Board minutes</p>' }))
        .statusCode,
    ).toBe(201);
    expect((await del(admin.client, `/api/organisations/${org.id}?permanent=1`)).statusCode).toBe(403);
    expect((await del(support.client, `/api/organisations/${org.id}?permanent=yes`)).statusCode).toBe(400);
    // A soft-deleted organisation can still be purged.
    expect((await del(support.client, `/api/organisations/${org.id}`)).statusCode).toBe(204);
    expect((await del(support.client, `/api/organisations/${org.id}?permanent=1`)).statusCode).toBe(204);
    expect(await t.db.select().from(organisations).where(eq(organisations.id, org.id))).toEqual([]);
    expect(await t.db.select().from(organisationUsers).where(eq(organisationUsers.organisationId, org.id))).toEqual([]);
    expect(
      await t.db
        .select()
        .from(notes)
        .where(and(eq(notes.subjectType, 'organisation'), eq(notes.subjectId, org.id))),
    ).toEqual([]);
    expect(
      await t.db
        .select()
        .from(documents)
        .where(and(eq(documents.subjectType, 'organisation'), eq(documents.subjectId, org.id))),
    ).toEqual([]);
    expect(await t.ctx.storage.read(file)).toBeNull();
    expect(await actions('organisation', org.id)).toEqual(['document_created', 'note_created', 'deleted', 'deleted_permanently']);

    const held = await createOrganisationFor(t, investor.id, 'Held Ltd');
    const investment = await investThrough(held.id, investor.id);
    await t.db.update(investments).set({ deletedAt: new Date() }).where(eq(investments.id, investment.id));
    const refused = await del(support.client, `/api/organisations/${held.id}?permanent=1`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/cancelled or deleted ones included/);
  });
});

describe('people linked to an organisation', () => {
  it('links an investor in a role, changes the role, unlinks; each step logged on the organisation', async () => {
    const org = await createOrganisationFor(t, null, 'Linked Holdings');
    const investor = await createUser(t.ctx, { name: 'Ivy Investor' });
    const linked = await admin.client.post(`/api/organisations/${org.id}/users`, { user_id: investor.id, role: 'director' });
    expect(linked.statusCode).toBe(201);
    expect(linked.json().data).toEqual([
      expect.objectContaining({ id: investor.id, name: 'Ivy Investor', role: 'director', role_label: 'Director' }),
    ]);
    const shown = (await admin.client.get(`/api/organisations/${org.id}?include=users`)).json().data;
    expect(shown).toMatchObject({ users_count: 1, users: [{ id: investor.id, role: 'director' }] });
    expect((await admin.client.get(`/api/organisations/${org.id}?include=everything`)).statusCode).toBe(400);
    expect((await admin.client.get(`/api/organisations/${org.id}?colour=red`)).statusCode).toBe(400);

    const changed = await admin.client.patch(`/api/organisations/${org.id}/users/${investor.id}`, { role: 'trustee' });
    expect(changed.json().data[0]).toMatchObject({ role: 'trustee', role_label: 'Trustee' });
    expect((await del(admin.client, `/api/organisations/${org.id}/users/${investor.id}`)).statusCode).toBe(204);
    expect((await admin.client.get(`/api/organisations/${org.id}/users`)).json().data).toEqual([]);
    expect((await del(admin.client, `/api/organisations/${org.id}/users/${investor.id}`)).statusCode).toBe(404);
    expect(await actions('organisation', org.id)).toEqual(['user_linked', 'user_role_changed', 'user_unlinked']);
  });

  it('links only live investors, in a known role (422)', async () => {
    const org = await createOrganisationFor(t, null);
    const staff = await createUser(t.ctx, { roleId: Role.Support });
    const gone = await createUser(t.ctx, { deletedAt: new Date() });
    const investor = await createUser(t.ctx);
    const url = `/api/organisations/${org.id}/users`;
    expect(errorFields(await admin.client.post(url, { user_id: staff.id, role: 'director' }))).toEqual(['user_id']);
    expect(errorFields(await admin.client.post(url, { user_id: gone.id, role: 'director' }))).toEqual(['user_id']);
    expect(errorFields(await admin.client.post(url, { user_id: investor.id, role: 'emperor' }))).toEqual(['role']);
    expect((await admin.client.post(url, { role: 'director' })).json().errors).toEqual({ user_id: ['Choose an investor.'] });
    expect((await admin.client.post('/api/organisations/999999/users', { user_id: investor.id, role: 'director' })).statusCode).toBe(404);
  });
});

describe('GET /api/organisations, its export and transactions', () => {
  let investorId: number;
  beforeAll(async () => {
    const investor = await createUser(t.ctx);
    investorId = investor.id;
    const values = [
      { name: 'Zed Partners LLP', type: 'partnership', companyNumber: 'OC123' },
      { name: 'Acme 50% Holdings', type: 'company', companyNumber: 'LIST-1' },
      { name: '=Formula Trust', type: 'trust' },
      { name: 'Gone Ltd', type: 'company', deletedAt: new Date() },
    ];
    const rows = await t.db.insert(organisations).values(values).returning();
    await t.db.insert(organisationUsers).values([
      { organisationId: rows[0].id, userId: investor.id, role: 'partner' },
      { organisationId: rows[2].id, userId: investor.id, role: 'trustee' },
    ]);
  });

  it('searches by name or company number, filters by type and person, sorts and pages', async () => {
    const mine = (await admin.client.get(`/api/organisations?filter[user_id]=${investorId}&sort=-name`)).json();
    expect(mine.data.map((o: { name: string }) => o.name)).toEqual(['Zed Partners LLP', '=Formula Trust']);
    expect(mine.data[0].users_count).toBe(1);
    expect((await admin.client.get('/api/organisations?filter[search]=50%25')).json().data.map((o: { name: string }) => o.name)).toEqual([
      'Acme 50% Holdings',
    ]);
    expect((await admin.client.get('/api/organisations?filter[search]=oc12')).json().data.map((o: { name: string }) => o.name)).toEqual([
      'Zed Partners LLP',
    ]);
    expect((await admin.client.get(`/api/organisations?filter[user_id]=${investorId}&filter[type]=trust`)).json().meta.total).toBe(1);
    expect((await admin.client.get('/api/organisations?filter[search]=Gone')).json().meta.total).toBe(0);
    const paged = (await admin.client.get(`/api/organisations?filter[user_id]=${investorId}&per_page=1&page=2&sort=name`)).json();
    expect(paged.meta).toMatchObject({ current_page: 2, last_page: 2, total: 2 });
    expect(paged.data[0].name).toBe('Zed Partners LLP');
  });

  it.each([
    ['filter[colour]=red'],
    ['filter[type]=club'],
    ['filter[user_id]=abc'],
    ['sort=secret'],
    ['include=everything'],
    ['per_page=500'],
  ])('answers 400 for %s', async (query) => {
    expect((await admin.client.get(`/api/organisations?${query}`)).statusCode).toBe(400);
    expect((await admin.client.get(`/api/organisations/export?${query.startsWith('per_page') ? 'format=doc' : query}`)).statusCode).toBe(
      400,
    );
  });

  it('exports exactly the filtered list in list order, CSV and Excel, formulas neutralised', async () => {
    const query = `filter[user_id]=${investorId}&sort=name`;
    const list = (await admin.client.get(`/api/organisations?${query}`)).json().data;
    const response = await admin.client.get(`/api/organisations/export?${query}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="organisations-\d{4}-\d{2}-\d{2}\.csv"/);
    const rows = parseCsvExport(response.body);
    expect(rows.map((r) => Number(r.ID))).toEqual(list.map((o: { id: number }) => o.id));
    expect(rows.map((r) => [r.Name, r.Type, r['Linked people']])).toEqual([
      ["'=Formula Trust", 'Trust', expect.stringContaining('(Trustee)')],
      ['Zed Partners LLP', 'Partnership', expect.stringContaining('(Partner)')],
    ]);
    const xlsx = await admin.client.get(`/api/organisations/export?${query}&format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
  });

  it('lists the investments held through an organisation, with investor and opportunity', async () => {
    const investor = await createUser(t.ctx, { name: 'Holder Person' });
    const org = await createOrganisationFor(t, investor.id, 'Transactions Ltd');
    const held = await investThrough(org.id, investor.id, '2500.00');
    const other = await createOpportunityRow(t);
    await createInvestmentRow(t, { opportunityId: other.id, userId: investor.id, amount: '10.00' });
    const response = await admin.client.get(`/api/organisations/${org.id}/investments?include=user,opportunity,holder&sort=-amount`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual([
      expect.objectContaining({
        id: held.id,
        amount: '2500.00',
        holder_type: 'organisation',
        user: expect.objectContaining({ name: 'Holder Person' }),
        holder: { type: 'organisation', id: org.id, name: 'Transactions Ltd' },
      }),
    ]);
    expect((await admin.client.get(`/api/organisations/${org.id}/investments?filter[status]=nope`)).statusCode).toBe(400);
    expect((await admin.client.get('/api/organisations/999999/investments')).statusCode).toBe(404);
  });
});

describe('organisation permissions', () => {
  it('answers 401 logged out and 403 for each action a role lacks (walking can())', async () => {
    for (const url of [
      '/api/organisations',
      '/api/organisations/export',
      '/api/organisations/1',
      '/api/organisations/1/users',
      '/api/organisations/1/investments',
    ]) {
      expect((await agent(t.app).get(url)).statusCode).toBe(401);
    }
    for (const roleId of ROLE_IDS) {
      const { client } = await signedIn(t, roleId);
      const investor = await createUser(t.ctx);
      const org = await createOrganisationFor(t, investor.id, `Org for role ${roleId}`);
      const spare = await createOrganisationFor(t, null, `Spare for role ${roleId}`);
      const status = {
        index: (await client.get('/api/organisations?per_page=1')).statusCode,
        export: (await client.get('/api/organisations/export')).statusCode,
        show: (await client.get(`/api/organisations/${org.id}`)).statusCode,
        people: (await client.get(`/api/organisations/${org.id}/users`)).statusCode,
        transactions: (await client.get(`/api/organisations/${org.id}/investments`)).statusCode,
        create: (await client.post('/api/organisations', { name: 'New' })).statusCode,
        update: (await client.patch(`/api/organisations/${org.id}`, { phone: '1' })).statusCode,
        link: (await client.patch(`/api/organisations/${org.id}/users/${investor.id}`, { role: 'trustee' })).statusCode,
        delete: (await del(client, `/api/organisations/${org.id}`)).statusCode,
        deleteUnsafe: (await del(client, `/api/organisations/${spare.id}?permanent=1`)).statusCode,
      };
      const expected = (action: Action, ok: number) => (can(roleId, 'investors', action) ? ok : 403);
      expect({ roleId, ...status }).toEqual({
        roleId,
        index: expected('index', 200),
        export: expected('index', 200),
        show: expected('show', 200),
        people: expected('show', 200),
        transactions: expected('show', 200),
        create: expected('create', 201),
        update: expected('update', 200),
        link: expected('update', 200),
        delete: expected('delete', 204),
        deleteUnsafe: expected('delete_unsafe', 204),
      });
    }
  });
});
