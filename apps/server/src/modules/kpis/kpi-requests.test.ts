import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, like } from 'drizzle-orm';
import { can, type Kpi, type KpiCategory, type KpiRequest, type KpiRequestForm, type KpiValue, ROLE_IDS, Role } from '@platform/domain';
import { activityLog, mailOutbox } from '../../db/schema';
import { fixedClock } from '../../platform/clock';
import { agent, createTestApp, signedIn, type TestApp } from '../../test/harness';
import { createOpportunityRow } from '../../test/opportunities';
import { sendDueReminders } from './request-service';

const DAY = 24 * 60 * 60 * 1000;
const start = new Date('2026-04-01T09:00:00Z');
const clock = fixedClock(start);
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let fundManager: Awaited<ReturnType<typeof signedIn>>;
let revenue: Kpi;
let customers: Kpi;
let monthly: Kpi;
let acmeId: number;
let mailSeq = 0;

async function created<T>(response: { statusCode: number; body: string; json: <U>() => U }): Promise<T> {
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: T }>().data;
}

/** A fresh contact address per request, so each test reads its own mails. */
const contact = () => `founder${++mailSeq}@acme.test`;

async function mailsTo(to: string) {
  return t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to)).orderBy(mailOutbox.id);
}

/** The token of the newest link mailed to `to`. */
async function linkTo(to: string): Promise<string> {
  const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to)).orderBy(desc(mailOutbox.id)).limit(1);
  const token = /\/kpi-request\/([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1];
  expect(token, mail?.text).toBeDefined();
  return token!;
}

async function sendRequest(overrides: Record<string, unknown> = {}) {
  const email = contact();
  const request = await created<KpiRequest>(
    await admin.client.post('/api/kpi-requests', {
      opportunity_id: acmeId,
      period: '2026-Q1',
      kpi_ids: [revenue.id, customers.id],
      contact_name: 'Ada Founder',
      contact_email: email,
      message: 'Thank you!',
      ...overrides,
    }),
  );
  return { request, email, token: await linkTo(email) };
}

const founder = () => agent(t.app);

/** Moves the clock, and signs staff in again: a session does not outlive a jump of days. */
async function at(ms: number) {
  clock.set(new Date(start.getTime() + ms));
  admin = await signedIn(t, Role.SuperAdmin);
  fundManager = await signedIn(t, Role.FundManager);
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await signedIn(t, Role.SuperAdmin);
  fundManager = await signedIn(t, Role.FundManager);
  acmeId = (await createOpportunityRow(t, { status: 5, name: 'Acme Seed', companyName: 'Acme Ltd', currency: 'GBP' })).id;
  const category = await created<KpiCategory>(await admin.client.post('/api/kpi-categories', { name: 'Financial' }));
  const kpi = (name: string, unit: string, frequency: string) =>
    admin.client
      .post('/api/kpis', { name, category_id: category.id, unit, frequency, investor_visible: true })
      .then((r) => created<Kpi>(r));
  revenue = await kpi('Revenue', 'currency', 'quarterly');
  customers = await kpi('Customers', 'number', 'quarterly');
  monthly = await kpi('Monthly burn', 'currency', 'monthly');
});

afterAll(async () => {
  await t?.close();
});

