import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Decimal from 'decimal.js';
import { and, eq } from 'drizzle-orm';
import { Role, xirr } from '@platform/domain';
import { activityLog, investments, nominees, payments } from '../../db/schema';
import { fixedClock } from '../../platform/clock';
import { agent, createTestApp, signedIn, type TestApp } from '../../test/harness';
import { createInvestmentRow, createOpportunityRow, setFlags } from '../../test/opportunities';

const clock = fixedClock(new Date('2026-11-20T09:00:00Z'));
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await signedIn(t, Role.SuperAdmin);
  await setFlags(t, { cap_table_enabled: true });
});
afterAll(() => t.close());

type Holder = Awaited<ReturnType<typeof signedIn>>;

async function hold(opportunityId: number, userId: number, shares: string, extra: Partial<typeof investments.$inferInsert> = {}) {
  const row = await createInvestmentRow(t, { opportunityId, userId, amount: `${shares}.00`, status: 'completed' });
  await t.db
    .update(investments)
    .set({ shares: `${shares}.000000`, sharePrice: '1.000000', paidAt: new Date('2024-01-01T12:00:00Z'), ...extra })
    .where(eq(investments.id, row.id));
}

/** A completed company: Ann holds 1,000 shares and Bob 3,000, both bought at £1.00 on 2024-01-01. */
async function heldCompany() {
  const opportunity = await createOpportunityRow(t, { status: 5, sharePrice: '1.000000' });
  const ann = await signedIn(t, Role.User, { name: 'Ann Able' });
  const bob = await signedIn(t, Role.User, { name: 'Bob Baker' });
  await hold(opportunity.id, ann.user.id, '1000');
  await hold(opportunity.id, bob.user.id, '3000');
  return { opportunity, ann, bob };
}

const followOn = (opportunityId: number, holder: Holder, overrides: Record<string, unknown> = {}) => ({
  opportunity_id: opportunityId,
  user_id: holder.user.id,
  amount: '1000.00',
  shares: '500',
  invested_on: '2025-01-01',
  ...overrides,
});

describe('recording a follow-on', () => {
  it('adds a completed subsequent investment at its own price, paid on its day, logged', async () => {
    const { opportunity, ann } = await heldCompany();
    const response = await admin.client.post('/api/subsequent-investments', followOn(opportunity.id, ann));
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    expect(data).toMatchObject({
      type: 'subsequent',
      status: 'completed',
      amount: '1000.00',
      shares: '500.000000',
      share_price: '2.000000',
      paid_at: '2025-01-01T00:00:00.000Z',
      amount_received: '1000.00',
      relief: null,
    });
    const ledger = await t.db.select().from(payments).where(eq(payments.investmentId, data.id));
    expect(ledger.map((p) => [p.amount, p.receivedOn])).toEqual([['1000.00', '2025-01-01']]);
    const logs = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.subjectType, 'investment'), eq(activityLog.subjectId, String(data.id))));
    expect(logs.map((l) => l.action)).toContain('follow_on_recorded');
    const listed = (await admin.client.get(`/api/subsequent-investments?filter[opportunity_id]=${opportunity.id}`)).json().data;
    expect(listed.map((i: { id: number }) => i.id)).toEqual([data.id]);
  });

  it('counts in cost, IRR and the cap table as the flows computed by hand', async () => {
    const { opportunity, ann } = await heldCompany();
    await admin.client.post('/api/subsequent-investments', followOn(opportunity.id, ann));
    await admin.client.post('/api/share-prices', { opportunity_id: opportunity.id, date: '2026-01-01', price: '4' });
    const performance = (await admin.client.get(`/api/investment-opportunities/${opportunity.id}/performance?as_of=2026-01-01`)).json()
      .data;
    const annFigures = performance.holders.find((h: { user_id: number }) => h.user_id === ann.user.id);
    // £1,000 for 1,000 shares in 2024 and £1,000 for 500 more in 2025: 1,500 shares at £4.00 are £6,000.
    const byHand = xirr([
      { date: '2024-01-01', amount: '-1000' },
      { date: '2025-01-01', amount: '-1000' },
      { date: '2026-01-01', amount: '6000' },
    ]);
    expect(annFigures).toMatchObject({ cost: '2000.00', shares_held: '1500', current_value: '6000.00', moic: '3.00', irr: byHand });
    expect(performance.total.cost).toBe('5000.00');

    const capTable = (await admin.client.get(`/api/investment-opportunities/${opportunity.id}/cap-table?as_of=2026-01-01`)).json().data;
    expect(capTable.total).toMatchObject({ shares: '4500.000000', cost: '5000.00' });
    const annLine = capTable.holders.find((h: { name: string }) => h.name === 'Ann Able');
    expect(annLine).toMatchObject({ shares: '1500.000000', percent_of_holders: new Decimal(1500).div(4500).times(100).toFixed(2) });
  });

  it('shows the follow-on in the investor’s holding', async () => {
    const { opportunity, ann } = await heldCompany();
    const created = (await admin.client.post('/api/subsequent-investments', followOn(opportunity.id, ann))).json().data;
    const holding = (await ann.client.get(`/api/my/portfolio/${opportunity.id}`)).json().data;
    const lines = holding.investments.map((i: { id: number; type: string; shares: string }) => [i.type, i.shares]);
    expect(lines.sort()).toEqual([
      ['investor', '1000.000000'],
      ['subsequent', '500.000000'],
    ]);
    expect(holding.investments.find((i: { type: string }) => i.type === 'subsequent').id).toBe(created.id);
  });

  it('answers 422 with field messages: not a holder, not completed, future date, bad amounts', async () => {
    const { opportunity } = await heldCompany();
    const stranger = await signedIn(t, Role.User);
    const notHolder = await admin.client.post('/api/subsequent-investments', followOn(opportunity.id, stranger));
    expect(notHolder.statusCode).toBe(422);
    expect(notHolder.json().errors.user_id).toBeDefined();
    const bad = await admin.client.post('/api/subsequent-investments', {
      opportunity_id: opportunity.id,
      user_id: stranger.user.id,
      amount: '-1',
      shares: '0',
      invested_on: '2025-02-30',
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['amount', 'invested_on', 'shares']);
    const { ann } = await heldCompany();
    const future = await admin.client.post('/api/subsequent-investments', followOn(opportunity.id, ann, { invested_on: '2027-01-01' }));
    expect(future.json().errors.invested_on).toBeDefined();
    const live = await createOpportunityRow(t, { status: 2 });
    expect((await admin.client.post('/api/subsequent-investments', followOn(live.id, ann))).json().errors.opportunity_id).toBeDefined();
  });

  it('holds through the same line: a nominee holding takes a follow-on through the nominee', async () => {
    const { opportunity } = await heldCompany();
    const cat = await signedIn(t, Role.User, { name: 'Cat Cole' });
    const [nominee] = await t.db.insert(nominees).values({ name: 'Crest Nominees Ltd' }).returning();
    await hold(opportunity.id, cat.user.id, '200', { holderType: 'nominee', nomineeId: nominee.id });
    await setFlags(t, { nominee_enabled: true });
    expect((await admin.client.post('/api/subsequent-investments', followOn(opportunity.id, cat))).statusCode).toBe(422);
    const through = await admin.client.post(
      '/api/subsequent-investments',
      followOn(opportunity.id, cat, { holder_type: 'nominee', nominee_id: nominee.id }),
    );
    expect(through.statusCode).toBe(201);
    expect(through.json().data).toMatchObject({ holder_type: 'nominee', nominee_id: nominee.id });
  });
});

