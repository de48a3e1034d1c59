import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { can, Role, ROLE_IDS } from '@platform/domain';
import { activityLog, contacts, questionnaireAnswers, settings } from '../../db/schema';
import { SETTINGS_ID } from '../../shared/settings';
import { agent, createUser, createTestApp, signedIn, type TestApp } from '../../test/harness';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let investorId: number;
let contactId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, Role.SuperAdmin, { name: 'Rita Recorder' });
  investorId = (await createUser(t.ctx, { roleId: Role.User })).id;
  contactId = (await t.db.insert(contacts).values({ name: 'Questioned Lead' }).returning())[0].id;
});
afterAll(() => t.close());

const put = (client: typeof admin.client, url: string, payload: unknown) =>
  client.request({ method: 'PUT', url, payload: payload as Record<string, unknown> });

const RISK = {
  loss_reaction: 'hold',
  capacity_for_loss: 'slightly',
  liquidity_need: 'unlikely',
  return_preference: 'growth',
  knowledge: 'good',
  portion: '5_to_10',
};

describe('questionnaires of investors and leads', () => {
  it('saves a registration form with UK formats normalised, dates and who, and logs each change', async () => {
    const url = `/api/questionnaires/user/${investorId}/registration`;
    const first = await put(admin.client, url, {
      title: 'Dr',
      first_name: 'Ivy',
      ni_number: 'ab 12 34 56 c',
      postcode: 'sw1a 1aa',
      bank_sort_code: '12-34-56',
      bank_account_number: '12345678',
      us_person: false,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({
      form: 'registration',
      answers: { title: 'Dr', first_name: 'Ivy', ni_number: 'AB123456C', bank_sort_code: '123456', us_person: false },
      submitted_by: { name: 'Rita Recorder' },
      updated_by: { name: 'Rita Recorder' },
    });
    const second = await put(admin.client, url, { title: 'Dr', first_name: 'Ivy', city: 'Bath' });
    expect(second.json().data.answers).toEqual({ title: 'Dr', first_name: 'Ivy', city: 'Bath' });
    expect(second.json().data.submitted_at).toBe(first.json().data.submitted_at);
    const logs = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.subjectType, 'user'), eq(activityLog.subjectId, String(investorId))));
    expect(logs.map((l) => l.action)).toEqual(['registration_submitted', 'registration_updated']);
    expect(logs[1].before).toMatchObject({ form: 'registration', answers: { ni_number: 'AB123456C' } });
  });

  it('scores the risk profile into a band', async () => {
    const response = await put(admin.client, `/api/questionnaires/contact/${contactId}/risk_profile`, RISK);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.result).toEqual({ score: 18, max: 24, band: 'growth' });
    const all = (await admin.client.get(`/api/questionnaires/contact/${contactId}`)).json().data;
    expect(all.map((f: { form: string; answers: unknown }) => [f.form, f.answers !== null])).toEqual([
      ['registration', false],
      ['fact_find', false],
      ['risk_profile', true],
      ['consent', false],
      ['category', false],
    ]);
  });

  it('answers 422 on the field at fault', async () => {
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['registration', { ni_number: 'AB123' }, 'ni_number'],
      ['registration', { postcode: 'NOT A CODE', country: 'United Kingdom' }, 'postcode'],
      ['registration', { date_of_birth: '1980-02-30' }, 'date_of_birth'],
      ['registration', { bank_sort_code: '1234' }, 'bank_sort_code'],
      ['registration', { favourite_colour: 'blue' }, 'body'],
      ['fact_find', { annual_income: '12.345' }, 'annual_income'],
      ['fact_find', { objectives: ['get_rich'] }, 'objectives.0'],
      ['fact_find', { high_risk_percentage: 140 }, 'high_risk_percentage'],
      ['risk_profile', { ...RISK, portion: 'all_of_it' }, 'portion'],
      ['consent', { marketing_email: { given: true } }, 'marketing_email.date'],
      ['category', { category: 'rich', declared_on: '2026-01-01' }, 'category'],
    ];
    for (const [form, payload, field] of cases) {
      const response = await put(admin.client, `/api/questionnaires/contact/${contactId}/${form}`, payload);
      expect({ form, field, status: response.statusCode, errors: Object.keys(response.json().errors ?? {}) }).toEqual({
        form,
        field,
        status: 422,
        errors: [field],
      });
    }
    // A postcode abroad is the country's business.
    expect(
      (await put(admin.client, `/api/questionnaires/contact/${contactId}/registration`, { postcode: '75008', country: 'France' }))
        .statusCode,
    ).toBe(200);
  });

  it('keeps bank details from staff when enableHideBankAdmin is on, without losing the stored ones', async () => {
    const url = `/api/questionnaires/contact/${contactId}/registration`;
    await put(admin.client, url, { first_name: 'Banked', bank_account_number: '87654321' });
    await t.db
      .update(settings)
      .set({ flags: { hide_bank_details_admin: true } })
      .where(eq(settings.id, SETTINGS_ID));
    try {
      const shown = (await admin.client.get(url)).json();
      expect(shown.meta.bank_hidden).toBe(true);
      expect(shown.data.answers).toEqual({ first_name: 'Banked' });
      const refused = await put(admin.client, url, { first_name: 'Banked', bank_account_number: '11112222' });
      expect(refused.statusCode).toBe(422);
      expect((await put(admin.client, url, { first_name: 'Renamed' })).json().data.answers).toEqual({ first_name: 'Renamed' });
      const [stored] = await t.db
        .select()
        .from(questionnaireAnswers)
        .where(and(eq(questionnaireAnswers.subjectId, contactId), eq(questionnaireAnswers.form, 'registration')));
      expect(stored.answers).toEqual({ first_name: 'Renamed', bank_account_number: '87654321' });
    } finally {
      await t.db.update(settings).set({ flags: {} }).where(eq(settings.id, SETTINGS_ID));
    }
  });

  it('answers 404 for a missing subject, a staff account or a form the subject has not, and 400 for a bad path', async () => {
    expect((await admin.client.get('/api/questionnaires/contact/999999')).statusCode).toBe(404);
    expect((await admin.client.get(`/api/questionnaires/user/${admin.user.id}`)).statusCode).toBe(404);
    expect(
      (await put(admin.client, `/api/questionnaires/user/${investorId}/category`, { category: 'restricted', declared_on: '2026-01-01' }))
        .statusCode,
    ).toBe(404);
    expect((await admin.client.get(`/api/questionnaires/fund/${investorId}`)).statusCode).toBe(400);
    expect((await admin.client.get(`/api/questionnaires/user/${investorId}/horoscope`)).statusCode).toBe(400);
  });

  it('answers 401 logged out and 403 for each role that may not (walking can())', async () => {
    expect((await agent(t.app).get(`/api/questionnaires/user/${investorId}`)).statusCode).toBe(401);
    for (const roleId of ROLE_IDS) {
      const { client } = await signedIn(t, roleId);
      const status = {
        show: (await client.get(`/api/questionnaires/contact/${contactId}/fact_find`)).statusCode,
        update: (await put(client, `/api/questionnaires/user/${investorId}/fact_find`, { occupation: `Role ${roleId}` })).statusCode,
        category: (
          await put(client, `/api/questionnaires/contact/${contactId}/category`, { category: 'restricted', declared_on: '2026-01-01' })
        ).statusCode,
      };
      expect({ roleId, ...status }).toEqual({
        roleId,
        show: can(roleId, 'investors', 'show') ? 200 : 403,
        update: can(roleId, 'investors', 'update') ? 200 : 403,
        category: can(roleId, 'investors', 'update') && can(roleId, 'investor_category', 'update') ? 200 : 403,
      });
    }
  });
});
