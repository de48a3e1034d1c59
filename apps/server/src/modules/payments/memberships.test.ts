import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { Role } from '@platform/domain';
import { activityLog, feeRequests, membershipSubscriptions, notifications, payments, providerEvents } from '../../db/schema';
import { agent, createTestApp, signedIn, type TestApp } from '../../test/harness';
import {
  invoiceObject,
  sessionObject,
  startFakeStripe,
  stripeEvent,
  subscriptionObject,
  type FakeStripe,
  type FakeSubscription,
} from '../../test/fake-stripe';
import { postStripeEvent } from '../../test/stripe-webhook';

/**
 * Memberships and fees paid by card (decision 0058), against Stripe's real SDK answered by the
 * local Stripe-compatible server; notifications are signed as Stripe signs them.
 */
const SECRET = 'whsec_memberships';
let fake: FakeStripe;
let t: TestApp;
let unconfigured: TestApp;
beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_m',
      STRIPE_WEBHOOK_SECRET: SECRET,
      STRIPE_API_URL: fake.url,
      APP_URL: 'https://invest.example.test',
    },
  });
  unconfigured = await createTestApp();
  // Two fresh apps: on a busy machine their databases take longer than a hook's usual minute.
}, 180_000);
afterAll(async () => {
  await t.close();
  await unconfigured.close();
  await fake.close();
});

const webhook = (event: object, secret = SECRET) => postStripeEvent(t.app, event, secret);
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

async function staffWithPlans(testApp = t) {
  const staff = await signedIn(testApp, Role.SuperAdmin);
  const plan = async (body: object) => {
    const made = await staff.client.post('/api/membership-plans', body);
    expect(made.statusCode).toBe(201);
    return made.json().data as { id: number; name: string };
  };
  const monthly = await plan({ name: `Angel ${Math.random()}`, amount: '25.00', currency: 'GBP', interval: 'month' });
  const yearly = await plan({ name: `Patron ${Math.random()}`, amount: '250.00', currency: 'GBP', interval: 'year' });
  return { staff, monthly, yearly };
}

/** An investor who went through checkout: the fake completed it and the first notifications arrived. */
async function member() {
  const { staff, monthly, yearly } = await staffWithPlans();
  const investor = await signedIn(t, Role.User);
  const started = await investor.client.post('/api/subscription-payment', { plan_id: monthly.id });
  expect(started.statusCode).toBe(200);
  const sessionId = started.json().data.url.split('/').at(-1) as string;
  const { events } = await fake.pay(sessionId);
  for (const event of events) expect((await webhook(event)).statusCode).toBe(200);
  const subscription = fake.subscriptions.get(fake.sessions.get(sessionId)!.subscription!)!;
  return { staff, investor, monthly, yearly, subscription, events };
}

const overview = async (client: Awaited<ReturnType<typeof signedIn>>['client']) =>
  (await client.get('/api/subscription-payment')).json().data;

describe('membership plans in settings', () => {
  it('staff add, reword and withdraw plans; investors see only those on offer; bad input is 422 per field', async () => {
    const { staff, monthly, yearly } = await staffWithPlans();
    const refused = await staff.client.post('/api/membership-plans', { name: '', amount: '0', interval: 'week' });
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors).sort()).toEqual(['amount', 'interval', 'name']);
    const changed = await staff.client.patch(`/api/membership-plans/${yearly.id}`, { name: 'Patron (annual)', active: false });
    expect(changed.json().data).toMatchObject({ name: 'Patron (annual)', active: false, amount: '250.00', interval_label: 'Yearly' });
    const investor = await signedIn(t, Role.User);
    const offered = (await overview(investor.client)).plans.map((p: { id: number }) => p.id);
    expect(offered).toContain(monthly.id);
    expect(offered).not.toContain(yearly.id);
    const logged = await t.db.select().from(activityLog).where(eq(activityLog.action, 'membership_plan_updated'));
    expect(logged.length).toBeGreaterThan(0);
  });

  it('answers 401 logged out and 403 to investors and to roles without cash calls', async () => {
    expect((await agent(t.app).get('/api/membership-plans')).statusCode).toBe(401);
    const investor = await signedIn(t, Role.User);
    expect((await investor.client.post('/api/membership-plans', { name: 'x', amount: '1', interval: 'month' })).statusCode).toBe(403);
    const committee = await signedIn(t, Role.InvestmentCommittee);
    expect((await committee.client.get('/api/membership-plans')).statusCode).toBe(403);
    expect((await committee.client.get('/api/payments')).statusCode).toBe(403);
  });
});

