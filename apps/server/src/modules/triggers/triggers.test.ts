import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { Role, WEBHOOK_HEADERS } from '@platform/domain';
import { investments, triggerDeliveries, triggerEvents, triggers } from '../../db/schema';
import { fixedClock } from '../../platform/clock';
import { recordTriggerEvent } from '../../shared/trigger-events';
import { createTestApp, createUser, signedIn, type TestApp } from '../../test/harness';
import { createInvestmentRow, createOpportunityRow } from '../../test/opportunities';
import { startSmtp } from '../../test/smtp';
import { runTriggerDeliveries } from './deliveries';
import { verifyWebhook, webhookSignature } from './signature';

/** Triggers (decision 0066): events recorded with their change, signed webhooks to a local receiver, staff e-mails over SMTP. */
const clock = fixedClock(new Date('2026-06-01T10:00:00Z'));
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let admin: Awaited<ReturnType<typeof signedIn>>;

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}
/** A receiver on this machine: records each request and answers the next status of `answers` (then 204). */
let received: Received[] = [];
let answers: number[] = [];
let receiver: http.Server;
let receiverUrl: string;

beforeAll(async () => {
  smtp = await startSmtp();
  receiver = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.statusCode = answers.shift() ?? 204;
      response.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  t = await createTestApp({ clock, env: { SMTP_URL: smtp.url, WEBHOOK_PRIVATE_ADDRESSES: 'allow' } });
  admin = await signedIn(t, Role.SuperAdmin);
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => receiver.close(resolve));
  await smtp.close();
});

const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);
const deliver = async () => {
  await t.ctx.background.settled();
  return runTriggerDeliveries(t.ctx);
};

async function createTrigger(body: Record<string, unknown>) {
  const created = await admin.client.post('/api/triggers', { name: 'Cash calls to the CRM', event: 'cash_call.issued', ...body });
  expect(created.statusCode).toBe(201);
  return created.json().data as { id: number; secret: string | null };
}

/** Issues a cash call through the API: the event the triggers below follow. */
async function issueCashCall() {
  const opportunity = await createOpportunityRow(t, { cashCallPaymentDays: 10 });
  const investor = await createUser(t.ctx, { roleId: Role.User });
  const row = await createInvestmentRow(t, { opportunityId: opportunity.id, userId: investor.id, amount: '2500.00' });
  const issued = await admin.client.post(`/api/investments/${row.id}/cash-call`, {});
  expect(issued.statusCode).toBe(200);
  return row;
}

async function deliveriesOf(triggerId: number) {
  const page = await admin.client.get(`/api/triggers/${triggerId}/deliveries`);
  expect(page.statusCode).toBe(200);
  return page.json().data as Array<{
    id: number;
    delivery_id: string;
    status: string;
    attempts: number;
    response_code: number | null;
    next_attempt_at: string | null;
    replay_of: number | null;
  }>;
}

async function switchOff(id: number) {
  await t.db.update(triggers).set({ active: false }).where(eq(triggers.id, id));
}

describe('trigger settings', () => {
  it('shows a generated secret once and never again', async () => {
    const created = await createTrigger({ url: 'https://crm.example.test/in' });
    expect(created.secret).toMatch(/^whsec_/);
    const read = await admin.client.get(`/api/triggers/${created.id}`);
    expect(read.json().data).toMatchObject({ has_secret: true, event_label: 'Cash call issued' });
    expect(read.body).not.toContain(created.secret);
    const listed = await admin.client.get('/api/triggers');
    expect(listed.body).not.toContain(created.secret);
    const [row] = await t.db.select().from(triggers).where(eq(triggers.id, created.id));
    expect(row.secretSealed).not.toContain(created.secret);
    await switchOff(created.id);
  });

  it('refuses a trigger without a webhook or people, bad addresses and non-staff recipients (422)', async () => {
    const none = await admin.client.post('/api/triggers', { name: 'Nothing', event: 'payment.received' });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.url).toBeDefined();
    const bad = await admin.client.post('/api/triggers', { name: 'Bad', event: 'payment.received', url: 'ftp://x.test' });
    expect(bad.json().errors.url).toBeDefined();
    const unknownEvent = await admin.client.post('/api/triggers', { name: 'Bad', event: 'everything', url: 'https://x.test' });
    expect(unknownEvent.json().errors.event).toBeDefined();
    const investor = await createUser(t.ctx, { roleId: Role.User });
    const toInvestor = await admin.client.post('/api/triggers', { name: 'Leak', event: 'payment.received', email_user_ids: [investor.id] });
    expect(toInvestor.statusCode).toBe(422);
    expect(toInvestor.json().errors.email_user_ids).toBeDefined();
  });

  it('is staff with settings_integrations only', async () => {
    const adviser = await signedIn(t, Role.Adviser);
    expect((await adviser.client.get('/api/triggers')).statusCode).toBe(403);
    const investor = await signedIn(t, Role.User);
    expect((await investor.client.post('/api/triggers', { name: 'x', event: 'payment.received', url: 'https://x.test' })).statusCode).toBe(
      403,
    );
  });
});

