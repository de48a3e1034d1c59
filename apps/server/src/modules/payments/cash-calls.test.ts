import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Role } from '@platform/domain';
import { activityLog, investments, payments } from '../../db/schema';
import { fixedClock } from '../../platform/clock';
import { agent, createTestApp, signedIn, type TestApp } from '../../test/harness';
import { createInvestmentRow, createOpportunityRow } from '../../test/opportunities';

/** Cash calls and the payments ledger (decision 0050), by the clock the tests move. */
const clock = fixedClock(new Date('2026-03-02T09:00:00Z'));
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await signedIn(t, Role.SuperAdmin);
});
afterAll(() => t.close());

/** A reservation of `amount` with its cash call issued now, on an opportunity giving `days` to pay. */
async function issuedCall(amount = '1000.00', days: number | null = null) {
  const opportunity = await createOpportunityRow(t, { cashCallPaymentDays: days });
  const investor = await signedIn(t, Role.User);
  const row = await createInvestmentRow(t, { opportunityId: opportunity.id, userId: investor.user.id, amount });
  const issued = await admin.client.post(`/api/investments/${row.id}/cash-call`, {});
  expect(issued.statusCode).toBe(200);
  return { opportunity, investor, id: row.id };
}

const pay = (id: number, amount: string, extra: Record<string, string> = {}) =>
  admin.client.post(`/api/cash-calls/${id}/payments`, { amount, received_on: '2026-03-02', ...extra });