describe('an investor subscribes to membership by card', () => {
  it('opens a subscription checkout, and the paid notifications make an active member with the invoice in the ledger', async () => {
    const { investor, monthly, subscription, events, staff } = await member();
    const checkout = fake.requests.find((r) => r.path === '/v1/checkout/sessions' && r.body.get('mode') === 'subscription')!;
    expect(checkout.body.get('customer_email')).toBe(investor.user.email);
    expect(checkout.body.get('success_url')).toBe('https://invest.example.test/investor/profile/subscription?payment=done');
    const seen = await overview(investor.client);
    expect(seen.subscription).toMatchObject({
      status: 'active',
      status_label: 'Active',
      plan: { id: monthly.id },
      cancel_at_period_end: false,
    });
    expect(seen.subscription.next_payment).toMatchObject({ amount: '25.00', currency: 'GBP' });
    expect(seen.subscription.next_payment.on).toBe(new Date(subscription.currentPeriodEnd * 1000).toISOString());
    expect(seen.payments).toMatchObject([{ amount: '25.00', state: 'received', description: monthly.name }]);

    // The same notifications again change nothing: one ledger row, one event row each.
    for (const event of events) expect((await webhook(event)).statusCode).toBe(200);
    const ledger = await t.db.select().from(payments).where(eq(payments.userId, investor.user.id));
    expect(ledger.map((p) => [p.method, p.purpose, p.state, p.amount])).toEqual([['subscription', 'membership', 'received', '25.00']]);
    const taken = await t.db.select().from(providerEvents).where(eq(providerEvents.eventRef, events[1].id));
    expect(taken).toHaveLength(1);
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, investor.user.id));
    expect(told).toHaveLength(1);

    // Staff see it on the investor's record and in the payments list.
    const record = (await staff.client.get(`/api/users/${investor.user.id}/subscription-payment`)).json().data;
    expect(record.subscription.status).toBe('active');
    const listed = (await staff.client.get(`/api/payments?filter[user_id]=${investor.user.id}&filter[method]=subscription`)).json();
    expect(listed.data).toMatchObject([
      { purpose: 'membership', purpose_label: 'Membership', investment_id: null, subscription_id: seen.subscription.id },
    ]);
    const totals = (await staff.client.get(`/api/payments/totals?filter[user_id]=${investor.user.id}`)).json().data;
    expect(totals).toEqual([{ currency: 'GBP', count: 1, received: '25.00', failed: 0 }]);
  });

  it('changes plan at the provider with proration, and cancels at the period end until the provider ends it', async () => {
    const { investor, yearly, subscription } = await member();
    expect((await investor.client.patch('/api/subscription-payment', { plan_id: 999999 })).statusCode).toBe(422);
    const changed = await investor.client.patch('/api/subscription-payment', { plan_id: yearly.id });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.subscription.plan.id).toBe(yearly.id);
    const update = fake.requests.filter((r) => r.path === `/v1/subscriptions/${subscription.id}` && r.method === 'POST').at(-1)!;
    expect(update.body.get('items[0][price]')).toBe(subscription.price);
    expect(update.body.get('proration_behavior')).toBe('create_prorations');
    expect((await investor.client.patch('/api/subscription-payment', { plan_id: yearly.id })).statusCode).toBe(422);

    const cancelled = await investor.client.post('/api/subscription-payment/cancel', {});
    expect(cancelled.json().data.subscription).toMatchObject({ status: 'active', cancel_at_period_end: true, next_payment: null });
    expect(fake.subscriptions.get(subscription.id)!.cancelAtPeriodEnd).toBe(true);
    expect((await investor.client.post('/api/subscription-payment/cancel', {})).json().errors.status).toBeDefined();

    const ended = stripeEvent(
      'customer.subscription.deleted',
      subscriptionObject({ ...subscription, status: 'canceled' }),
      seconds(new Date()) + 60,
    );
    expect((await webhook(ended)).statusCode).toBe(200);
    const after = (await overview(investor.client)).subscription;
    expect(after).toMatchObject({ status: 'ended', status_label: 'Ended' });
    expect(after.ended_at).not.toBeNull();
    // A late "updated" from before the end cannot bring it back.
    const late = stripeEvent(
      'customer.subscription.updated',
      subscriptionObject({ ...subscription, status: 'active' }),
      seconds(new Date()) - 60,
    );
    await webhook(late);
    expect((await overview(investor.client)).subscription.status).toBe('ended');
    // Ended, the investor may start again.
    expect((await investor.client.post('/api/subscription-payment', { plan_id: yearly.id })).statusCode).toBe(200);
  });

  it('answers 503 with nothing changed when the provider fails a plan change or a cancellation, and works once it is back', async () => {
    const { investor, monthly, yearly, subscription } = await member();
    fake.failCallsTo(`/v1/subscriptions/${subscription.id}`);
    try {
      const refused = await investor.client.patch('/api/subscription-payment', { plan_id: yearly.id });
      expect(refused.statusCode).toBe(503);
      expect(refused.json().message).toBe(
        'The card payment provider did not take the request, so nothing was changed. Please try again shortly.',
      );
      expect((await investor.client.post('/api/subscription-payment/cancel', {})).statusCode).toBe(503);
    } finally {
      fake.failCallsTo(null);
    }
    const unchanged = (await overview(investor.client)).subscription;
    expect(unchanged).toMatchObject({ plan: { id: monthly.id }, cancel_at_period_end: false });
    expect((await investor.client.patch('/api/subscription-payment', { plan_id: yearly.id })).statusCode).toBe(200);
  });

  it('a failed renewal marks the membership past due and is kept as failed; paid later it is received, in either order', async () => {
    const { investor, subscription } = await member();
    const row = (await t.db.select().from(membershipSubscriptions).where(eq(membershipSubscriptions.userId, investor.user.id)))[0];
    const renewal = (paid: boolean, created: number) =>
      stripeEvent(
        paid ? 'invoice.paid' : 'invoice.payment_failed',
        invoiceObject({
          id: `in_renewal_${row.id}`,
          subscription: subscription as FakeSubscription,
          amountMinor: 2500,
          currency: 'gbp',
          paid,
        }),
        created,
      );
    const now = seconds(new Date()) + 100;
    await webhook(renewal(false, now));
    expect((await overview(investor.client)).subscription).toMatchObject({ status: 'past_due', status_label: 'Payment failed' });
    const failed = await t.db
      .select()
      .from(payments)
      .where(and(eq(payments.userId, investor.user.id), eq(payments.state, 'failed')));
    expect(failed).toHaveLength(1);
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, investor.user.id));
    expect(told.map((n) => (n.data as { message: string }).message)).toContainEqual(expect.stringContaining('did not go through'));

    await webhook(renewal(true, now + 10));
    // An older failure delivered late changes neither the ledger nor the state.
    await webhook(renewal(false, now + 5));
    expect((await overview(investor.client)).subscription.status).toBe('active');
    const ledger = await t.db.select().from(payments).where(eq(payments.userId, investor.user.id));
    expect(ledger.map((p) => p.state).sort()).toEqual(['received', 'received']);
  });

  it('takes notifications in any order: an invoice paid before the checkout completes still makes the member', async () => {
    const { monthly } = await staffWithPlans();
    const investor = await signedIn(t, Role.User);
    const started = await investor.client.post('/api/subscription-payment', { plan_id: monthly.id });
    const sessionId = started.json().data.url.split('/').at(-1) as string;
    const { events } = await fake.pay(sessionId);
    for (const event of [...events].reverse()) expect((await webhook(event)).statusCode).toBe(200);
    const seen = await overview(investor.client);
    expect(seen.subscription.status).toBe('active');
    expect(seen.payments).toHaveLength(1);
  });

  it('refuses a bad signature, and a second membership while one is live', async () => {
    const { investor, monthly, events } = await member();
    expect((await webhook(events[1], 'whsec_forged')).statusCode).toBe(400);
    const again = await investor.client.post('/api/subscription-payment', { plan_id: monthly.id });
    expect(again.statusCode).toBe(422);
    expect(Object.keys(again.json().errors)).toEqual(['plan_id']);
  });

  it('scopes every route to the signed-in investor: 401 logged out, 403 to staff, 404 for staff naming a non-investor', async () => {
    expect((await agent(t.app).get('/api/subscription-payment')).statusCode).toBe(401);
    expect((await agent(t.app).post('/api/subscription-payment/cancel', {})).statusCode).toBe(401);
    const { staff } = await staffWithPlans();
    expect((await staff.client.get('/api/subscription-payment')).statusCode).toBe(403);
    expect((await staff.client.get(`/api/users/${staff.user.id}/subscription-payment`)).statusCode).toBe(404);
    const investor = await signedIn(t, Role.User);
    expect((await investor.client.get(`/api/users/${investor.user.id}/subscription-payment`)).statusCode).toBe(403);
    const none = await investor.client.post('/api/subscription-payment/cancel', {});
    expect(none.statusCode).toBe(422);
  });

  it('without keys answers 422 to card actions', async () => {
    const { monthly } = await staffWithPlans(unconfigured);
    const investor = await signedIn(unconfigured, Role.User);
    const refused = await investor.client.post('/api/subscription-payment', { plan_id: monthly.id });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.payment_method[0]).toMatch(/not available/);
  });
});

