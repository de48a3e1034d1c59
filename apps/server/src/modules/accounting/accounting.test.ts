import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { Role } from '@platform/domain';
import { accountingConnections, accountingSyncItems, activityLog, payments, users } from '../../db/schema';
import { fixedClock } from '../../platform/clock';
import { startFakeXero, fakeXeroEnv, type FakeXero } from '../../test/fake-xero';
import { agent, createTestApp, signedIn, type TestApp } from '../../test/harness';
import { createInvestmentRow, createOpportunityRow } from '../../test/opportunities';
import { runAccountingSync } from './sync';

/** The Xero integration (decision 0059) against a local server speaking Xero's API. */
const clock = fixedClock(new Date('2026-03-02T09:00:00Z'));
let xero: FakeXero;
let t: TestApp;
let unconfigured: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  xero = await startFakeXero();
  t = await createTestApp({ clock, env: { ...fakeXeroEnv(xero), APP_URL: 'https://invest.example.test' } });
  unconfigured = await createTestApp();
  admin = await signedIn(t, Role.SuperAdmin);
});
afterAll(async () => {
  await Promise.all([t.close(), unconfigured.close()]);
  await xero.close();
});

const calls = (path: string) => xero.requests.filter((r) => r.path === path);
const sync = async () => {
  await t.ctx.background.settled();
  return runAccountingSync(t.ctx);
};

/** Starts the sign-in as `client` and follows Xero's page back: the callback's answer. */
async function connect(client = admin.client, tamper: (state: string) => string = (s) => s) {
  const started = await client.post('/api/accounting/xero/connect', {});
  expect(started.statusCode).toBe(200);
  const signIn = await fetch(started.json().data.url, { redirect: 'manual' });
  const back = new URL(signIn.headers.get('location')!);
  expect(back.origin + back.pathname).toBe('https://invest.example.test/api/accounting/xero/callback');
  back.searchParams.set('state', tamper(back.searchParams.get('state')!));
  const answer = await client.get(`${back.pathname}${back.search}`);
  await t.ctx.background.settled();
  return { answer, back };
}

async function connection() {
  const [row] = await t.db.select().from(accountingConnections).where(eq(accountingConnections.service, 'xero'));
  return row;
}

/** A cash call issued through the API, on an investment of a new investor. */
async function issuedCall(amount = '1000.00') {
  const opportunity = await createOpportunityRow(t, { cashCallPaymentDays: 10 });
  const investor = await signedIn(t, Role.User);
  const row = await createInvestmentRow(t, { opportunityId: opportunity.id, userId: investor.user.id, amount });
  const issued = await admin.client.post(`/api/investments/${row.id}/cash-call`, {});
  expect(issued.statusCode).toBe(200);
  return { id: row.id, reference: row.paymentReference, investor: investor.user };
}

const itemOf = async (kind: string, subjectId: number) =>
  (
    await t.db
      .select()
      .from(accountingSyncItems)
      .where(and(eq(accountingSyncItems.kind, kind), eq(accountingSyncItems.subjectId, subjectId)))
  )[0];

describe('who may use the accounting routes', () => {
  const routes: Array<[string, string]> = [
    ['GET', '/api/accounting'],
    ['POST', '/api/accounting/xero/connect'],
    ['GET', '/api/accounting/xero/callback?code=x&state=y'],
    ['DELETE', '/api/accounting/xero'],
    ['GET', '/api/accounting/sync-items'],
    ['POST', '/api/accounting/sync-items/1/retry'],
  ];

  it('answers 401 to nobody signed in and 403 to an investor or staff without the settings permission', async () => {
    const investor = await signedIn(t, Role.User);
    const committee = await signedIn(t, Role.InvestmentCommittee);
    for (const [method, url] of routes) {
      expect((await agent(t.app).request({ method: method as 'GET', url })).statusCode, `${method} ${url}`).toBe(401);
      expect((await investor.client.request({ method: method as 'GET', url })).statusCode, `${method} ${url}`).toBe(403);
      expect((await committee.client.request({ method: method as 'GET', url })).statusCode, `${method} ${url}`).toBe(403);
    }
  });
});

