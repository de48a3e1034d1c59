import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { can, REPORTS, Role, ROLE_IDS } from '@platform/domain';
import { investments, kpiCategories, kpis, kpiValues, updateReports } from '../../db/schema';
import { createDeals, createPipelineWithStages } from '../../test/deals-funds';
import { agent, createTestApp, createUser, signedIn, type TestApp } from '../../test/harness';
import { createInvestmentRow, createOpportunityRow } from '../../test/opportunities';

let t: TestApp;
const URL = '/api/reports/available-reports';

beforeAll(async () => {
  t = await createTestApp();
  const ann = await createUser(t.ctx);
  const held = await createOpportunityRow(t, { status: 5 });
  const matured = await createOpportunityRow(t, { status: 6, currency: 'USD' });
  await createOpportunityRow(t, { status: 4 });
  const live = await createOpportunityRow(t, { status: 2 });
  await createOpportunityRow(t, { status: 1 });
  await createInvestmentRow(t, { opportunityId: held.id, userId: ann.id, amount: '1200.50', status: 'completed' });
  await createInvestmentRow(t, { opportunityId: held.id, userId: ann.id, amount: '99.99', status: 'reserved' });
  const dollars = await createInvestmentRow(t, { opportunityId: matured.id, userId: ann.id, amount: '10.00', status: 'paid' });
  await t.db.update(investments).set({ currency: 'USD' }).where(eq(investments.id, dollars.id));
  await createInvestmentRow(t, { opportunityId: live.id, userId: ann.id, amount: '300.00', status: 'reserved' });

  const [category] = await t.db.insert(kpiCategories).values({ name: 'Finance' }).returning();
  const [revenue] = await t.db
    .insert(kpis)
    .values({ name: 'Revenue', categoryId: category.id, unit: 'currency', frequency: 'quarterly' })
    .returning();
  await t.db.insert(kpiValues).values([
    { kpiId: revenue.id, opportunityId: held.id, periodStart: '2026-01-01', value: '1' },
    { kpiId: revenue.id, opportunityId: held.id, periodStart: '2026-04-01', value: '2' },
    { kpiId: revenue.id, opportunityId: matured.id, periodStart: '2026-01-01', value: '3' },
  ]);
  await t.db.insert(updateReports).values([
    { title: 'Live one', body: '<p>x</p>', audience: 'all', status: 2, publishedAt: new Date() },
    { title: 'Live two', body: '<p>x</p>', audience: 'all', status: 2, publishedAt: new Date() },
    { title: 'Draft', body: '<p>x</p>', audience: 'all', status: 1 },
    { title: 'Deleted', body: '<p>x</p>', audience: 'all', status: 2, deletedAt: new Date() },
  ]);
  const { stages } = await createPipelineWithStages(t, 'Reports Pipeline', ['Sourcing']);
  const [promoted] = await createDeals(t, stages[0], ['Promoted', 'Waiting', 'Also waiting']);
  await createOpportunityRow(t, { status: 2, sourceDealId: promoted.id });
});

afterAll(async () => {
  await t.close();
});

describe('available reports', () => {
  it('lists every report to the Super Admin, each with its headline figure', async () => {
    const { client } = await signedIn(t, Role.SuperAdmin);
    const response = await client.get(URL);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual([
      { key: 'kpis', path: '/admin/reports/kpis', count: 2, count_label: 'companies reporting KPIs', amounts: [] },
      {
        key: 'kpi_portfolio',
        path: '/admin/reports/kpi-portfolio',
        count: 2,
        count_label: 'companies held',
        amounts: [
          { currency: 'GBP', amount: '1200.50' },
          { currency: 'USD', amount: '10.00' },
        ],
      },
      { key: 'updates', path: '/admin/reports/updates', count: 2, count_label: 'updates published', amounts: [] },
      {
        // Two deals still waiting, and three opportunities not closed (draft, live, live from the promoted deal).
        key: 'wip',
        path: '/admin/reports/wip',
        count: 5,
        count_label: 'deals and opportunities in progress',
        amounts: [{ currency: 'GBP', amount: '300.00' }],
      },
      {
        key: 'investments',
        path: '/admin/reports/investments',
        count: 4,
        count_label: 'investments recorded',
        amounts: [
          { currency: 'GBP', amount: '1200.50' },
          { currency: 'USD', amount: '10.00' },
        ],
      },
      { key: 'statements', path: '/admin/reports/statements', count: 0, count_label: 'statements filed', amounts: [] },
      // The fund KPI report is left out while funds are off (the default).
      { key: 'quarter_kpis', path: '/admin/reports/quarter-kpis', count: 1, count_label: 'KPIs defined', amounts: [] },
    ]);
  });

  it('lists to each role only the reports its grants open; 403 to a role with none, 401 logged out', async () => {
    expect((await agent(t.app).get(URL)).statusCode).toBe(401);
    for (const roleId of ROLE_IDS) {
      const { client } = await signedIn(t, roleId);
      const response = await client.get(URL);
      const open = REPORTS.filter((r) => can(roleId, r.event, 'index') && r.key !== 'fund_kpis').map((r) => r.key);
      if (!open.length) {
        expect({ roleId, status: response.statusCode }).toEqual({ roleId, status: 403 });
        continue;
      }
      expect({ roleId, keys: response.json().data.map((r: { key: string }) => r.key) }).toEqual({ roleId, keys: open });
    }
  });

  it('gives the Fund Manager and the Investment Committee the four reports of spec §6 and the book reports', async () => {
    for (const roleId of [Role.FundManager, Role.InvestmentCommittee]) {
      const { client } = await signedIn(t, roleId);
      expect((await client.get(URL)).json().data.map((r: { key: string }) => r.key)).toEqual([
        'kpis',
        'kpi_portfolio',
        'updates',
        'wip',
        'investments',
        'statements',
        'quarter_kpis',
      ]);
    }
  });
});
