import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { can, Role, ROLE_IDS } from '@platform/domain';
import { activityLog, contacts, documents, leadStatuses, notes, questionnaireAnswers } from '../../db/schema';
import { agent, createUser, createTestApp, signedIn, type TestApp } from '../../test/harness';
import { parseCsvExport } from '../../test/deals-funds';
import { fileDocumentOn } from '../../test/uploads';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let hot: number;
let cold: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, Role.SuperAdmin, { name: 'Owner Olga' });
  const rows = await t.db
    .insert(leadStatuses)
    .values([
      { name: 'Hot', position: 0 },
      { name: 'Cold', position: 1 },
    ])
    .returning();
  [hot, cold] = rows.map((r) => r.id);
});
afterAll(() => t.close());

let sequence = 0;
async function createContact(values: Partial<typeof contacts.$inferInsert> = {}) {
  sequence += 1;
  const [row] = await t.db
    .insert(contacts)
    .values({ name: `Lead ${sequence}`, ...values })
    .returning();
  return row;
}

const del = (client: typeof admin.client, url: string) => client.request({ method: 'DELETE', url });

describe('creating and editing contacts', () => {
  it('creates a contact with its owner and lead status, and logs it', async () => {
    const response = await admin.client.post('/api/contacts?include=owner,lead_status', {
      name: '  Hannah Lead ',
      email: 'Hannah@Example.test',
      phone: '07700 900123',
      company: 'Lead & Co',
      source: 'Dinner event',
      interest: 'finance in place',
      status: 1,
      lead_status_id: hot,
      owner_id: admin.user.id,
    });
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    expect(data).toMatchObject({
      name: 'Hannah Lead',
      email: 'hannah@example.test',
      status: 1,
      interest: 'finance in place',
      owner: { name: 'Owner Olga' },
      lead_status: { name: 'Hot' },
      converted_user_id: null,
    });
    const logs = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.subjectType, 'contact'), eq(activityLog.subjectId, String(data.id))));
    expect(logs.map((l) => l.action)).toEqual(['created']);
  });

  it('answers 422 on the field at fault', async () => {
    const investor = await createUser(t.ctx, { roleId: Role.User });
    await createContact({ email: 'taken@example.test' });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{}, 'name'],
      [{ name: '   ' }, 'name'],
      [{ name: 'A', email: 'not-an-email' }, 'email'],
      [{ name: 'A', email: 'TAKEN@example.test' }, 'email'],
      [{ name: 'A', status: 7 }, 'status'],
      [{ name: 'A', interest: 'keen' }, 'interest'],
      [{ name: 'A', lead_status_id: 999999 }, 'lead_status_id'],
      [{ name: 'A', owner_id: investor.id }, 'owner_id'],
    ];
    for (const [payload, field] of cases) {
      const response = await admin.client.post('/api/contacts', payload);
      expect({ field, status: response.statusCode, errors: Object.keys(response.json().errors ?? {}) }).toEqual({
        field,
        status: 422,
        errors: [field],
      });
    }
  });

  it('accepts the FormData form, where an empty field clears the value', async () => {
    const contact = await createContact({ company: 'Old Ltd', leadStatusId: hot });
    const form = new FormData();
    form.append('_method', 'PATCH');
    form.append('company', '');
    form.append('lead_status_id', '');
    form.append('status', '2');
    const response = await admin.client.post(`/api/contacts/${contact.id}`, form);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ company: null, lead_status_id: null, status: 2 });
  });

  it('shows a contact, 404s a missing one and 400s a bad include', async () => {
    const contact = await createContact({ leadStatusId: cold });
    expect((await admin.client.get(`/api/contacts/${contact.id}?include=lead_status`)).json().data.lead_status).toEqual({
      id: cold,
      name: 'Cold',
    });
    expect((await admin.client.get('/api/contacts/999999')).statusCode).toBe(404);
    expect((await admin.client.get(`/api/contacts/${contact.id}?include=secrets`)).statusCode).toBe(400);
  });

  it('deletes softly; only delete_unsafe removes a lead and its records for good', async () => {
    const soft = await createContact();
    expect((await del(admin.client, `/api/contacts/${soft.id}`)).statusCode).toBe(204);
    expect((await admin.client.get(`/api/contacts/${soft.id}`)).statusCode).toBe(404);
    const [kept] = await t.db.select().from(contacts).where(eq(contacts.id, soft.id));
    expect(kept.deletedAt).not.toBeNull();
    expect((await del(admin.client, `/api/contacts/${soft.id}`)).statusCode).toBe(404);

    const hard = await createContact();
    await t.db.insert(notes).values({ subjectType: 'contact', subjectId: hard.id, body: '<p>Met at dinner</p>' });
    await t.db
      .insert(questionnaireAnswers)
      .values({ subjectType: 'contact', subjectId: hard.id, form: 'fact_find', answers: { occupation: 'Surgeon' } });
    const file = await fileDocumentOn(t, admin.client, { type: 'contact', id: hard.id });
    // Super Admin may delete but not delete_unsafe; Support may do both.
    expect((await del(admin.client, `/api/contacts/${hard.id}?permanent=1`)).statusCode).toBe(403);
    expect((await del(admin.client, `/api/contacts/${hard.id}?permanent=yes`)).statusCode).toBe(400);
    const support = await signedIn(t, Role.Support);
    expect((await del(support.client, `/api/contacts/${hard.id}?permanent=1`)).statusCode).toBe(204);
    expect(await t.db.select().from(contacts).where(eq(contacts.id, hard.id))).toEqual([]);
    expect(
      await t.db
        .select()
        .from(notes)
        .where(and(eq(notes.subjectType, 'contact'), eq(notes.subjectId, hard.id))),
    ).toEqual([]);
    expect(
      await t.db
        .select()
        .from(questionnaireAnswers)
        .where(and(eq(questionnaireAnswers.subjectType, 'contact'), eq(questionnaireAnswers.subjectId, hard.id))),
    ).toEqual([]);
    expect(
      await t.db
        .select()
        .from(documents)
        .where(and(eq(documents.subjectType, 'contact'), eq(documents.subjectId, hard.id))),
    ).toEqual([]);
    expect(await t.ctx.storage.read(file)).toBeNull();
    const logs = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.subjectType, 'contact'), eq(activityLog.subjectId, String(hard.id))));
    expect(logs.map((l) => l.action)).toEqual(['document_created', 'purged']);
  });
});

