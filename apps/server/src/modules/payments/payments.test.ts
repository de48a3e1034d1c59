import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { Role } from '@platform/domain';
import { activityLog, investments, notifications, payments } from '../../db/schema';
import { agent, createTestApp, signedIn, type TestApp } from '../../test/harness';
import { createInvestmentRow, createOpportunityRow } from '../../test/opportunities';
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe';
import { postStripeEvent } from '../../test/stripe-webhook';

/**
 * Card payments against Stripe's real SDK. Stripe itself is out of reach of the tests, so its API
 * is answered by a local HTTP server speaking the same wire format (as stripe-mock would), and
 * webhooks are signed with Stripe's own test-header helper and the configured secret.
 */
const WEBHOOK_SECRET = 'whsec_test_secret';
let fakeStripe: FakeStripe;

let t: TestApp;
let unconfigured: TestApp;
beforeAll(async () => {
  fakeStripe = await startFakeStripe();
  t = await createTestApp({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_platform',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: fakeStripe.url,
      APP_URL: 'https://invest.example.test',
    },
  });
  unconfigured = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await unconfigured.close();
  await fakeStripe.close();
});

const webhook = (event: object, secret = WEBHOOK_SECRET) => postStripeEvent(t.app, event, secret);
const completed = (session: { id: string; investmentId: number; amountMinor: number; currency?: string }) => ({
  id: `evt_${session.id}`,
  object: 'event',
  type: 'checkout.session.completed',
  data: {
    object: {
      id: session.id,
      object: 'checkout.session',
      payment_status: 'paid',
      amount_total: session.amountMinor,
      currency: session.currency ?? 'gbp',
      metadata: { investment_id: String(session.investmentId) },
    },
  },
});

async function reservedInvestment(testApp: TestApp, amount = '2500.50') {
  const opportunity = await createOpportunityRow(testApp, { status: 2, name: 'Card Co Seed' });
  const investor = await signedIn(testApp, Role.User);
  const investment = await createInvestmentRow(testApp, { opportunityId: opportunity.id, userId: investor.user.id, amount });
  return { investor, investment, opportunity };
}

describe('paying an investment by card', () => {
  it('opens a checkout for the exact amount, then a signed notification marks it paid once', async () => {
    const { investor, investment, opportunity } = await reservedInvestment(t);
    const started = await investor.client.post(`/api/investments/${investment.id}/stripe`, {});
    expect(started.statusCode).toBe(200);
    expect(started.json().data.url).toMatch(/\/pay\/cs_test_\d+$/);
    const sent = fakeStripe.requests.at(-1)!;
    expect(sent.body.get('line_items[0][price_data][unit_amount]')).toBe('250050');
    expect(sent.body.get('line_items[0][price_data][currency]')).toBe('gbp');
    expect(sent.body.get('customer_email')).toBe(investor.user.email);
    expect(sent.body.get('success_url')).toBe(`https://invest.example.test/investor/investments/${opportunity.slug}?payment=done`);
    expect(sent.idempotencyKey).toBe(`investment-${investment.id}-2500.50`);
    const [stored] = await t.db.select().from(investments).where(eq(investments.id, investment.id));
    expect(stored.paymentProviderRef).toMatch(/^cs_test_/);
    expect(stored.status).toBe('reserved');

    const event = completed({ id: stored.paymentProviderRef!, investmentId: investment.id, amountMinor: 250050 });
    expect((await webhook(event)).statusCode).toBe(200);
    expect((await webhook(event)).statusCode).toBe(200);
    const [paid] = await t.db.select().from(investments).where(eq(investments.id, investment.id));
    expect(paid.status).toBe('paid');
    expect(paid.paidAt).not.toBeNull();
    const ledger = await t.db.select().from(payments).where(eq(payments.investmentId, investment.id));
    expect(ledger.map((p) => [p.amount, p.method, p.provider, p.providerReference])).toEqual([
      ['2500.50', 'card', 'stripe', stored.paymentProviderRef],
    ]);
    const logged = await t.db
      .select()
      .from(activityLog)
      .where(
        and(
          eq(activityLog.subjectType, 'investment'),
          eq(activityLog.subjectId, String(investment.id)),
          eq(activityLog.action, 'paid_by_card'),
        ),
      );
    expect(logged).toHaveLength(1);
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, investor.user.id));
    expect(told.map((n) => (n.data as { message: string }).message)).toContainEqual(expect.stringContaining('£2,500.50'));
  });

  it('refuses a notification with a bad signature, ignores a checkout it did not start, and keeps a short card payment as part-paid', async () => {
    const { investor, investment } = await reservedInvestment(t, '1000.00');
    await investor.client.post(`/api/investments/${investment.id}/stripe`, {});
    const [stored] = await t.db.select().from(investments).where(eq(investments.id, investment.id));
    const forged = await webhook(
      completed({ id: stored.paymentProviderRef!, investmentId: investment.id, amountMinor: 100000 }),
      'whsec_someone_else',
    );
    expect(forged.statusCode).toBe(400);
    expect((await webhook(completed({ id: stored.paymentProviderRef!, investmentId: investment.id, amountMinor: 100 }))).statusCode).toBe(
      200,
    );
    expect((await webhook(completed({ id: 'cs_test_unknown', investmentId: investment.id, amountMinor: 100000 }))).statusCode).toBe(200);
    const [after] = await t.db.select().from(investments).where(eq(investments.id, investment.id));
    expect(after).toMatchObject({ status: 'reserved', receivedAmount: '1.00' });
  });

  it('answers 401 logged out, 403 to staff, 404 for another investor and 422 once paid', async () => {
    const { investment } = await reservedInvestment(t);
    expect((await agent(t.app).post(`/api/investments/${investment.id}/stripe`, {})).statusCode).toBe(401);
    const staff = await signedIn(t, Role.SuperAdmin);
    expect((await staff.client.post(`/api/investments/${investment.id}/stripe`, {})).statusCode).toBe(403);
    const other = await signedIn(t, Role.User);
    expect((await other.client.post(`/api/investments/${investment.id}/stripe`, {})).statusCode).toBe(404);
    const { investor, investment: paid } = await reservedInvestment(t);
    await t.db.update(investments).set({ status: 'paid' }).where(eq(investments.id, paid.id));
    const refused = await investor.client.post(`/api/investments/${paid.id}/stripe`, {});
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors)).toEqual(['status']);
  });

  it('without keys says card payments are unavailable, and public settings say so too', async () => {
    const { investor, investment } = await reservedInvestment(unconfigured);
    const refused = await investor.client.post(`/api/investments/${investment.id}/stripe`, {});
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.payment_method[0]).toMatch(/not available/);
    expect((await agent(unconfigured.app).get('/api/public-settings/1')).json().data.card_payments_enabled).toBe(false);
    const configured = (await agent(t.app).get('/api/public-settings/1')).json().data;
    expect(configured.card_payments_enabled).toBe(true);
    expect(JSON.stringify(configured)).not.toContain('sk_test_platform');
    expect(JSON.stringify(configured)).not.toContain(WEBHOOK_SECRET);
  });
});