describe('sending a KPI request', () => {
  it('mails the contact a link and lists the request as sent', async () => {
    const { request, email } = await sendRequest({ period: '2025-Q3' });
    expect(request).toMatchObject({
      period: '2025-Q3',
      frequency: 'quarterly',
      status: 'sent',
      contact_email: email,
      expires_at: new Date(start.getTime() + 14 * DAY).toISOString(),
      reminders_sent: 0,
      opportunity: { id: acmeId, company_name: 'Acme Ltd' },
    });
    expect(request.items.map((i) => i.kpi.name)).toEqual(['Customers', 'Revenue']);
    const [mail] = await mailsTo(email);
    expect(mail.subject).toBe('Acme Ltd KPIs for 2025-Q3');
    expect(mail.text).toContain('Thank you!');
    expect(mail.text).toMatch(/until 2026-04-15/);
    const listed = (await admin.client.get(`/api/kpi-requests?filter[opportunity_id]=${acmeId}&filter[status]=sent`)).json<{
      data: KpiRequest[];
    }>();
    expect(listed.data.map((r) => r.id)).toContain(request.id);
    const logged = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.action, 'kpi_request_sent'), eq(activityLog.subjectId, String(acmeId))));
    expect(logged.length).toBeGreaterThan(0);
    expect(JSON.stringify(logged)).not.toContain('token');
  });

  it('answers 422 with a message per field', async () => {
    const response = await admin.client.post('/api/kpi-requests', {
      opportunity_id: acmeId,
      period: 'spring',
      kpi_ids: [],
      contact_name: ' ',
      contact_email: 'nobody',
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json<{ errors: object }>().errors).sort()).toEqual(['contact_email', 'contact_name', 'kpi_ids']);
    const mixed = await admin.client.post('/api/kpi-requests', {
      opportunity_id: acmeId,
      period: '2026-Q2',
      kpi_ids: [revenue.id, monthly.id],
      contact_name: 'Ada',
      contact_email: 'ada@acme.test',
    });
    expect(mixed.statusCode).toBe(422);
    expect(mixed.json<{ errors: Record<string, string[]> }>().errors.kpi_ids[0]).toContain('Monthly burn is reported monthly');
    const wrongPeriod = await admin.client.post('/api/kpi-requests', {
      opportunity_id: acmeId,
      period: '2026-13',
      kpi_ids: [revenue.id],
      contact_name: 'Ada',
      contact_email: 'ada@acme.test',
    });
    expect(wrongPeriod.json<{ errors: Record<string, string[]> }>().errors.period).toBeDefined();
  });

  it('refuses a second request for a period still waiting', async () => {
    await sendRequest({ period: '2024-Q4' });
    const again = await admin.client.post('/api/kpi-requests', {
      opportunity_id: acmeId,
      period: '2024-Q4',
      kpi_ids: [revenue.id],
      contact_name: 'Ada',
      contact_email: 'ada@acme.test',
    });
    expect(again.statusCode).toBe(422);
    expect(again.json<{ errors: Record<string, string[]> }>().errors.period[0]).toContain('already waiting');
  });
});

