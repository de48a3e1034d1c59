import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { can, cashIncentiveIn, OpportunityStatus, qualifiesForReward, Role, ROLE_IDS } from '@platform/domain';
import { activityLog, rewards } from '../../db/schema';
import { agent, createTestApp, signedIn, type TestApp } from '../../test/harness';
import { createInvestmentRow, createOpportunityRow, setFlags } from '../../test/opportunities';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let investor: Awaited<ReturnType<typeof signedIn>>;
type Client = typeof admin.client;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, Role.SuperAdmin, { name: 'Sam Staff' });
  investor = await signedIn(t, Role.User, { name: 'Ivy Investor' });
});
afterAll(() => t.close());
beforeEach(() => setFlags(t, { market_sounding_enabled: false, compliance_test_enabled: false }));

const perk = (opportunityId: number, overrides: Record<string, unknown> = {}) => ({
  opportunity_id: opportunityId,
  min_amount: '1000',
  title: '10% off every order',
  description: 'A discount on the company’s coffee subscriptions for as long as you hold shares.',
  how_to_claim: 'Use code INVESTOR10 at checkout.',
  ...overrides,
});
const create = async (body: Record<string, unknown>, client: Client = admin.client) => {
  const response = await client.post('/api/rewards', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number; min_amount: string };
};
const mine = (client: Client, opportunityId: number) => client.get(`/api/my/rewards?opportunity_id=${opportunityId}`);

describe('access', () => {
  it('answers 401 signed out, 403 to investors and to roles without the opportunity permission', async () => {
    const opportunity = await createOpportunityRow(t);
    const reward = await create(perk(opportunity.id));
    const staffRoutes: Array<[string, string, 'show' | 'update']> = [
      ['GET', `/api/rewards?opportunity_id=${opportunity.id}`, 'show'],
      ['GET', `/api/rewards/${reward.id}`, 'show'],
      ['POST', '/api/rewards', 'update'],
      ['PATCH', `/api/rewards/${reward.id}`, 'update'],
      ['DELETE', `/api/rewards/${reward.id}`, 'update'],
    ];
    const anonymous = agent(t.app);
    for (const [method, url] of [...staffRoutes, ['GET', `/api/my/rewards?opportunity_id=${opportunity.id}`]])
      expect((await anonymous.request({ method: method as 'GET', url, payload: method === 'GET' ? undefined : {} })).statusCode, url).toBe(
        401,
      );
    for (const [method, url] of staffRoutes)
      expect((await investor.client.request({ method: method as 'GET', url, payload: method === 'GET' ? undefined : {} })).statusCode).toBe(
        403,
      );
    for (const roleId of ROLE_IDS.filter((r) => r !== Role.User)) {
      const { client } = await signedIn(t, roleId);
      for (const [method, url, action] of staffRoutes.filter(([m]) => m !== 'DELETE')) {
        const payload =
          method === 'GET' ? undefined : { ...perk(opportunity.id), opportunity_id: method === 'POST' ? opportunity.id : undefined };
        const status = (await client.request({ method: method as 'GET', url, payload })).statusCode;
        if (can(roleId, 'live_opportunities', action)) expect(status, `role ${roleId} ${method} ${url}`).not.toBe(403);
        else expect(status, `role ${roleId} ${method} ${url}`).toBe(403);
      }
      expect((await client.get(`/api/my/rewards?opportunity_id=${opportunity.id}`)).statusCode).toBe(403);
    }
  });

  it('uses the existing-investments event once the opportunity is completed', async () => {
    const existing = await createOpportunityRow(t, { status: OpportunityStatus.Completed });
    const reward = await create(perk(existing.id));
    const roles = ROLE_IDS.filter(
      (r) => r !== Role.User && can(r, 'live_opportunities', 'update') !== can(r, 'existing_opportunities', 'update'),
    );
    for (const roleId of roles) {
      const { client } = await signedIn(t, roleId);
      const status = (await client.patch(`/api/rewards/${reward.id}`, { title: 'Free delivery' })).statusCode;
      expect(status, `role ${roleId}`).toBe(can(roleId, 'existing_opportunities', 'update') ? 200 : 403);
    }
  });

  it('shows investors only the perks of opportunities they may see (404 otherwise)', async () => {
    const draft = await createOpportunityRow(t, { status: OpportunityStatus.Draft });
    const internal = await createOpportunityRow(t, { status: OpportunityStatus.LiveInternal });
    for (const o of [draft, internal]) await create(perk(o.id));
    expect((await mine(investor.client, draft.id)).statusCode).toBe(404);
    expect((await mine(investor.client, internal.id)).statusCode).toBe(404);
    expect((await mine(investor.client, 2_000_000_000)).statusCode).toBe(404);
  });
});