describe('turning a closed pre-emption round into follow-ons', () => {
  it('creates one investment per allotted line at the round’s price, once, in one go', async () => {
    const { opportunity, ann, bob } = await heldCompany();
    // £5,000 at £2.50 offers 2,000 shares: Ann is entitled to 500, Bob to 1,500.
    const round = (
      await admin.client.post('/api/pre-emption-rounds', {
        opportunity_id: opportunity.id,
        name: 'Series A pre-emption',
        price_per_share: '2.50',
        amount_available: '5000',
        deadline: '2026-11-30',
      })
    ).json().data;
    const line = (holder: Holder) => round.entitlements.find((e: { user: { id: number } }) => e.user.id === holder.user.id);
    await admin.client.post(`/api/pre-emption-rounds/${round.id}/choices`, { entitlement_id: line(ann).id, choice: 2 });
    await admin.client.post(`/api/pre-emption-rounds/${round.id}/choices`, { entitlement_id: line(bob).id, choice: 1 });
    const convert = () => admin.client.post(`/api/pre-emption-rounds/${round.id}/subsequent-investments`, { invested_on: '2026-11-20' });
    const whileOpen = await convert();
    expect(whileOpen.statusCode).toBe(409);
    await admin.client.patch(`/api/pre-emption-rounds/${round.id}`, { is_open: false });

    const first = await convert();
    expect(first.statusCode).toBe(201);
    expect(first.json().data.map((i: Record<string, unknown>) => [i.user_id, i.type, i.amount, i.shares, i.share_price])).toEqual([
      [ann.user.id, 'subsequent', '1250.00', '500.000000', '2.500000'],
    ]);
    const again = await convert();
    expect(again.statusCode).toBe(201);
    expect(again.json().data).toEqual([]);
    const annHolds = await t.db
      .select()
      .from(investments)
      .where(and(eq(investments.opportunityId, opportunity.id), eq(investments.userId, ann.user.id)));
    expect(annHolds.map((i) => i.type).sort()).toEqual(['investor', 'subsequent']);
  });

  it('refuses another role and a signed-out caller, and 404s an unknown round', async () => {
    const { opportunity, ann } = await heldCompany();
    const viewer = await signedIn(t, Role.InvestmentManager);
    expect((await agent(t.app).post('/api/subsequent-investments', followOn(opportunity.id, ann))).statusCode).toBe(401);
    expect((await ann.client.post('/api/subsequent-investments', followOn(opportunity.id, ann))).statusCode).toBe(403);
    expect((await ann.client.get(`/api/subsequent-investments?filter[opportunity_id]=${opportunity.id}`)).statusCode).toBe(403);
    expect((await viewer.client.post('/api/subsequent-investments', followOn(opportunity.id, ann))).statusCode).toBe(403);
    expect(
      (await admin.client.post('/api/pre-emption-rounds/999999/subsequent-investments', { invested_on: '2026-11-20' })).statusCode,
    ).toBe(404);
  });
});