describe('GET /api/contacts and its export', () => {
  let owner: { id: number };
  beforeAll(async () => {
    owner = await createUser(t.ctx, { roleId: Role.FundManager, name: 'Fiona Owner' });
    await createContact({ name: 'Zed Listed', company: 'Listco', status: 1, leadStatusId: hot, ownerId: owner.id, email: 'zed@list.test' });
    await createContact({ name: 'Amy Listed', company: 'Listco', status: 2, leadStatusId: cold, email: 'amy@list.test' });
    await createContact({ name: '=Formula Listed', company: 'Listco', status: 3, interest: 'not interested' });
  });

  it('filters by search, status, lead status, owner and interest, and sorts', async () => {
    const all = (await admin.client.get('/api/contacts?filter[search]=listco&sort=name')).json();
    expect(all.data.map((c: { name: string }) => c.name)).toEqual(['=Formula Listed', 'Amy Listed', 'Zed Listed']);
    const active = (await admin.client.get('/api/contacts?filter[search]=listed&filter[status]=1,2&sort=-name')).json();
    expect(active.data.map((c: { name: string }) => c.name)).toEqual(['Zed Listed', 'Amy Listed']);
    expect((await admin.client.get(`/api/contacts?filter[search]=listed&filter[lead_status_id]=${cold}`)).json().meta.total).toBe(1);
    expect((await admin.client.get('/api/contacts?filter[search]=listed&filter[lead_status_id]=none')).json().meta.total).toBe(1);
    expect((await admin.client.get(`/api/contacts?filter[owner_id]=${owner.id}&include=owner`)).json().data).toMatchObject([
      { name: 'Zed Listed', owner: { name: 'Fiona Owner' } },
    ]);
    expect((await admin.client.get('/api/contacts?filter[search]=listed&filter[interest]=not interested')).json().meta.total).toBe(1);
    expect((await admin.client.get('/api/contacts?filter[search]=zed@list')).json().meta.total).toBe(1);
    const page = (await admin.client.get('/api/contacts?filter[search]=listed&sort=name&per_page=2&page=2')).json();
    expect(page.data.map((c: { name: string }) => c.name)).toEqual(['Zed Listed']);
    expect(page.meta).toMatchObject({ current_page: 2, last_page: 2, total: 3 });
  });

  it.each([
    ['filter[colour]=red'],
    ['filter[status]=9'],
    ['filter[owner_id]=abc'],
    ['filter[interest]=maybe'],
    ['filter[converted]=yes'],
    ['sort=secret'],
    ['include=everything'],
    ['per_page=500'],
  ])('answers 400 for %s', async (query) => {
    expect((await admin.client.get(`/api/contacts?${query}`)).statusCode).toBe(400);
  });

  it('exports exactly the filtered list as CSV, formulas neutralised, and as Excel', async () => {
    const query = 'filter[search]=listed&filter[status]=1,3&sort=name';
    const csv = await admin.client.get(`/api/contacts/export?${query}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="contacts-\d{4}-\d{2}-\d{2}\.csv"/);
    const rows = parseCsvExport(csv.body);
    expect(rows.map((r) => [r.Name, r.Status, r['Lead status'], r.Owner])).toEqual([
      ["'=Formula Listed", 'Investment', '', ''],
      ['Zed Listed', 'Active', 'Hot', 'Fiona Owner'],
    ]);
    const xlsx = await admin.client.get(`/api/contacts/export?${query}&format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Contacts')!;
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(3).getCell(2).value).toBe('Zed Listed');
    expect((await admin.client.get(`/api/contacts/export?${query}&format=pdf`)).statusCode).toBe(400);
    expect((await admin.client.get('/api/contacts/export?filter[nope]=1')).statusCode).toBe(400);
  });
});