describe('fees paid by card (single payments)', () => {
  it('staff ask a fee, the investor pays it by card once, and it is in the ledger without an investment', async () => {
    const staff = await signedIn(t, Role.SuperAdmin);
    const investor = await signedIn(t, Role.User);
    const asked = await staff.client.post('/api/single-payment', {
      user_id: investor.user.id,
      description: 'Annual due-diligence fee',
      amount: '150.00',
      currency: 'GBP',
    });
    expect(asked.statusCode).toBe(201);
    const fee = asked.json().data;
    expect(fee).toMatchObject({ status: 'open', status_label: 'To pay', requested_by: { id: staff.user.id } });
    expect((await investor.client.get('/api/single-payment')).json().data.map((f: { id: number }) => f.id)).toEqual([fee.id]);

    const paid = await investor.client.post(`/api/single-payment/${fee.id}/checkout`, {});
    expect(paid.statusCode).toBe(200);
    const sent = fake.requests.at(-1)!;
    expect(sent.body.get('mode')).toBe('payment');
    expect(sent.body.get('line_items[0][price_data][unit_amount]')).toBe('15000');
    expect(sent.body.get('metadata[fee_request_id]')).toBe(String(fee.id));
    const sessionId = paid.json().data.url.split('/').at(-1) as string;
    const { events } = await fake.pay(sessionId);
    await webhook(events[0]);
    await webhook(events[0]);
    // The same payment under another event id: the checkout reference is unique in the ledger.
    await webhook(stripeEvent('checkout.session.async_payment_succeeded', sessionObject(fake.sessions.get(sessionId)!)));
    const ledger = await t.db.select().from(payments).where(eq(payments.feeRequestId, fee.id));
    expect(ledger.map((p) => [p.method, p.purpose, p.amount, p.investmentId, p.note])).toEqual([
      ['card', 'fee', '150.00', null, 'Annual due-diligence fee'],
    ]);
    const [stored] = await t.db.select().from(feeRequests).where(eq(feeRequests.id, fee.id));
    expect(stored.status).toBe('paid');
    expect((await investor.client.post(`/api/single-payment/${fee.id}/checkout`, {})).statusCode).toBe(422);
    expect((await staff.client.post(`/api/single-payment/${fee.id}/withdraw`, {})).statusCode).toBe(422);
    const listed = (await staff.client.get(`/api/payments?filter[user_id]=${investor.user.id}&filter[method]=card`)).json().data;
    expect(listed).toMatchObject([{ purpose: 'fee', purpose_label: 'Fee', fee_request_id: fee.id }]);
  });

  it('keeps fees to their investor and their rules: 404 for another investor, 403 to investors asking, 422 per field, withdraw', async () => {
    const staff = await signedIn(t, Role.SuperAdmin);
    const investor = await signedIn(t, Role.User);
    const other = await signedIn(t, Role.User);
    const bad = await staff.client.post('/api/single-payment', { user_id: staff.user.id, description: '', amount: '-1' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['amount', 'description']);
    const notInvestor = await staff.client.post('/api/single-payment', { user_id: staff.user.id, description: 'Fee', amount: '10' });
    expect(notInvestor.json().errors.user_id).toBeDefined();
    const fee = (await staff.client.post('/api/single-payment', { user_id: investor.user.id, description: 'Fee', amount: '10' })).json()
      .data;
    expect((await other.client.post(`/api/single-payment/${fee.id}/checkout`, {})).statusCode).toBe(404);
    expect((await other.client.get('/api/single-payment')).json().data).toEqual([]);
    expect(
      (await investor.client.post('/api/single-payment', { user_id: investor.user.id, description: 'x', amount: '1' })).statusCode,
    ).toBe(403);
    expect((await agent(t.app).get('/api/single-payment')).statusCode).toBe(401);
    expect((await staff.client.get(`/api/users/${investor.user.id}/single-payments`)).json().data).toHaveLength(1);
    const withdrawn = await staff.client.post(`/api/single-payment/${fee.id}/withdraw`, {});
    expect(withdrawn.json().data.status).toBe('withdrawn');
    expect((await investor.client.post(`/api/single-payment/${fee.id}/checkout`, {})).statusCode).toBe(422);
    const noCard = await signedIn(unconfigured, Role.SuperAdmin);
    const refused = await noCard.client.post('/api/single-payment', { user_id: investor.user.id, description: 'Fee', amount: '10' });
    expect(refused.statusCode).toBe(422);
  });
});