describe('managing perks', () => {
  it('creates, lists lowest tier first, updates and deletes, logging each change', async () => {
    const opportunity = await createOpportunityRow(t, { currency: 'EUR' });
    const gold = await create(perk(opportunity.id, { min_amount: '10000.50', title: 'Lifetime membership', how_to_claim: '' }));
    const bronze = await create(perk(opportunity.id, { min_amount: 500 }));
    const list = (await admin.client.get(`/api/rewards?opportunity_id=${opportunity.id}`)).json().data;
    expect(list.map((r: { id: number }) => r.id)).toEqual([bronze.id, gold.id]);
    expect(list[1]).toMatchObject({ min_amount: '10000.50', currency: 'EUR', how_to_claim: null, title: 'Lifetime membership' });
    expect(list[0].min_amount).toBe('500.00');

    const updated = await admin.client.patch(`/api/rewards/${gold.id}`, { min_amount: '12000', how_to_claim: 'Email perks@company.test' });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({
      min_amount: '12000.00',
      how_to_claim: 'Email perks@company.test',
      title: 'Lifetime membership',
    });

    expect((await admin.client.request({ method: 'DELETE', url: `/api/rewards/${bronze.id}` })).statusCode).toBe(204);
    expect((await admin.client.get(`/api/rewards/${bronze.id}`)).statusCode).toBe(404);
    expect((await admin.client.request({ method: 'DELETE', url: `/api/rewards/${bronze.id}` })).statusCode).toBe(404);
    const [stored] = await t.db.select().from(rewards).where(eq(rewards.id, bronze.id));
    expect(stored.deletedAt).not.toBeNull();
    const logged = await t.db
      .select({ action: activityLog.action })
      .from(activityLog)
      .where(and(eq(activityLog.subjectType, 'reward'), eq(activityLog.subjectId, String(bronze.id))));
    expect(logged.map((l) => l.action).sort()).toEqual(['created', 'deleted']);
  });

  it('refuses bad input with messages per field', async () => {
    const opportunity = await createOpportunityRow(t);
    const bad = await admin.client.post('/api/rewards', {
      opportunity_id: opportunity.id,
      min_amount: '12.345',
      title: ' ',
      description: '',
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['description', 'min_amount', 'title']);
    expect((await admin.client.post('/api/rewards', perk(opportunity.id, { min_amount: '-5' }))).statusCode).toBe(422);
    expect((await admin.client.post('/api/rewards', perk(2_000_000_000))).statusCode).toBe(404);
  });

  it('refuses obvious cash incentives to invest (FCA PS22/10) and keeps product discounts', async () => {
    const opportunity = await createOpportunityRow(t);
    const cases: Array<[string, string]> = [
      ['title', '£50 cashback'],
      ['description', 'Invest and we will refund your first £100.'],
      ['title', 'Free shares for early investors'],
      ['how_to_claim', 'Ask for your Amazon gift card.'],
      ['description', 'A cash bonus of 5%.'],
    ];
    for (const [field, text] of cases) {
      const response = await admin.client.post('/api/rewards', perk(opportunity.id, { [field]: text }));
      expect(response.statusCode, text).toBe(422);
      expect(response.json().errors[field][0], text).toMatch(/cash incentive to invest, which is not allowed \(FCA PS22\/10\)/);
    }
    const reward = await create(
      perk(opportunity.id, { title: '£10 off your first order', description: '20% off the shop for shareholders.' }),
    );
    const patched = await admin.client.patch(`/api/rewards/${reward.id}`, { description: 'Cash back on every order' });
    expect(patched.statusCode).toBe(422);
    expect(patched.json().errors.description).toHaveLength(1);
    expect(cashIncentiveIn('Cashmere scarf at cost price')).toBeNull();
  });
});

describe('what investors see', () => {
  it('lists every tier on an opportunity, and on a holding the tiers its paid amount reaches, with how to claim', async () => {
    const opportunity = await createOpportunityRow(t);
    await create(perk(opportunity.id, { min_amount: '1000.00', title: 'Tier one', how_to_claim: 'CODE-ONE' }));
    await create(perk(opportunity.id, { min_amount: '2500.01', title: 'Tier two', how_to_claim: 'CODE-TWO' }));
    const { user, client } = await signedIn(t, Role.User);

    const before = (await mine(client, opportunity.id)).json().data;
    expect(before.invested).toBe('0.00');
    expect(
      before.perks.map((p: { title: string; qualified: boolean; how_to_claim: string | null }) => [p.title, p.qualified, p.how_to_claim]),
    ).toEqual([
      ['Tier one', false, null],
      ['Tier two', false, null],
    ]);

    // A reservation not yet paid for is not invested; paid and completed money is.
    await createInvestmentRow(t, { opportunityId: opportunity.id, userId: user.id, amount: '5000.00', status: 'reserved' });
    await createInvestmentRow(t, { opportunityId: opportunity.id, userId: user.id, amount: '1500.00', status: 'paid' });
    await createInvestmentRow(t, { opportunityId: opportunity.id, userId: user.id, amount: '1000.00', status: 'completed' });
    const held = (await mine(client, opportunity.id)).json().data;
    expect(held.invested).toBe('2500.00');
    expect(
      held.perks.map((p: { title: string; qualified: boolean; how_to_claim: string | null }) => [p.title, p.qualified, p.how_to_claim]),
    ).toEqual([
      ['Tier one', true, 'CODE-ONE'],
      ['Tier two', false, null],
    ]);

    // One penny more reaches the next tier exactly.
    await createInvestmentRow(t, { opportunityId: opportunity.id, userId: user.id, amount: '0.01', status: 'paid' });
    const exact = (await mine(client, opportunity.id)).json().data;
    expect(exact.perks[1]).toMatchObject({ qualified: true, how_to_claim: 'CODE-TWO' });
    // Another investor's holding does not count for this one.
    expect((await mine(investor.client, opportunity.id)).json().data.perks.every((p: { qualified: boolean }) => !p.qualified)).toBe(true);
  });

  it('compares amounts as exact decimals', () => {
    expect(qualifiesForReward('1000.00', '1000')).toBe(true);
    expect(qualifiesForReward('999.99', '1000.00')).toBe(false);
    expect(qualifiesForReward('0.30', '0.3')).toBe(true);
    expect(qualifiesForReward('100000000000000000.01', '100000000000000000.00')).toBe(true);
  });
});
