import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { OpportunityStatus, Role, ROLE_IDS } from '@platform/domain';
import { activityLog } from '../../db/schema';
import { fixedClock } from '../../platform/clock';
import { agent, createUser, createTestApp, signedIn, type TestApp } from '../../test/harness';
import { createInvestmentRow, createOpportunityRow, setFlags } from '../../test/opportunities';

const HOUR = 60 * 60 * 1000;
const clock = fixedClock(new Date('2026-03-15T09:30:00Z'));
const DECLARATION = { statement: 'I make this statement so that I can receive promotional communications…', accepted: true };

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
/** Sessions lapse as the clock moves on: each advance signs these in again. */
let sessions: Array<{ client: ReturnType<typeof agent>; email: string }> = [];

async function later(ms: number) {
  clock.advance(ms);
  for (const { client, email } of sessions) await stayLoggedIn(client, email);
}

async function stayLoggedIn(client: ReturnType<typeof agent>, email: string) {
  if ((await client.get('/api/user')).statusCode === 401) await client.login(email);
}

/** A new investor, not yet categorised, signed in. */
async function newcomer(name = 'Nina Newcomer') {
  const user = await createUser(t.ctx, { name }, { gates: 'new' });
  const client = agent(t.app);
  await client.login(user.email);
  sessions.push({ client, email: user.email });
  const declare = () => client.post('/api/my/categorisation', { category: 'high_net_worth', declaration: DECLARATION });
  return { user, client, declare };
}

type Client = Awaited<ReturnType<typeof newcomer>>['client'];
const view = (client: Client, slug: string) => client.get(`/api/investment-opportunities/${slug}`);
const reserve = (client: Client, opportunityId: number) =>
  client.post('/api/investments/investor', { opportunity_id: opportunityId, amount: '1000' });
const gates = async (client: Client) => (await client.get('/api/my/investor-gates')).json().data;

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await signedIn(t, Role.SuperAdmin);
});
afterAll(() => t.close());
beforeEach(async () => {
  sessions = [{ client: admin.client, email: admin.user.email }];
  await stayLoggedIn(admin.client, admin.user.email);
  await setFlags(t, {
    compliance_test_enabled: false,
    compliance_test_requires_categorisation_approval: false,
    market_sounding_enabled: false,
    investment_terms_enabled: false,
  });
});

describe('before categorisation', () => {
  it('hides the opportunity details and refuses an investment with 403 categorisation_required', async () => {
    const opportunity = await createOpportunityRow(t);
    const { client } = await newcomer();
    for (const response of [
      await view(client, opportunity.slug),
      await client.get(`/api/investment-opportunities/${opportunity.id}/documents`),
      await reserve(client, opportunity.id),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        message: 'Declare your investor category before viewing investment opportunities.',
        code: 'categorisation_required',
      });
    }
    expect(await gates(client)).toMatchObject({
      blocked_by: 'categorisation_required',
      may_view_promotions: false,
      may_invest: false,
      categorised_at: null,
      cooling_off_ends_at: null,
    });
  });

  it('still shows the holdings an investor already has (no longer a promotion)', async () => {
    const completed = await createOpportunityRow(t, { status: OpportunityStatus.Completed });
    const { client, user } = await newcomer();
    await createInvestmentRow(t, { opportunityId: completed.id, userId: user.id, amount: '1000', status: 'completed' });
    expect((await view(client, completed.slug)).statusCode).toBe(200);
  });
});

describe('cooling-off of a first-time investor (PS22/10)', () => {
  it('lets the categorised investor see promotions at once but invest only 24 hours later', async () => {
    const opportunity = await createOpportunityRow(t);
    const { client, declare } = await newcomer();
    expect((await declare()).statusCode).toBe(201);
    const categorisedAt = clock.now();
    const endsAt = new Date(categorisedAt.getTime() + 24 * HOUR).toISOString();

    expect((await view(client, opportunity.slug)).statusCode).toBe(200);
    const refused = await reserve(client, opportunity.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: 'As a first-time investor you have a 24-hour cooling-off period after categorisation. You can invest once it ends.',
      code: 'cooling_off',
      available_at: endsAt,
    });
    expect(await gates(client)).toMatchObject({
      blocked_by: 'cooling_off',
      may_view_promotions: true,
      categorised_at: categorisedAt.toISOString(),
      cooling_off_ends_at: endsAt,
    });

    await later(24 * HOUR - 1000);
    expect((await reserve(client, opportunity.id)).json().code).toBe('cooling_off');
    await later(1000);
    expect((await reserve(client, opportunity.id)).json().code).toBe('risk_warning');
  });

  it('does not start again when a categorised investor declares anew', async () => {
    const { client, declare } = await newcomer();
    await declare();
    const first = await gates(client);
    await later(2 * HOUR);
    await declare();
    expect((await gates(client)).cooling_off_ends_at).toBe(first.cooling_off_ends_at);
  });

  it('does not apply to an investor who has invested before', async () => {
    const held = await createOpportunityRow(t, { status: OpportunityStatus.Completed });
    const { client, user, declare } = await newcomer();
    await createInvestmentRow(t, { opportunityId: held.id, userId: user.id, amount: '1000', status: 'completed' });
    await declare();
    expect(await gates(client)).toMatchObject({ blocked_by: null, may_invest: true, cooling_off_ends_at: null });
  });
});