describe('a cash call and the money that arrives against it', () => {
  it('is due the opportunity’s days after issue, part-paid while short, and paid when the total reaches the amount', async () => {
    const { id } = await issuedCall('1000.00', 10);
    const first = await pay(id, '400.00', { note: 'First instalment' });
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({
      status: 'cash_call',
      payment_due_on: '2026-03-12',
      amount_received: '400.00',
      amount_outstanding: '600.00',
      amount_overpaid: '0.00',
      cash_call_state: 'part_paid',
      cash_call_state_label: 'Part-paid',
    });
    const rest = await pay(id, '600.00');
    expect(rest.json().data).toMatchObject({ status: 'paid', amount_outstanding: '0.00', cash_call_state: 'paid' });
    const ledger = await t.db.select().from(payments).where(eq(payments.investmentId, id));
    expect(ledger.map((p) => [p.amount, p.method, p.note, p.recordedBy])).toEqual([
      ['400.00', 'bank_transfer', 'First instalment', admin.user.id],
      ['600.00', 'bank_transfer', null, admin.user.id],
    ]);
    const logged = await t.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.subjectId, String(id)));
    expect(logged.filter((l) => l.action === 'payment_recorded')).toHaveLength(2);
  });

  it('takes the days to pay from the opportunity as staff set them, within 1 to 365', async () => {
    const opportunity = await createOpportunityRow(t);
    const refused = await admin.client.patch(`/api/investment-opportunities/${opportunity.id}`, { cash_call_payment_days: 0 });
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors)).toEqual(['cash_call_payment_days']);
    const set = await admin.client.patch(`/api/investment-opportunities/${opportunity.id}`, { cash_call_payment_days: '30' });
    expect(set.json().data.cash_call_payment_days).toBe(30);
    const investor = await signedIn(t, Role.User);
    const row = await createInvestmentRow(t, { opportunityId: opportunity.id, userId: investor.user.id, amount: '1000.00' });
    const issued = await admin.client.post(`/api/investments/${row.id}/cash-call`, {});
    expect(issued.json().data).toMatchObject({
      payment_due_on: '2026-04-01',
      cash_call_state: 'outstanding',
      amount_outstanding: '1000.00',
    });
  });

  it('pays a call in full with one exact payment, and keeps an over-payment, shown as overpaid', async () => {
    const exact = await issuedCall('250.50');
    expect((await pay(exact.id, '250.50')).json().data).toMatchObject({ status: 'paid', amount_overpaid: '0.00' });
    const over = await issuedCall('1000.00');
    const paid = (await pay(over.id, '1000.01')).json().data;
    expect(paid).toMatchObject({ status: 'paid', amount_received: '1000.01', amount_outstanding: '0.00', amount_overpaid: '0.01' });
    // Money arriving after the call is paid is kept too.
    expect((await pay(over.id, '5.00')).json().data).toMatchObject({ status: 'paid', amount_overpaid: '5.01' });
  });

  it('counts payments racing on one call once each, and moves it to paid once', async () => {
    const { id } = await issuedCall('1000.00');
    const responses = await Promise.all(Array.from({ length: 8 }, () => pay(id, '125.00')));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
    const [row] = await t.db.select().from(investments).where(eq(investments.id, id));
    expect(row).toMatchObject({ status: 'paid', receivedAmount: '1000.00' });
    expect(await t.db.select().from(payments).where(eq(payments.investmentId, id))).toHaveLength(8);
    expect(responses.filter((r) => r.json().data.status === 'paid').length).toBeGreaterThanOrEqual(1);
  });

  it('is overdue the day after its due day, by the clock, and a moved due day brings it back', async () => {
    const { id, opportunity } = await issuedCall('800.00');
    await pay(id, '100.00');
    clock.advance(15 * 24 * 3_600_000);
    try {
      const listed = await admin.client.get(`/api/cash-calls?filter[opportunity_id]=${opportunity.id}&filter[state]=overdue&include=user`);
      expect(listed.json().data.map((c: { id: number }) => c.id)).toEqual([id]);
      expect(listed.json().data[0]).toMatchObject({
        cash_call_state: 'overdue',
        payment_due_on: '2026-03-16',
        amount_outstanding: '700.00',
      });
      const moved = await admin.client.patch(`/api/cash-calls/${id}`, { payment_due_on: '2026-04-01' });
      expect(moved.json().data).toMatchObject({ payment_due_on: '2026-04-01', cash_call_state: 'part_paid' });
      const refused = await admin.client.patch(`/api/cash-calls/${id}`, { payment_due_on: '1 April' });
      expect(refused.statusCode).toBe(422);
      expect(Object.keys(refused.json().errors)).toEqual(['payment_due_on']);
    } finally {
      clock.set(new Date('2026-03-02T09:00:00Z'));
    }
  });

  it('refuses a payment of nothing, in the future, or against a cancelled investment, with field messages', async () => {
    const { id } = await issuedCall();
    const none = await pay(id, '0');
    expect(none.statusCode).toBe(422);
    expect(Object.keys(none.json().errors)).toEqual(['amount']);
    const future = await pay(id, '10.00', { received_on: '2026-03-03' });
    expect(Object.keys(future.json().errors)).toEqual(['received_on']);
    expect((await admin.client.post(`/api/investments/${id}/cancel`, { reason: 'Withdrawn' })).statusCode).toBe(200);
    const cancelled = await pay(id, '10.00');
    expect(cancelled.statusCode).toBe(422);
    expect(Object.keys(cancelled.json().errors)).toEqual(['status']);
    expect((await pay(999_999, '10.00')).statusCode).toBe(404);
  });

  it('records what was outstanding when staff mark payment received, and shows the investor the figures in investor words', async () => {
    const { id, investor, opportunity } = await issuedCall('900.00');
    await pay(id, '300.00');
    const own = (await investor.client.get(`/api/my/investments/${id}`)).json().data;
    expect(own).toMatchObject({
      amount_received: '300.00',
      amount_outstanding: '600.00',
      payment_due_on: '2026-03-16',
      cash_call_state: 'part_paid',
      cash_call_state_label: 'Part paid',
    });
    const other = await signedIn(t, Role.User);
    expect((await other.client.get(`/api/my/investments/${id}`)).statusCode).toBe(404);
    const listed = (await other.client.get(`/api/my/investments?filter[opportunity_id]=${opportunity.id}`)).json();
    expect(listed.data).toEqual([]);

    const marked = await admin.client.post(`/api/investments/${id}/mark-paid`, {});
    expect(marked.json().data).toMatchObject({ status: 'paid', amount_received: '900.00' });
    const ledger = await t.db.select().from(payments).where(eq(payments.investmentId, id));
    expect(ledger.map((p) => [p.amount, p.method])).toEqual([
      ['300.00', 'bank_transfer'],
      ['600.00', 'manual'],
    ]);
    expect((await investor.client.get(`/api/my/investments/${id}`)).json().data.cash_call_state_label).toBe('Payment received');
  });
});

describe('who may see and record cash calls and payments', () => {
  it('answers 401 signed out and 403 to investors and to staff without the cash calls permission', async () => {
    const { id } = await issuedCall();
    const routes: Array<[string, string]> = [
      ['GET', '/api/cash-calls'],
      ['GET', '/api/cash-calls/totals'],
      ['GET', '/api/cash-calls/export'],
      ['GET', '/api/payments'],
      ['GET', '/api/payments/export'],
      ['POST', `/api/cash-calls/${id}/payments`],
      ['PATCH', `/api/cash-calls/${id}`],
    ];
    const manager = await signedIn(t, Role.InvestmentManager);
    const investor = await signedIn(t, Role.User);
    for (const [method, url] of routes) {
      const body = method === 'GET' ? undefined : { amount: '1.00', received_on: '2026-03-01', payment_due_on: '2026-04-01' };
      expect((await agent(t.app).request({ method: method as 'GET', url, payload: body })).statusCode, url).toBe(401);
      for (const who of [manager, investor]) {
        const answer =
          method === 'GET'
            ? await who.client.get(url)
            : method === 'POST'
              ? await who.client.post(url, body)
              : await who.client.patch(url, body);
        expect(answer.statusCode, url).toBe(403);
      }
    }
    const [row] = await t.db.select().from(investments).where(eq(investments.id, id));
    expect(row.receivedAmount).toBe('0.00');
  });
});

