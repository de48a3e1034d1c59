import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { can, Role, ROLE_IDS } from '@platform/domain';
import { investmentOpportunities, investments } from '../../db/schema';
import { fixedClock } from '../../platform/clock';
import { createDeals, createPipelineWithStages } from '../../test/deals-funds';
import { agent, createTestApp, createUser, signedIn, type TestApp } from '../../test/harness';
import { createInvestmentRow, createOpportunityRow } from '../../test/opportunities';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
const get = async (path: string) => {
  const response = await admin.client.get(`/api/stats/${path}`);
  expect(response.statusCode).toBe(200);
  return response.json().data;
};

/** An investment made on `created` (and paid on `paid`), its opportunity's committed amount kept in step. */
async function invest(opportunityId: number, userId: number, amount: string, status: string, created: string, paid?: string) {
  const opportunity = await t.db.select().from(investmentOpportunities).where(eq(investmentOpportunities.id, opportunityId));
  const row = await createInvestmentRow(t, { opportunityId, userId, amount, status });
  await t.db
    .update(investments)
    .set({
      currency: opportunity[0].currency,
      createdAt: new Date(`${created}T09:00:00Z`),
      paidAt: paid ? new Date(`${paid}T10:00:00Z`) : null,
    })
    .where(eq(investments.id, row.id));
  return row;
}

beforeAll(async () => {
  // The period the overview reports on is March 2026.
  t = await createTestApp({ clock: fixedClock(new Date('2026-03-15T12:00:00Z')) });
  admin = await signedIn(t, Role.SuperAdmin);
  const investor = (values: Parameters<typeof createUser>[1]) => createUser(t.ctx, { roleId: Role.User, ...values });
  const ann = await investor({
    kycStatus: 'verified',
    investorCategory: 'restricted',
    categorisationStatus: 'approved',
    compliancePassed: true,
  });
  const bob = await investor({
    kycStatus: 'submitted',
    investorCategory: 'high_net_worth',
    categorisationStatus: 'pending',
    complianceTries: 2,
  });
  await investor({ kycStatus: 'not_started' });
  await investor({
    kycStatus: 'verified',
    investorCategory: 'restricted',
    categorisationStatus: 'pending',
    compliancePassed: true,
    complianceTries: 1,
  });
  await investor({ kycStatus: 'rejected', deletedAt: new Date() });

  await createOpportunityRow(t, { status: 1, name: 'Draft Co' });
  const external = await createOpportunityRow(t, { status: 2, name: 'Open External', closesAt: '2026-04-01' });
  const internal = await createOpportunityRow(t, { status: 3, name: 'Open Internal', currency: 'EUR', targetRaise: null });
  await createOpportunityRow(t, { status: 4, name: 'Closed Co' });
  await createOpportunityRow(t, { status: 2, name: 'Deleted Co', deletedAt: new Date() });
  const completed = await createOpportunityRow(t, { status: 5, name: 'Held Co' });
  await createOpportunityRow(t, { status: 6, name: 'Matured Co', currency: 'USD' });

  await invest(external.id, ann.id, '1000.10', 'reserved', '2026-03-10');
  await invest(external.id, bob.id, '2500.25', 'cash_call', '2026-02-25');
  await invest(internal.id, ann.id, '333.33', 'paid', '2026-03-02', '2026-03-02');
  await invest(internal.id, bob.id, '0.01', 'reserved', '2026-01-01');
  await invest(internal.id, ann.id, '0.01', 'reserved', '2026-01-01');
  await invest(completed.id, ann.id, '5000.00', 'completed', '2026-01-05', '2026-01-10');
  await invest(completed.id, bob.id, '1.01', 'completed', '2026-02-20', '2026-03-01');
  // Neither cancelled nor deleted money counts.
  await invest(completed.id, bob.id, '700.00', 'cancelled', '2026-03-03');
  const gone = await invest(completed.id, ann.id, '900.00', 'paid', '2026-03-03', '2026-03-04');
  await t.db.update(investments).set({ deletedAt: new Date() }).where(eq(investments.id, gone.id));

  const { stages } = await createPipelineWithStages(t, 'Stats Pipeline', ['Sourcing', 'Diligence', 'Term sheet']);
  await createDeals(t, stages[0], ['Alpha'], { amountSought: '100000.00' });
  await createDeals(t, stages[0], ['Beta'], { amountSought: '250000.50' });
  await createDeals(t, stages[1], ['Gamma'], { amountSought: '75000.00', currency: 'USD' });
  await createDeals(t, stages[1], ['Delta']);
});

afterAll(async () => {
  await t.close();
});