describe('the personalised risk warning', () => {
  it('is shown with the investor name and must be acknowledged, with its time, before the first investment', async () => {
    const opportunity = await createOpportunityRow(t);
    const { client, user, declare } = await newcomer('Rita Risk');
    await declare();
    await later(24 * HOUR);
    const before = await gates(client);
    expect(before).toMatchObject({ blocked_by: 'risk_warning', may_view_promotions: true, may_invest: false });
    expect(before.risk_warning).toMatchObject({
      text: "Rita Risk, this is a high-risk investment. How would you feel if you lost the money you're about to invest? Take 2 mins to learn more.",
      acknowledged_at: null,
    });
    const refused = await reserve(client, opportunity.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: 'Read and acknowledge the risk warning before your first investment.',
      code: 'risk_warning',
    });

    const acknowledgedAt = clock.now().toISOString();
    const acknowledged = await client.post('/api/my/risk-warning-acknowledgement', {});
    expect(acknowledged.statusCode).toBe(200);
    expect(acknowledged.json().data).toMatchObject({
      blocked_by: null,
      may_invest: true,
      risk_warning: { acknowledged_at: acknowledgedAt },
    });
    await later(HOUR);
    // A second acknowledgement keeps the first time.
    expect((await client.post('/api/my/risk-warning-acknowledgement', {})).json().data.risk_warning.acknowledged_at).toBe(acknowledgedAt);
    const logged = await t.db
      .select()
      .from(activityLog)
      .where(
        and(
          eq(activityLog.subjectType, 'user'),
          eq(activityLog.subjectId, String(user.id)),
          eq(activityLog.action, 'risk_warning_acknowledged'),
        ),
      );
    expect(logged).toHaveLength(1);

    expect((await reserve(client, opportunity.id)).statusCode).toBe(201);
  });
});

describe('all gates satisfied', () => {
  it('allows viewing and investing; the appropriateness test still applies when it is on', async () => {
    const opportunity = await createOpportunityRow(t);
    const { client, declare } = await newcomer();
    await declare();
    await later(24 * HOUR);
    await client.post('/api/my/risk-warning-acknowledgement', {});
    await setFlags(t, { compliance_test_enabled: true });
    const refused = await reserve(client, opportunity.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'You must pass the appropriateness test before investing.', code: 'appropriateness' });
    await setFlags(t, { compliance_test_enabled: false });
    expect((await view(client, opportunity.slug)).statusCode).toBe(200);
    expect((await reserve(client, opportunity.id)).statusCode).toBe(201);
  });
});

describe('with enableComplianceRequiresCategorisation', () => {
  it('keeps promotions hidden until staff approve the category; the cooling-off starts at the approval', async () => {
    await setFlags(t, { compliance_test_requires_categorisation_approval: true });
    const opportunity = await createOpportunityRow(t);
    const { client, declare } = await newcomer();
    const declared = (await declare()).json().data;
    const pending = await view(client, opportunity.slug);
    expect(pending.statusCode).toBe(403);
    expect(pending.json()).toEqual({
      message: 'Your investor categorisation is waiting for approval. You can view investment opportunities once it is approved.',
      code: 'categorisation_pending',
    });
    expect((await reserve(client, opportunity.id)).json().code).toBe('categorisation_pending');

    await later(3 * HOUR);
    const approvedAt = clock.now();
    expect((await admin.client.post(`/api/investor-categorisations/${declared.id}/approve`, {})).statusCode).toBe(200);
    expect((await view(client, opportunity.slug)).statusCode).toBe(200);
    expect(await gates(client)).toMatchObject({
      blocked_by: 'cooling_off',
      categorised_at: approvedAt.toISOString(),
      cooling_off_ends_at: new Date(approvedAt.getTime() + 24 * HOUR).toISOString(),
    });
  });

  it('hides promotions again after a rejection or once the category has expired', async () => {
    await setFlags(t, { compliance_test_requires_categorisation_approval: true });
    const opportunity = await createOpportunityRow(t);
    const { client, declare } = await newcomer();
    const declared = (await declare()).json().data;
    await admin.client.post(`/api/investor-categorisations/${declared.id}/reject`, { note: 'Incomplete.' });
    expect((await view(client, opportunity.slug)).json().code).toBe('categorisation_required');

    const again = (await declare()).json().data;
    await admin.client.post(`/api/investor-categorisations/${again.id}/approve`, {});
    expect((await view(client, opportunity.slug)).statusCode).toBe(200);
    await later(366 * 24 * HOUR);
    expect((await view(client, opportunity.slug)).json().code).toBe('categorisation_required');
  });
});

describe('access', () => {
  it('never stops staff, and the gate routes are for investors only', async () => {
    await setFlags(t, { compliance_test_enabled: true, compliance_test_requires_categorisation_approval: true });
    const opportunity = await createOpportunityRow(t);
    for (const roleId of ROLE_IDS.filter((r) => r !== Role.User)) {
      const { client } = await signedIn(t, roleId);
      expect((await client.get('/api/my/investor-gates')).statusCode).toBe(403);
      expect((await client.post('/api/my/risk-warning-acknowledgement', {})).statusCode).toBe(403);
    }
    expect((await admin.client.get(`/api/investment-opportunities/${opportunity.id}`)).statusCode).toBe(200);
    expect((await agent(t.app).get('/api/my/investor-gates')).statusCode).toBe(401);
    expect((await agent(t.app).post('/api/my/risk-warning-acknowledgement', {})).statusCode).toBe(401);
  });
});