describe('webhook deliveries', () => {
  it('posts the event signed (HMAC-SHA256 over timestamp and body) to the receiver', async () => {
    received = [];
    const trigger = await createTrigger({ url: receiverUrl, secret: 'a-receiver-chosen-secret-1234' });
    const investment = await issueCashCall();
    expect(received).toHaveLength(0); // nothing is sent inside the request
    expect(await deliver()).toBe(1);
    expect(received).toHaveLength(1);
    const [hook] = received;
    expect(hook.headers[WEBHOOK_HEADERS.event]).toBe('cash_call.issued');
    expect(hook.headers[WEBHOOK_HEADERS.timestamp]).toBe(String(nowSeconds()));
    expect(hook.headers[WEBHOOK_HEADERS.signature]).toBe(webhookSignature('a-receiver-chosen-secret-1234', nowSeconds(), hook.body));
    const seen = new Set<string>();
    expect(
      verifyWebhook({ secret: 'a-receiver-chosen-secret-1234', headers: hook.headers, body: hook.body, nowSeconds: nowSeconds(), seen }),
    ).toEqual({
      ok: true,
      deliveryId: hook.headers[WEBHOOK_HEADERS.delivery],
    });
    const body = JSON.parse(hook.body);
    expect(body).toMatchObject({
      event: 'cash_call.issued',
      data: { investment_id: investment.id, amount: '2500.00', status: 'cash_call' },
    });
    // A wrong secret or a changed body fails the check.
    expect(
      verifyWebhook({
        secret: 'another-secret-altogether',
        headers: hook.headers,
        body: hook.body,
        nowSeconds: nowSeconds(),
        seen: new Set(),
      }).ok,
    ).toBe(false);
    expect(
      verifyWebhook({
        secret: 'a-receiver-chosen-secret-1234',
        headers: hook.headers,
        body: hook.body.replace('2500', '9999'),
        nowSeconds: nowSeconds(),
        seen: new Set(),
      }),
    ).toEqual({ ok: false, reason: 'bad_signature' });
    const [log] = await deliveriesOf(trigger.id);
    expect(log).toMatchObject({ status: 'delivered', attempts: 1, response_code: 204, next_attempt_at: null });
    await switchOff(trigger.id);
  });

  it('lets a receiver refuse a replay; a replay by hand is a new delivery with a fresh timestamp', async () => {
    received = [];
    const secret = 'replay-secret-0123456789';
    const trigger = await createTrigger({ url: receiverUrl, secret });
    await issueCashCall();
    await deliver();
    const seen = new Set<string>();
    const first = received[0];
    expect(verifyWebhook({ secret, headers: first.headers, body: first.body, nowSeconds: nowSeconds(), seen }).ok).toBe(true);
    // The same request again: its delivery id was seen.
    expect(verifyWebhook({ secret, headers: first.headers, body: first.body, nowSeconds: nowSeconds(), seen })).toEqual({
      ok: false,
      reason: 'replayed',
    });
    // Captured and sent ten minutes later to a receiver that forgot its ids: too old.
    expect(verifyWebhook({ secret, headers: first.headers, body: first.body, nowSeconds: nowSeconds() + 600, seen: new Set() })).toEqual({
      ok: false,
      reason: 'stale',
    });

    clock.advance(15 * 60 * 1000);
    const [original] = await deliveriesOf(trigger.id);
    const replay = await admin.client.post(`/api/triggers/${trigger.id}/deliveries/${original.id}/replay`, {});
    expect(replay.statusCode).toBe(201);
    expect(replay.json().data).toMatchObject({ replay_of: original.id, status: 'pending' });
    await deliver();
    expect(received).toHaveLength(2);
    const again = received[1];
    expect(again.headers[WEBHOOK_HEADERS.delivery]).not.toBe(first.headers[WEBHOOK_HEADERS.delivery]);
    expect(Number(again.headers[WEBHOOK_HEADERS.timestamp])).toBe(nowSeconds());
    expect(JSON.parse(again.body).id).toBe(JSON.parse(first.body).id);
    expect(verifyWebhook({ secret, headers: again.headers, body: again.body, nowSeconds: nowSeconds(), seen }).ok).toBe(true);
    await switchOff(trigger.id);
  });

  it('tries again with back-off after the receiver answers 500', async () => {
    received = [];
    answers = [500, 500];
    const trigger = await createTrigger({ url: receiverUrl });
    await issueCashCall();
    await deliver();
    let [log] = await deliveriesOf(trigger.id);
    expect(log).toMatchObject({ status: 'failed', attempts: 1, response_code: 500 });
    expect(log.next_attempt_at).toBe(new Date(clock.now().getTime() + 60_000).toISOString());
    expect(await deliver()).toBe(0); // not due yet
    expect(received).toHaveLength(1);
    clock.advance(60_000);
    await deliver();
    [log] = await deliveriesOf(trigger.id);
    expect(log).toMatchObject({ status: 'failed', attempts: 2 });
    expect(log.next_attempt_at).toBe(new Date(clock.now().getTime() + 120_000).toISOString());
    clock.advance(120_000);
    expect(await deliver()).toBe(1);
    [log] = await deliveriesOf(trigger.id);
    expect(log).toMatchObject({ status: 'delivered', attempts: 3, response_code: 204 });
    expect(received).toHaveLength(3);
    await switchOff(trigger.id);
  });

  it('sends nothing for a change that was rolled back', async () => {
    const trigger = await createTrigger({ url: receiverUrl });
    const opportunity = await createOpportunityRow(t);
    const investor = await createUser(t.ctx, { roleId: Role.User });
    const row = await createInvestmentRow(t, { opportunityId: opportunity.id, userId: investor.id, amount: '1000.00' });
    const before = await t.db.select().from(triggerEvents);
    await expect(
      t.db.transaction(async (tx) => {
        await tx.update(investments).set({ status: 'cash_call' }).where(eq(investments.id, row.id));
        await recordTriggerEvent(tx, 'cash_call.issued', { investment_id: row.id }, clock.now());
        throw new Error('the change failed after the event was recorded');
      }),
    ).rejects.toThrow('the change failed');
    expect(await t.db.select().from(triggerEvents)).toHaveLength(before.length);
    expect(await deliveriesOf(trigger.id)).toHaveLength(0);
    // A refused change through the API records nothing either.
    await t.db.update(investments).set({ status: 'cancelled' }).where(eq(investments.id, row.id));
    expect((await admin.client.post(`/api/investments/${row.id}/cash-call`, {})).statusCode).toBe(422);
    expect(await deliveriesOf(trigger.id)).toHaveLength(0);
    await switchOff(trigger.id);
  });
});

describe('e-mail deliveries', () => {
  it('e-mails the chosen staff, and no one else, over SMTP', async () => {
    const chosen = await createUser(t.ctx, { roleId: Role.InvestmentManager });
    const other = await createUser(t.ctx, { roleId: Role.SuperAdmin });
    const trigger = await createTrigger({ name: 'Tell the desk', email_user_ids: [chosen.id] });
    expect(trigger.secret).toBeNull();
    const investment = await issueCashCall();
    await deliver();
    await t.ctx.mailer.flush();
    const mails = smtp.received.filter((m) => m.raw.includes('Cash call issued'));
    expect(mails.flatMap((m) => m.to)).toEqual([chosen.email]);
    expect(mails[0].raw).toContain(String(investment.paymentReference));
    expect(smtp.received.some((m) => m.to.includes(other.email))).toBe(false);
    const [log] = await deliveriesOf(trigger.id);
    expect(log).toMatchObject({ status: 'delivered', attempts: 1 });
    const rows = await t.db
      .select()
      .from(triggerDeliveries)
      .where(inArray(triggerDeliveries.triggerId, [trigger.id]));
    expect(rows.map((r) => r.channel)).toEqual(['email']);
  });
});