describe('overview statistics', () => {
  it('sums money per currency exactly, all time and this month', async () => {
    expect(await get('total-investment-value')).toEqual({
      period_start: '2026-03-01',
      totals: [
        {
          currency: 'EUR',
          investments: 3,
          committed: '333.35',
          received: '333.33',
          cash_call_outstanding: '0.00',
          committed_this_period: '333.33',
          received_this_period: '333.33',
        },
        {
          currency: 'GBP',
          investments: 4,
          committed: '8501.36',
          received: '5001.01',
          cash_call_outstanding: '2500.25',
          committed_this_period: '1000.10',
          received_this_period: '1.01',
        },
      ],
    });
  });

  it('averages the committed investments per currency, rounded half-up to pence', async () => {
    expect(await get('average-investment-amount')).toEqual([
      { currency: 'EUR', investments: 3, total: '333.35', average: '111.12' },
      { currency: 'GBP', investments: 4, total: '8501.36', average: '2125.34' },
    ]);
  });

  it('counts live opportunities by status and lists the open ones with their progress, soonest closing first', async () => {
    expect(await get('live-opportunity-count')).toMatchObject({
      total: 4,
      by_status: [
        { status: 1, count: 1 },
        { status: 2, count: 1 },
        { status: 3, count: 1 },
        { status: 4, count: 1 },
      ],
      open: [
        { name: 'Open External', status: 2, currency: 'GBP', target_raise: '100000.00', committed: '3500.35', closes_at: '2026-04-01' },
        { name: 'Open Internal', status: 3, currency: 'EUR', target_raise: null, committed: '333.35', closes_at: null },
      ],
    });
  });

  it('breaks the book into live, existing and pipeline, with pipeline value per stage', async () => {
    const trio = await get('trio-breakdown');
    expect(trio.live).toEqual({
      count: 4,
      committed: [
        { currency: 'EUR', amount: '333.35' },
        { currency: 'GBP', amount: '3500.35' },
      ],
    });
    expect(trio.existing).toEqual({ count: 2, invested: [{ currency: 'GBP', amount: '5001.01' }] });
    expect(trio.pipeline.count).toBe(4);
    expect(trio.pipeline.amount_sought).toEqual([
      { currency: 'GBP', amount: '350000.50' },
      { currency: 'USD', amount: '75000.00' },
    ]);
    const ours = trio.pipeline.stages.filter((s: { pipeline: string }) => s.pipeline === 'Stats Pipeline');
    expect(ours.map(({ stage, count, amount_sought }: Record<string, unknown>) => ({ stage, count, amount_sought }))).toEqual([
      { stage: 'Sourcing', count: 2, amount_sought: [{ currency: 'GBP', amount: '350000.50' }] },
      { stage: 'Diligence', count: 2, amount_sought: [{ currency: 'USD', amount: '75000.00' }] },
      { stage: 'Term sheet', count: 0, amount_sought: [] },
    ]);
  });

  it('counts investors by category, identity checks and appropriateness, deleted accounts left out', async () => {
    expect(await get('investor-categorisation')).toEqual([
      { category: 'restricted', count: 2, pending: 1 },
      { category: 'high_net_worth', count: 1, pending: 1 },
      { category: 'certified_sophisticated', count: 0, pending: 0 },
      { category: 'self_certified_sophisticated', count: 0, pending: 0 },
      { category: 'professional', count: 0, pending: 0 },
      { category: null, count: 1, pending: 0 },
    ]);
    expect(await get('aml-count')).toEqual([
      { kyc_status: 'not_started', count: 1 },
      { kyc_status: 'submitted', count: 1 },
      { kyc_status: 'verified', count: 2 },
      { kyc_status: 'rejected', count: 0 },
      { screening_status: 'not_screened', count: 4 },
      { screening_status: 'clear', count: 0 },
      { screening_status: 'potential_match', count: 0 },
      { screening_status: 'confirmed', count: 0 },
    ]);
    expect(await get('compliance-count')).toEqual([
      { appropriateness: 'passed', count: 2 },
      { appropriateness: 'failed', count: 1 },
      { appropriateness: 'not_taken', count: 1 },
    ]);
    expect(await get('user-count')).toMatchObject({ investors: 4, staff: 1 });
    const byDate = await get('investor-count-by-date');
    expect(byDate).toHaveLength(90);
    expect(byDate.at(-1).date).toBe('2026-03-15');
  });

  it('answers 401 logged out and 403 to each role that may not open the overview (walking can())', async () => {
    const paths = [
      'user-count',
      'investor-count-by-date',
      'live-opportunity-count',
      'trio-breakdown',
      'total-investment-value',
      'investor-categorisation',
      'average-investment-amount',
      'aml-count',
      'compliance-count',
    ];
    const anonymous = agent(t.app);
    for (const path of paths) expect((await anonymous.get(`/api/stats/${path}`)).statusCode).toBe(401);
    for (const roleId of ROLE_IDS) {
      const { client } = await signedIn(t, roleId);
      const statuses = await Promise.all(paths.map(async (path) => (await client.get(`/api/stats/${path}`)).statusCode));
      expect({ roleId, statuses }).toEqual({ roleId, statuses: paths.map(() => (can(roleId, 'overview', 'index') ? 200 : 403)) });
    }
  });
});
