import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { can, Role, ROLE_IDS } from '@platform/domain';
import { investments, nominees, organisations } from '../../db/schema';
import { agent, createTestApp, signedIn, type TestApp } from '../../test/harness';
import { createInvestmentRow, createOpportunityRow, setFlags } from '../../test/opportunities';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, Role.SuperAdmin);
  await setFlags(t, { cap_table_enabled: true });
});
afterAll(() => t.close());

async function hold(
  opportunityId: number,
  userId: number,
  amount: string,
  shares: string,
  holder: Partial<typeof investments.$inferInsert> = {},
) {
  const row = await createInvestmentRow(t, { opportunityId, userId, amount, status: 'completed' });
  await t.db
    .update(investments)
    .set({ shares, paidAt: new Date('2024-01-01T12:00:00Z'), ...holder })
    .where(eq(investments.id, row.id));
}

/**
 * A completed company: Ann holds 1,000 shares personally (£1,000) and 500 through her company
 * (£500); Ben holds 2,500 through a nominee (£2,500). The company is now priced at £2.00.
 */
async function company() {
  const opportunity = await createOpportunityRow(t, { status: 5, sharePrice: '1.000000' });
  const ann = await signedIn(t, Role.User, { name: 'Ann Able' });
  const ben = await signedIn(t, Role.User, { name: 'Ben Baker' });
  const [org] = await t.db.insert(organisations).values({ name: 'Able Holdings Ltd' }).returning();
  const [nominee] = await t.db.insert(nominees).values({ name: 'Crest Nominees Ltd' }).returning();
  await hold(opportunity.id, ann.user.id, '1000.00', '1000.000000');
  await hold(opportunity.id, ann.user.id, '500.00', '500.000000', { holderType: 'organisation', organisationId: org.id, type: 'org' });
  await hold(opportunity.id, ben.user.id, '2500.00', '2500.000000', { holderType: 'nominee', nomineeId: nominee.id });
  await admin.client.post('/api/share-prices', { opportunity_id: opportunity.id, date: '2025-01-01', price: '2' });
  return { opportunity, ann, ben };
}

describe('cap table', () => {
  it('lists every holder and how they hold, with shares, their share of the holders and of the company, and cost', async () => {
    const { opportunity } = await company();
    await admin.client.post('/api/company-valuations', {
      opportunity_id: opportunity.id,
      date: '2025-01-01',
      valuation: '80000',
      shares_outstanding: '40000',
    });
    const response = await admin.client.get(`/api/investment-opportunities/${opportunity.id}/cap-table?as_of=2025-06-01`);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.total).toEqual({ holders: 3, shares: '4000.000000', cost: '4000.00', percent_of_company: '10.00' });
    expect(data.shares_outstanding).toEqual({ date: '2025-01-01', shares: '40000.000000' });
    expect(
      data.holders.map((h: Record<string, unknown>) => [
        h.name,
        h.holder_type,
        h.held_through,
        h.shares,
        h.percent_of_holders,
        h.percent_of_company,
        h.cost,
      ]),
    ).toEqual([
      ['Ann Able', 'personal', null, '1000.000000', '25.00', '2.50', '1000.00'],
      ['Ann Able', 'organisation', 'Able Holdings Ltd', '500.000000', '12.50', '1.25', '500.00'],
      ['Ben Baker', 'nominee', 'Crest Nominees Ltd', '2500.000000', '62.50', '6.25', '2500.00'],
    ]);
  });

  it('values each holder by the Performance tab’s arithmetic, and the total equals the Performance total', async () => {
    const { opportunity } = await company();
    const { data } = (
      await admin.client.get(`/api/investment-opportunities/${opportunity.id}/cap-table-performance?as_of=2025-01-01`)
    ).json();
    // 1,000 × £2 = £2,000 on £1,000; 500 × £2 = £1,000 on £500; 2,500 × £2 = £5,000 on £2,500.
    expect(data.holders.map((h: Record<string, unknown>) => [h.held_through, h.cost, h.current_value, h.realised, h.gain, h.moic])).toEqual(
      [
        [null, '1000.00', '2000.00', '0.00', '1000.00', '2.00'],
        ['Able Holdings Ltd', '500.00', '1000.00', '0.00', '500.00', '2.00'],
        ['Crest Nominees Ltd', '2500.00', '5000.00', '0.00', '2500.00', '2.00'],
      ],
    );
    const performance = (await admin.client.get(`/api/investment-opportunities/${opportunity.id}/performance?as_of=2025-01-01`)).json()
      .data;
    expect(data.total).toEqual(performance.total);
    expect(data.total).toMatchObject({ cost: '4000.00', current_value: '8000.00', moic: '2.00' });
  });

  it('answers 404 while the cap table is off, and on live opportunities', async () => {
    const { opportunity } = await company();
    const live = await createOpportunityRow(t, { status: 2 });
    expect((await admin.client.get(`/api/investment-opportunities/${live.id}/cap-table`)).statusCode).toBe(404);
    await setFlags(t, { cap_table_enabled: false });
    try {
      expect((await admin.client.get(`/api/investment-opportunities/${opportunity.id}/cap-table`)).statusCode).toBe(404);
      expect((await admin.client.get(`/api/investment-opportunities/${opportunity.id}/cap-table-performance`)).statusCode).toBe(404);
    } finally {
      await setFlags(t, { cap_table_enabled: true });
    }
    expect((await admin.client.get(`/api/investment-opportunities/${opportunity.id}/cap-table?as_of=June`)).statusCode).toBe(400);
    expect((await admin.client.get('/api/investment-opportunities/999999/cap-table')).statusCode).toBe(404);
  });

  it('shows the holders to every role that may see the investment, but returns not to the Investment Manager', async () => {
    const { opportunity } = await company();
    for (const roleId of ROLE_IDS) {
      const { client } = await signedIn(t, roleId);
      const may = can(roleId, 'existing_opportunities', 'show');
      expect((await client.get(`/api/investment-opportunities/${opportunity.id}/cap-table`)).statusCode, `role ${roleId}`).toBe(
        may ? 200 : 403,
      );
      const returns = may && roleId !== Role.InvestmentManager;
      expect((await client.get(`/api/investment-opportunities/${opportunity.id}/cap-table-performance`)).statusCode, `role ${roleId}`).toBe(
        returns ? 200 : 403,
      );
      expect((await client.get(`/api/investment-opportunities/${opportunity.id}/performance`)).statusCode, `role ${roleId}`).toBe(
        returns ? 200 : 403,
      );
      expect((await client.get(`/api/share-prices?filter[opportunity_id]=${opportunity.id}`)).statusCode, `role ${roleId}`).toBe(
        returns ? 200 : 403,
      );
    }
    expect((await agent(t.app).get(`/api/investment-opportunities/${opportunity.id}/cap-table`)).statusCode).toBe(401);
  });
});