describe("the founder's link", () => {
  it('shows the company, period and KPIs without an account, and takes the answer once', async () => {
    const { request, token } = await sendRequest({ period: '2025-Q4' });
    const open = await founder().get(`/api/kpi-request-forms/${token}`);
    expect(open.statusCode).toBe(200);
    const form = open.json<{ data: KpiRequestForm }>().data;
    expect(form).toMatchObject({
      state: 'open',
      company_name: 'Acme Ltd',
      period: '2025-Q4',
      currency: 'GBP',
      contact_name: 'Ada Founder',
    });
    if (form.state !== 'open') throw new Error('not open');
    expect(form.kpis.map((k) => [k.name, k.unit, k.category])).toEqual([
      ['Customers', 'number', 'Financial'],
      ['Revenue', 'currency', 'Financial'],
    ]);

    const bad = await founder().post(`/api/kpi-request-forms/${token}`, { values: { [revenue.id]: '12.1234567', [customers.id]: '' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json<{ errors: Record<string, string[]> }>().errors[`values.${revenue.id}`][0]).toContain('6 decimal places');
    const empty = await founder().post(`/api/kpi-request-forms/${token}`, { values: { [revenue.id]: '' } });
    expect(empty.json<{ errors: Record<string, string[]> }>().errors.values).toEqual(['Enter at least one value.']);
    const stranger = await founder().post(`/api/kpi-request-forms/${token}`, { values: { [monthly.id]: '5' } });
    expect(stranger.json<{ errors: Record<string, string[]> }>().errors[`values.${monthly.id}`]).toBeDefined();

    const sent = await founder().post(`/api/kpi-request-forms/${token}`, {
      values: { [revenue.id]: '1,250.50', [customers.id]: '' },
      comment: 'Customers next time.',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json<{ data: KpiRequestForm }>().data.state).toBe('answered');

    const again = await founder().post(`/api/kpi-request-forms/${token}`, { values: { [revenue.id]: '1' } });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toContain('only once');
    expect((await founder().get(`/api/kpi-request-forms/${token}`)).json<{ data: KpiRequestForm }>().data.state).toBe('answered');

    const seen = (await admin.client.get(`/api/kpi-requests/${request.id}`)).json<{ data: KpiRequest }>().data;
    expect(seen).toMatchObject({ status: 'submitted', founder_comment: 'Customers next time.' });
    expect(seen.items.map((i) => [i.kpi.name, i.submitted_value, i.accepted_value])).toEqual([
      ['Customers', null, null],
      ['Revenue', '1250.5', null],
    ]);
    // Pending: nothing reaches the KPI values until staff accept.
    const values = (await admin.client.get(`/api/kpi-values?filter[opportunity_id]=${acmeId}`)).json<{ data: KpiValue[] }>().data;
    expect(values.filter((v) => v.period === '2025-Q4')).toEqual([]);
    const [toSender] = await mailsTo(admin.user.email);
    expect(toSender.subject).toBe('Acme Ltd sent its KPIs');
  });

  it('answers 404 to a wrong token and 400 to one of the wrong shape', async () => {
    expect((await founder().get(`/api/kpi-request-forms/${'x'.repeat(43)}`)).statusCode).toBe(404);
    expect((await founder().post(`/api/kpi-request-forms/${'x'.repeat(43)}`, { values: { 1: '1' } })).statusCode).toBe(404);
    expect((await founder().get('/api/kpi-request-forms/short')).statusCode).toBe(400);
  });

  it('expires after 14 days and says so', async () => {
    const { request, token } = await sendRequest({ period: '2023-Q1' });
    clock.advance(14 * DAY - 1000);
    expect((await founder().get(`/api/kpi-request-forms/${token}`)).json<{ data: KpiRequestForm }>().data.state).toBe('open');
    clock.advance(1000);
    const form = (await founder().get(`/api/kpi-request-forms/${token}`)).json<{ data: KpiRequestForm }>().data;
    expect(form).toMatchObject({ state: 'expired', expired_at: new Date(start.getTime() + 14 * DAY).toISOString() });
    const late = await founder().post(`/api/kpi-request-forms/${token}`, { values: { [revenue.id]: '1' } });
    expect(late.statusCode).toBe(409);
    expect(late.json<{ message: string }>().message).toContain('expired');
    await at(14 * DAY);
    const listed = (await admin.client.get('/api/kpi-requests?filter[status]=expired')).json<{ data: KpiRequest[] }>().data;
    expect(listed.map((r) => r.id)).toContain(request.id);

    // Resending opens a new link for another 14 days; the old one names nothing any more.
    const resent = await admin.client.post(`/api/kpi-requests/${request.id}/resend`);
    expect(resent.json<{ data: KpiRequest }>().data).toMatchObject({ status: 'sent', reminders_sent: 0 });
    expect((await founder().get(`/api/kpi-request-forms/${token}`)).statusCode).toBe(404);
    const fresh = await linkTo(request.contact_email);
    expect((await founder().get(`/api/kpi-request-forms/${fresh}`)).json<{ data: KpiRequestForm }>().data.state).toBe('open');
    await at(0);
  });

  it('says a cancelled request was withdrawn', async () => {
    const { request, token } = await sendRequest({ period: '2023-Q2' });
    const cancelled = await fundManager.client.post(`/api/kpi-requests/${request.id}/cancel`);
    expect(cancelled.json<{ data: KpiRequest }>().data.status).toBe('cancelled');
    expect((await founder().get(`/api/kpi-request-forms/${token}`)).json<{ data: KpiRequestForm }>().data.state).toBe('cancelled');
    expect((await founder().post(`/api/kpi-request-forms/${token}`, { values: { [revenue.id]: '1' } })).statusCode).toBe(409);
    expect((await admin.client.post(`/api/kpi-requests/${request.id}/cancel`)).statusCode).toBe(409);
  });
});

describe('reviewing an answer', () => {
  async function answered(period: string, values: Record<number, string>) {
    const sent = await sendRequest({ period });
    const response = await founder().post(`/api/kpi-request-forms/${sent.token}`, { values });
    expect(response.statusCode, response.body).toBe(200);
    return sent.request;
  }

  it('accepting writes the values, with staff corrections', async () => {
    const request = await answered('2026-Q1', { [revenue.id]: '1000', [customers.id]: '40' });
    const accepted = await fundManager.client.post(`/api/kpi-requests/${request.id}/accept`, {
      values: { [revenue.id]: '1100.25', [customers.id]: '' },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const data = accepted.json<{ data: KpiRequest }>().data;
    expect(data).toMatchObject({ status: 'accepted', reviewed_by: { id: fundManager.user.id } });
    expect(data.items.map((i) => [i.kpi.name, i.accepted_value, i.current_value])).toEqual([
      ['Customers', null, null],
      ['Revenue', '1100.25', '1100.25'],
    ]);
    const values = (await admin.client.get(`/api/kpi-values?filter[opportunity_id]=${acmeId}`)).json<{ data: KpiValue[] }>().data;
    expect(values.filter((v) => v.period === '2026-Q1').map((v) => [v.kpi_id, v.value, v.note])).toEqual([
      [revenue.id, '1100.25', `From KPI request #${request.id}`],
    ]);
    expect((await fundManager.client.post(`/api/kpi-requests/${request.id}/accept`, {})).statusCode).toBe(409);
  });

  it('replacing a recorded value needs the update grant', async () => {
    await created(
      await admin.client.post('/api/kpi-values', { kpi_id: revenue.id, opportunity_id: acmeId, period: '2022-Q1', value: '10' }),
    );
    const request = await answered('2022-Q1', { [revenue.id]: '12' });
    const seen = (await admin.client.get(`/api/kpi-requests/${request.id}`)).json<{ data: KpiRequest }>().data;
    expect(seen.items.find((i) => i.kpi.id === revenue.id)?.current_value).toBe('10');
    const refused = await fundManager.client.post(`/api/kpi-requests/${request.id}/accept`, {});
    expect(refused.statusCode).toBe(403);
    const accepted = await admin.client.post(`/api/kpi-requests/${request.id}/accept`, {});
    expect(accepted.json<{ data: KpiRequest }>().data.items.find((i) => i.kpi.id === revenue.id)?.current_value).toBe('12');
  });

  it('rejecting keeps the values out and gives the reason; resending asks again', async () => {
    const request = await answered('2022-Q2', { [revenue.id]: '999' });
    expect((await admin.client.post(`/api/kpi-requests/${request.id}/resend`)).statusCode).toBe(409);
    const missing = await admin.client.post(`/api/kpi-requests/${request.id}/reject`, { reason: ' ' });
    expect(missing.statusCode).toBe(422);
    const rejected = await admin.client.post(`/api/kpi-requests/${request.id}/reject`, { reason: 'Revenue looks annual, not quarterly.' });
    expect(rejected.json<{ data: KpiRequest }>().data).toMatchObject({
      status: 'rejected',
      rejection_reason: 'Revenue looks annual, not quarterly.',
    });
    const values = (await admin.client.get(`/api/kpi-values?filter[opportunity_id]=${acmeId}`)).json<{ data: KpiValue[] }>().data;
    expect(values.filter((v) => v.period === '2022-Q2')).toEqual([]);
    const resent = (await admin.client.post(`/api/kpi-requests/${request.id}/resend`)).json<{ data: KpiRequest }>().data;
    expect(resent.status).toBe('sent');
    const [, second] = await mailsTo(request.contact_email);
    expect(second.text).toContain('Your previous answer was returned: Revenue looks annual, not quarterly.');
  });
});

describe('reminders', () => {
  it('go out 3 and 7 days after sending and a day before expiry, each once, until answered', async () => {
    const { request, email, token } = await sendRequest({ period: '2021-Q1' });
    const reminders = async () =>
      (
        await t.db
          .select()
          .from(mailOutbox)
          .where(and(eq(mailOutbox.toAddress, email), like(mailOutbox.subject, 'Reminder:%')))
      ).length;
    await sendDueReminders(t.ctx);
    expect(await reminders()).toBe(0);
    await at(3 * DAY);
    await sendDueReminders(t.ctx);
    await sendDueReminders(t.ctx);
    expect(await reminders()).toBe(1);
    await at(7 * DAY + 60_000);
    await Promise.all([sendDueReminders(t.ctx), sendDueReminders(t.ctx)]);
    expect(await reminders()).toBe(2);
    // Each reminder carries its own link; the first one still works.
    const reminderToken = await linkTo(email);
    expect(reminderToken).not.toBe(token);
    expect((await founder().get(`/api/kpi-request-forms/${token}`)).json<{ data: KpiRequestForm }>().data.state).toBe('open');
    await at(13 * DAY);
    await sendDueReminders(t.ctx);
    await sendDueReminders(t.ctx);
    expect(await reminders()).toBe(3);
    expect((await admin.client.get(`/api/kpi-requests/${request.id}`)).json<{ data: KpiRequest }>().data.reminders_sent).toBe(3);
    await at(20 * DAY);
    await sendDueReminders(t.ctx);
    expect(await reminders()).toBe(3);
    await at(0);
  });

  it('stop once the founder answers, and a request sent while the app was down gets one, not a burst', async () => {
    const answeredReq = await sendRequest({ period: '2021-Q2' });
    await founder().post(`/api/kpi-request-forms/${answeredReq.token}`, { values: { [revenue.id]: '5' } });
    const late = await sendRequest({ period: '2021-Q3' });
    await at(8 * DAY);
    await sendDueReminders(t.ctx);
    const subjects = async (to: string) => (await mailsTo(to)).map((m) => m.subject);
    expect(await subjects(answeredReq.email)).toEqual(['Acme Ltd KPIs for 2021-Q2']);
    expect(await subjects(late.email)).toEqual(['Acme Ltd KPIs for 2021-Q3', 'Reminder: Acme Ltd KPIs for 2021-Q3']);
    const seen = (await admin.client.get(`/api/kpi-requests/${late.request.id}`)).json<{ data: KpiRequest }>().data;
    expect(seen.reminders_sent).toBe(2);
    await at(0);
  });
});

describe('who may do what', () => {
  const routes = (id: number) =>
    [
      { action: 'index', method: 'GET', url: '/api/kpi-requests' },
      { action: 'index', method: 'GET', url: `/api/kpi-requests/${id}` },
      { action: 'create', method: 'POST', url: '/api/kpi-requests', payload: {} },
      { action: 'create', method: 'POST', url: `/api/kpi-requests/${id}/resend` },
      { action: 'create', method: 'POST', url: `/api/kpi-requests/${id}/cancel` },
      { action: 'create', method: 'POST', url: `/api/kpi-requests/${id}/accept`, payload: {} },
      { action: 'create', method: 'POST', url: `/api/kpi-requests/${id}/reject`, payload: {} },
    ] as const;

  it('answers 401 without a session', async () => {
    const anonymous = agent(t.app);
    for (const route of routes(1)) {
      const response = await anonymous.request({
        method: route.method,
        url: route.url,
        payload: 'payload' in route ? route.payload : undefined,
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('answers 403 to the roles the permission table does not give the action', async () => {
    // A request every role's attempt leaves as it was: already accepted.
    const { request, token } = await sendRequest({ period: '2020-Q1' });
    await founder().post(`/api/kpi-request-forms/${token}`, { values: { [revenue.id]: '1' } });
    await admin.client.post(`/api/kpi-requests/${request.id}/accept`, {});
    for (const roleId of ROLE_IDS) {
      const { client } = await signedIn(t, roleId);
      for (const route of routes(request.id)) {
        const response = await client.request({
          method: route.method,
          url: route.url,
          payload: 'payload' in route ? route.payload : undefined,
        });
        const label = `role ${roleId} ${route.method} ${route.url}`;
        if (can(roleId, 'kpis', route.action)) expect(response.statusCode, label).not.toBe(403);
        else expect(response.statusCode, label).toBe(403);
      }
    }
    expect(can(Role.InvestmentCommittee, 'kpis', 'index')).toBe(true);
    expect(can(Role.InvestmentCommittee, 'kpis', 'create')).toBe(false);
  });
});