describe('the lists: cash calls with totals, and the payments ledger', () => {
  it('filters calls by state and opportunity, totals them per currency, and exports them', async () => {
    const opportunity = await createOpportunityRow(t);
    const usd = await createOpportunityRow(t, { currency: 'USD' });
    const make = async (opportunityId: number, amount: string) => {
      const investor = await signedIn(t, Role.User);
      const row = await createInvestmentRow(t, { opportunityId, userId: investor.user.id, amount });
      if (opportunityId === usd.id) await t.db.update(investments).set({ currency: 'USD' }).where(eq(investments.id, row.id));
      await admin.client.post(`/api/investments/${row.id}/cash-call`, {});
      return row.id;
    };
    const open = await make(opportunity.id, '1000.00');
    const part = await make(opportunity.id, '2000.00');
    const paid = await make(opportunity.id, '1500.00');
    const dollars = await make(usd.id, '3000.00');
    await pay(part, '500.00');
    await pay(paid, '1500.00');
    const both = `${opportunity.id},${usd.id}`;
    const ids = async (query: string) =>
      (await admin.client.get(`/api/cash-calls?filter[opportunity_id]=${both}${query}`))
        .json()
        .data.map((c: { id: number }) => c.id)
        .sort();
    expect(await ids('')).toEqual([open, part, paid, dollars].sort());
    expect(await ids('&filter[state]=outstanding')).toEqual([open, dollars].sort());
    expect(await ids('&filter[state]=part_paid')).toEqual([part]);
    expect(await ids('&filter[state]=paid')).toEqual([paid]);
    expect(await ids('&filter[state]=outstanding,part_paid')).toEqual([open, part, dollars].sort());
    expect((await admin.client.get('/api/cash-calls?filter[state]=late')).statusCode).toBe(400);

    const totals = (await admin.client.get(`/api/cash-calls/totals?filter[opportunity_id]=${both}`)).json().data;
    expect(totals).toEqual([
      { currency: 'GBP', count: 3, due: '4500.00', received: '2000.00', outstanding: '2500.00' },
      { currency: 'USD', count: 1, due: '3000.00', received: '0.00', outstanding: '3000.00' },
    ]);
    const csv = await admin.client.get(`/api/cash-calls/export?filter[opportunity_id]=${opportunity.id}&filter[state]=part_paid`);
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split(/\r?\n/);
    expect(lines[0]).toContain('Amount due,Received,Outstanding,Overpaid,Currency');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Part-paid,2000.00,500.00,1500.00,0.00,GBP');
  });

  it('lists, filters, sorts and exports every payment with its investment, method and who recorded it', async () => {
    const { id, opportunity, investor } = await issuedCall('1000.00');
    await pay(id, '100.00', { received_on: '2026-02-20', note: 'By standing order' });
    await pay(id, '250.00', { received_on: '2026-03-01', method: 'manual' });
    const list = await admin.client.get(`/api/payments?filter[opportunity_id]=${opportunity.id}&sort=amount`);
    expect(list.statusCode).toBe(200);
    expect(list.json().meta.total).toBe(2);
    expect(list.json().data[0]).toMatchObject({
      investment_id: id,
      amount: '100.00',
      currency: 'GBP',
      method: 'bank_transfer',
      method_label: 'Bank transfer',
      state: 'received',
      received_on: '2026-02-20',
      note: 'By standing order',
      recorded_by: { id: admin.user.id, name: admin.user.name },
      investor: { id: investor.user.id, name: investor.user.name },
      opportunity: { id: opportunity.id, name: opportunity.name },
    });
    const amounts = async (query: string) =>
      (await admin.client.get(`/api/payments?filter[investment_id]=${id}${query}`)).json().data.map((p: { amount: string }) => p.amount);
    expect(await amounts('&filter[method]=manual')).toEqual(['250.00']);
    expect(await amounts('&filter[received_from]=2026-02-21')).toEqual(['250.00']);
    expect(await amounts('&filter[received_to]=2026-02-21')).toEqual(['100.00']);
    expect(await amounts(`&filter[user_id]=${investor.user.id}&sort=-amount`)).toEqual(['250.00', '100.00']);
    expect(await amounts('&filter[state]=refunded')).toEqual([]);
    expect((await admin.client.get('/api/payments?filter[method]=cheque')).statusCode).toBe(400);
    expect((await admin.client.get('/api/payments?filter[received_from]=yesterday')).statusCode).toBe(400);

    const csv = await admin.client.get(`/api/payments/export?filter[investment_id]=${id}&sort=received_on`);
    const lines = csv.body.trim().split(/\r?\n/);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('2026-02-20');
    expect(lines[1]).toContain('100.00,GBP,Bank transfer,Received');
    expect(lines[2]).toContain('250.00,GBP,Recorded by staff,Received');
  });
});