describe('contact permissions', () => {
  it('answers 401 logged out and 403 for each action a role lacks (walking can())', async () => {
    expect((await agent(t.app).get('/api/contacts')).statusCode).toBe(401);
    expect((await agent(t.app).get('/api/contacts/export')).statusCode).toBe(401);
    for (const roleId of ROLE_IDS) {
      const { client } = await signedIn(t, roleId);
      const contact = await createContact();
      const status = {
        index: (await client.get('/api/contacts?per_page=1')).statusCode,
        export: (await client.get('/api/contacts/export?filter[search]=nothing-matches')).statusCode,
        show: (await client.get(`/api/contacts/${contact.id}`)).statusCode,
        create: (await client.post('/api/contacts', { name: `New for ${roleId}` })).statusCode,
        update: (await client.patch(`/api/contacts/${contact.id}`, { source: 'x' })).statusCode,
        delete: (await del(client, `/api/contacts/${contact.id}`)).statusCode,
        purge: (await del(client, `/api/contacts/${(await createContact()).id}?permanent=1`)).statusCode,
      };
      const expected = (action: 'index' | 'show' | 'create' | 'update' | 'delete', ok: number) =>
        can(roleId, 'investors', action) ? ok : 403;
      expect({ roleId, ...status }).toEqual({
        roleId,
        index: expected('index', 200),
        export: expected('index', 200),
        show: expected('show', 200),
        create: expected('create', 201),
        update: expected('update', 200),
        delete: expected('delete', 204),
        purge: can(roleId, 'investors', 'delete') && can(roleId, 'investors', 'delete_unsafe') ? 204 : 403,
      });
    }
  });
});
