import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { can, Role, ROLE_IDS } from '@platform/domain';
import {
  attributeValues,
  callLogs,
  contacts,
  investorCategorisations,
  mailOutbox,
  notes,
  questionnaireAnswers,
  tasks,
  users,
} from '../../db/schema';
import { agent, createUser, createTestApp, signedIn, type TestApp } from '../../test/harness';
import { uploadForm } from '../../test/uploads';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, Role.SuperAdmin, { name: 'Sara Staff' });
});
afterAll(() => t.close());

let sequence = 0;
async function createContact(values: Partial<typeof contacts.$inferInsert> = {}) {
  sequence += 1;
  const [row] = await t.db
    .insert(contacts)
    .values({ name: `Convertible ${sequence}`, email: `lead${sequence}-${process.pid}@example.test`, ...values })
    .returning();
  return row;
}

const list = async (path: string, type: string, id: number) =>
  (await admin.client.get(`${path}?filter[subject_type]=${type}&filter[subject_id]=${id}`)).json();

describe('POST /api/convert-contact/{id}', () => {
  it('creates the investor and carries over the history, answers and category; the lead links to it', async () => {
    const contact = await createContact({ name: 'Clara Convert', phone: '07700 900456', ownerId: admin.user.id });
    expect(
      (await admin.client.post('/api/notes', { subject_type: 'contact', subject_id: contact.id, body: '<p>Keen on EIS</p>' })).statusCode,
    ).toBe(201);
    await t.db
      .insert(callLogs)
      .values({ subjectType: 'contact', subjectId: contact.id, calledAt: new Date(), direction: 'outbound', summary: 'Intro call' });
    await t.db.insert(tasks).values({ subjectType: 'contact', subjectId: contact.id, title: 'Send deck' });
    const upload = await admin.client.post(
      '/api/documents',
      uploadForm(
        { subject_type: 'contact', subject_id: contact.id, name: 'Passport', visibility: 'private' },
        { data: '%PDF-1.4\n%%EOF\n', filename: 'passport.pdf', type: 'application/pdf' },
      ),
    );
    expect(upload.statusCode, upload.body).toBe(201);
    expect(
      (
        await admin.client.request({
          method: 'PUT',
          url: `/api/questionnaires/contact/${contact.id}/registration`,
          payload: { first_name: 'Clara', city: 'Leeds', postcode: 'LS1 4AP', date_of_birth: '1980-02-01' },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await admin.client.request({
          method: 'PUT',
          url: `/api/questionnaires/contact/${contact.id}/category`,
          payload: { category: 'high_net_worth', declared_on: '2026-10-01', evidence: 'Signed statement on file' },
        })
      ).statusCode,
    ).toBe(200);

    const leadAttribute = (
      await admin.client.post('/api/attributes', { subject_type: 'contact', name: 'Source of wealth', type: 'text', mode: 'editable' })
    ).json().data;
    const investorAttribute = (
      await admin.client.post('/api/attributes', { subject_type: 'user', name: 'Source of Wealth', type: 'text', mode: 'editable' })
    ).json().data;
    expect(
      (await admin.client.patch(`/api/contacts/${contact.id}`, { attributes: { [leadAttribute.id]: 'Inheritance' } })).statusCode,
    ).toBe(200);
    expect((await admin.client.get(`/api/contacts/${contact.id}?include=attributeValues`)).json().data.attribute_values).toMatchObject([
      { name: 'Source of wealth', value: 'Inheritance' },
    ]);

    const response = await admin.client.post(`/api/convert-contact/${contact.id}`, { send_invitation: true });
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    expect(data.investor).toMatchObject({ name: 'Clara Convert', email: contact.email, role_id: Role.User });
    expect(data.contact).toMatchObject({
      id: contact.id,
      converted_user_id: data.investor.id,
      converted_user: { id: data.investor.id, name: 'Clara Convert' },
    });
    expect(data.carried_over).toMatchObject({
      notes: 1,
      call_logs: 1,
      tasks: 1,
      documents: 1,
      attribute_values: 1,
      questionnaires: ['registration'],
    });
    const investorId = data.investor.id as number;

    const [investor] = await t.db.select().from(users).where(eq(users.id, investorId));
    expect(investor).toMatchObject({
      phone: '07700 900456',
      city: 'Leeds',
      postcode: 'LS1 4AP',
      dateOfBirth: '1980-02-01',
      ownerId: admin.user.id,
      passwordHash: null,
    });
    const [copied] = await t.db
      .select()
      .from(attributeValues)
      .where(and(eq(attributeValues.subjectType, 'user'), eq(attributeValues.subjectId, investorId)));
    expect(copied).toMatchObject({ attributeId: investorAttribute.id, value: JSON.stringify('Inheritance') });
    expect((await list('/api/notes', 'investor', investorId)).data.map((n: { body: string }) => n.body)).toEqual(['<p>Keen on EIS</p>']);
    expect((await list('/api/notes', 'contact', contact.id)).data).toEqual([]);
    expect((await list('/api/call-logs', 'investor', investorId)).meta.total).toBe(1);
    expect((await list('/api/tasks', 'investor', investorId)).meta.total).toBe(1);
    expect((await list('/api/documents', 'investor', investorId)).meta.total).toBe(1);
    const forms = (await admin.client.get(`/api/questionnaires/user/${investorId}`)).json().data;
    expect(forms.find((f: { form: string }) => f.form === 'registration')).toMatchObject({
      answers: { first_name: 'Clara', city: 'Leeds' },
      submitted_by: { name: 'Sara Staff' },
    });
    const [category] = await t.db.select().from(investorCategorisations).where(eq(investorCategorisations.userId, investorId));
    expect(category).toMatchObject({ category: 'high_net_worth', status: 'approved' });
    expect(category.declaredAt.toISOString().slice(0, 10)).toBe('2026-10-01');
    expect(
      await t.db
        .select()
        .from(questionnaireAnswers)
        .where(and(eq(questionnaireAnswers.subjectType, 'contact'), eq(questionnaireAnswers.subjectId, contact.id))),
    ).toEqual([]);

    // The investor's history includes the lead's: the note added while it was a lead, the conversion.
    const history = (await admin.client.get(`/api/activity?filter[subject_type]=investor&filter[subject_id]=${investorId}&per_page=50`))
      .json()
      .data.map((a: { action: string }) => a.action);
    expect(history).toEqual(
      expect.arrayContaining(['converted', 'created', 'registration_submitted', 'category_submitted', 'sent_invitation']),
    );
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, contact.email!));
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('/set-password/');

    // Once converted, never twice.
    expect((await admin.client.post(`/api/convert-contact/${contact.id}`)).statusCode).toBe(409);
  });

  it('refuses a lead without an e-mail or whose e-mail has an account (422 on email), changing nothing', async () => {
    const bare = await createContact({ email: null });
    const noEmail = await admin.client.post(`/api/convert-contact/${bare.id}`);
    expect(noEmail.statusCode).toBe(422);
    expect(Object.keys(noEmail.json().errors)).toEqual(['email']);

    const existing = await createUser(t.ctx, { roleId: Role.User });
    const clash = await createContact({ email: existing.email.toUpperCase() });
    await t.db.insert(notes).values({ subjectType: 'contact', subjectId: clash.id, body: '<p>Stays</p>' });
    const taken = await admin.client.post(`/api/convert-contact/${clash.id}`);
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.email[0]).toMatch(/already uses/);
    const [after] = await t.db.select().from(contacts).where(eq(contacts.id, clash.id));
    expect(after.convertedUserId).toBeNull();
    expect(
      await t.db
        .select()
        .from(notes)
        .where(and(eq(notes.subjectType, 'contact'), eq(notes.subjectId, clash.id))),
    ).toHaveLength(1);

    expect((await admin.client.post('/api/convert-contact/999999')).statusCode).toBe(404);
    expect((await admin.client.post(`/api/convert-contact/${bare.id}`, { send_invitation: 'perhaps' })).statusCode).toBe(422);
  });

  it('answers 401 logged out and 403 for each role that may not create investors (walking can())', async () => {
    const first = await createContact();
    expect((await agent(t.app).post(`/api/convert-contact/${first.id}`)).statusCode).toBe(401);
    for (const roleId of ROLE_IDS) {
      const { client } = await signedIn(t, roleId);
      const contact = await createContact();
      const status = (await client.post(`/api/convert-contact/${contact.id}`)).statusCode;
      expect({ roleId, status }).toEqual({ roleId, status: can(roleId, 'investors', 'create') ? 201 : 403 });
    }
  });
});