describe('without Xero settings', () => {
  it('says what to configure, and refuses to connect with 422', async () => {
    const staff = await signedIn(unconfigured, Role.SuperAdmin);
    const status = await staff.client.get('/api/accounting');
    expect(status.json().data.services).toEqual([
      { service: 'xero', label: 'Xero', configured: false, settings: ['XERO_CLIENT_ID', 'XERO_CLIENT_SECRET'], connection: null },
    ]);
    const refused = await staff.client.post('/api/accounting/xero/connect', {});
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.service[0]).toContain('XERO_CLIENT_ID');
    expect((await staff.client.post('/api/accounting/sage/connect', {})).statusCode).toBe(400);
  });
});

describe('connecting Xero', () => {
  it('refuses a state it did not issue, one issued to someone else, and one used before', async () => {
    const forged = await connect(admin.client, () => 'forged-state');
    expect(forged.answer.statusCode).toBe(302);
    expect(forged.answer.headers.location).toBe('/admin/settings/integrations/accounting?error=state');
    expect(await connection()).toBeUndefined();

    const other = await signedIn(t, Role.SuperAdmin);
    const started = await admin.client.post('/api/accounting/xero/connect', {});
    const back = new URL((await fetch(started.json().data.url, { redirect: 'manual' })).headers.get('location')!);
    expect((await other.client.get(`${back.pathname}${back.search}`)).headers.location).toContain('error=state');
    // The other person's try spent the state: its owner cannot use it either.
    expect((await admin.client.get(`${back.pathname}${back.search}`)).headers.location).toContain('error=state');
    expect(await connection()).toBeUndefined();
  });

  it('stores the tokens sealed, reads the organisation and logs who connected', async () => {
    const { answer } = await connect();
    expect(answer.headers.location).toBe('/admin/settings/integrations/accounting?connected=xero');
    const row = await connection();
    expect(row.tenantId).toBe(xero.tenantId);
    const stored = JSON.stringify(row);
    for (const token of [...xero.liveAccessTokens, ...xero.liveRefreshTokens]) expect(stored).not.toContain(token);
    expect(row.accessToken).toMatch(/^v1\./);
    const status = (await admin.client.get('/api/accounting')).json().data.services[0];
    expect(status).toMatchObject({ configured: true, connection: { tenant_name: 'Demo Company (UK)', connected_by: admin.user.name } });
    expect(JSON.stringify(status)).not.toContain('access-');
    const logged = await t.db.select().from(activityLog).where(eq(activityLog.action, 'accounting_connected'));
    expect(logged).toHaveLength(1);
    expect(JSON.stringify(logged)).not.toContain('access-');
    // The exchange sent the client's credentials and the code, as Xero asks.
    const exchange = calls('/connect/token').at(-1)!;
    expect(exchange.headers.authorization).toMatch(/^Basic /);
    expect(new URLSearchParams(exchange.body).get('grant_type')).toBe('authorization_code');
  });
});

describe('sending to Xero once connected', () => {
  beforeEach(async () => {
    if (!(await connection())) await connect();
  });

  it('sends the investor as a contact, the cash call as an invoice and its payment, each once', async () => {
    const call = await issuedCall('1000.00');
    const paid = await admin.client.post(`/api/cash-calls/${call.id}/payments`, { amount: '400.00', received_on: '2026-03-02' });
    expect(paid.statusCode).toBe(201);
    // Two turns at once (two instances, or the tick beside a retry) send each record once.
    await Promise.all([sync(), sync()]);
    await sync();
    const invoice = await itemOf('invoice', call.id);
    expect(invoice).toMatchObject({ status: 'sent', attempts: 1 });
    const sent = xero.invoices.get(invoice.externalId!)!;
    expect(sent).toMatchObject({
      Type: 'ACCREC',
      Reference: call.reference,
      DueDate: '2026-03-12',
      CurrencyCode: 'GBP',
      Status: 'AUTHORISED',
    });
    const contact = await itemOf('contact', call.investor.id);
    expect(contact.status).toBe('sent');
    expect(xero.contacts.get(contact.externalId!)).toMatchObject({ Name: call.investor.name, EmailAddress: call.investor.email });
    expect((sent.Contact as { ContactID: string }).ContactID).toBe(contact.externalId);
    const invoicesFor = calls('/api.xro/2.0/Invoices').filter((r) => r.body.includes(call.reference));
    expect(invoicesFor).toHaveLength(1);
    expect(invoicesFor[0].headers['xero-tenant-id']).toBe(xero.tenantId);
    expect(invoicesFor[0].headers.authorization).toMatch(/^Bearer access-/);
    const payments = [...xero.payments.values()].filter((p) => (p.Invoice as { InvoiceID: string }).InvoiceID === invoice.externalId);
    expect(payments).toEqual([expect.objectContaining({ Amount: 400, Date: '2026-03-02' })]);

    // The rest arrives: one more payment, the same invoice and contact.
    await admin.client.post(`/api/cash-calls/${call.id}/payments`, { amount: '600.00', received_on: '2026-03-02' });
    await sync();
    expect(calls('/api.xro/2.0/Invoices').filter((r) => r.body.includes(call.reference))).toHaveLength(1);
    expect([...xero.payments.values()].filter((p) => (p.Invoice as { InvoiceID: string }).InvoiceID === invoice.externalId)).toHaveLength(
      2,
    );
    expect([...xero.contacts.values()].filter((c) => c.EmailAddress === call.investor.email)).toHaveLength(1);

    const log = await admin.client.get('/api/accounting/sync-items?filter[kind]=invoice');
    expect(log.json().data.find((i: { subject_id: number }) => i.subject_id === call.id)).toMatchObject({
      status: 'sent',
      status_label: 'Sent',
      external_id: invoice.externalId,
      description: expect.stringContaining(call.reference),
    });
  });

  it('refreshes the tokens once they are about to run out, and keeps the new ones sealed', async () => {
    const before = await connection();
    clock.advance(29 * 60 * 1000);
    const call = await issuedCall('250.00');
    await sync();
    const refresh = calls('/connect/token').filter((r) => new URLSearchParams(r.body).get('grant_type') === 'refresh_token');
    expect(refresh.length).toBeGreaterThanOrEqual(1);
    const after = await connection();
    expect(after.refreshToken).not.toBe(before.refreshToken);
    expect(after.expiresAt.getTime()).toBe(clock.now().getTime() + xero.expiresIn * 1000);
    for (const token of xero.liveRefreshTokens) expect(JSON.stringify(after)).not.toContain(token);
    expect((await itemOf('invoice', call.id)).status).toBe('sent');
  });

  it('logs a failure, retries it with back-off, and lets staff retry by hand', async () => {
    const call = await issuedCall('500.00');
    xero.failNext('/api.xro/2.0/Invoices', 500);
    await sync();
    const failed = await itemOf('invoice', call.id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 1, externalId: null });
    expect(failed.lastError).toContain('Xero answered 500: The service is failing on purpose (500).');
    expect(failed.nextAttemptAt!.getTime()).toBe(clock.now().getTime() + 60_000);

    await sync();
    expect((await itemOf('invoice', call.id)).attempts).toBe(1);
    clock.advance(61_000);
    await sync();
    expect(await itemOf('invoice', call.id)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });

    // By hand: a failure waits two minutes for the next try, staff send it now.
    const second = await issuedCall('75.00');
    xero.failNext('/api.xro/2.0/Invoices', 400);
    await sync();
    const waiting = await itemOf('invoice', second.id);
    expect(waiting.status).toBe('failed');
    const retried = await admin.client.post(`/api/accounting/sync-items/${waiting.id}/retry`, {});
    expect(retried.statusCode).toBe(200);
    await sync();
    expect((await itemOf('invoice', second.id)).status).toBe('sent');
    const again = await admin.client.post(`/api/accounting/sync-items/${waiting.id}/retry`, {});
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.status).toBeDefined();
    expect((await admin.client.post('/api/accounting/sync-items/999999/retry', {})).statusCode).toBe(404);
  });

  it('sends a fee and a membership payment taken by card as paid invoices, once each, and nothing unpaid or from before', async () => {
    const investor = await signedIn(t, Role.User);
    const card = { userId: investor.user.id, method: 'card', provider: 'stripe', currency: 'GBP' };
    const [fee, membership, failed, before] = await t.db
      .insert(payments)
      .values([
        { ...card, purpose: 'fee', amount: '150.00', note: 'Due diligence fee', providerReference: 'cs_fee_1', receivedOn: '2026-03-02' },
        { ...card, purpose: 'membership', amount: '25.00', note: 'Angel membership', providerReference: 'in_1', receivedOn: '2026-03-02' },
        {
          ...card,
          purpose: 'membership',
          amount: '25.00',
          note: 'Angel membership',
          state: 'failed',
          providerReference: 'in_2',
          receivedOn: '2026-03-02',
        },
        { ...card, purpose: 'fee', amount: '90.00', note: 'Old fee', providerReference: 'cs_old', receivedOn: '2026-01-05' },
      ])
      .returning();
    await Promise.all([sync(), sync()]);
    await sync();
    expect(await itemOf('receipt', failed.id)).toBeUndefined();
    expect(await itemOf('receipt', before.id)).toBeUndefined();
    const contact = await itemOf('contact', investor.user.id);
    expect(contact.status).toBe('sent');
    for (const [row, description] of [
      [fee, 'Fee: Due diligence fee'],
      [membership, 'Membership: Angel membership'],
    ] as const) {
      const item = await itemOf('receipt', row.id);
      expect(item).toMatchObject({ status: 'sent', attempts: 1, description: expect.stringContaining(description) });
      const invoice = xero.invoices.get(item.externalId!)!;
      expect(invoice).toMatchObject({ Type: 'ACCREC', Reference: row.providerReference, DueDate: '2026-03-02', CurrencyCode: 'GBP' });
      expect((invoice.Contact as { ContactID: string }).ContactID).toBe(contact.externalId);
      const settled = [...xero.payments.values()].filter((p) => (p.Invoice as { InvoiceID: string }).InvoiceID === item.externalId);
      expect(settled).toEqual([expect.objectContaining({ Amount: Number(row.amount), Date: '2026-03-02' })]);
      expect(calls('/api.xro/2.0/Invoices').filter((r) => r.body.includes(row.providerReference!))).toHaveLength(1);
    }

    // The payment's call failing after its invoice went: the retry finds the same invoice, not a second one.
    const [late] = await t.db
      .insert(payments)
      .values({ ...card, purpose: 'fee', amount: '40.00', note: 'Late fee', providerReference: 'cs_fee_2', receivedOn: '2026-03-02' })
      .returning();
    xero.failNext('/api.xro/2.0/Payments', 500);
    await sync();
    expect(await itemOf('receipt', late.id)).toMatchObject({ status: 'failed', attempts: 1 });
    clock.advance(61_000);
    await sync();
    const sent = await itemOf('receipt', late.id);
    expect(sent).toMatchObject({ status: 'sent', attempts: 2 });
    expect([...xero.invoices.values()].filter((i) => i.Reference === 'cs_fee_2')).toHaveLength(1);
    expect([...xero.payments.values()].filter((p) => (p.Invoice as { InvoiceID: string }).InvoiceID === sent.externalId)).toHaveLength(1);
  });

  it('updates the contact, not a new one, when the investor’s record changes', async () => {
    const call = await issuedCall('120.00');
    await sync();
    const contact = await itemOf('contact', call.investor.id);
    clock.advance(1000);
    await t.db.update(users).set({ name: 'Renamed Investor', updatedAt: clock.now() }).where(eq(users.id, call.investor.id));
    await sync();
    expect(await itemOf('contact', call.investor.id)).toMatchObject({ status: 'sent', externalId: contact.externalId });
    expect(xero.contacts.get(contact.externalId!)).toMatchObject({
      Name: 'Renamed Investor',
      ContactNumber: `investor-${call.investor.id}`,
    });
    expect([...xero.contacts.values()].filter((c) => c.EmailAddress === call.investor.email)).toHaveLength(1);
  });

  it('disconnects: Xero revokes the tokens and they are deleted', async () => {
    const live = new Set(xero.liveRefreshTokens);
    const answer = await admin.client.request({ method: 'DELETE', url: '/api/accounting/xero' });
    expect(answer.statusCode).toBe(204);
    const revoked = calls('/connect/revocation').at(-1)!;
    expect(live.has(new URLSearchParams(revoked.body).get('token')!)).toBe(true);
    expect(xero.liveRefreshTokens.has(new URLSearchParams(revoked.body).get('token')!)).toBe(false);
    expect(await connection()).toBeUndefined();
    expect(await t.db.select().from(activityLog).where(eq(activityLog.action, 'accounting_disconnected'))).toHaveLength(1);
    expect((await admin.client.request({ method: 'DELETE', url: '/api/accounting/xero' })).statusCode).toBe(404);
  });
});
