import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, type HoldingKpis, type Kpi, type KpiCategory, type KpiGridRow, type KpiValue, ROLE_IDS, Role } from '@platform/domain';
import { parseCsvExport } from '../../test/deals-funds';
import { agent, createTestApp, signedIn, type TestApp } from '../../test/harness';
import { createInvestmentRow, createOpportunityRow } from '../../test/opportunities';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let investor: Awaited<ReturnType<typeof signedIn>>;
let category: KpiCategory;
let revenue: Kpi;
let secret: Kpi;
let acmeId: number;
let betaId: number;
let liveId: number;

async function created<T>(response: { statusCode: number; body: string; json: <U>() => U }): Promise<T> {
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: T }>().data;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, Role.SuperAdmin);
  investor = await signedIn(t, Role.User);
  acmeId = (await createOpportunityRow(t, { status: 5, name: 'Acme Seed', companyName: 'Acme Ltd', currency: 'GBP' })).id;
  betaId = (await createOpportunityRow(t, { status: 6, name: 'Beta Round', companyName: 'Beta Ltd', currency: 'EUR' })).id;
  liveId = (await createOpportunityRow(t, { status: 2, name: 'Still Live' })).id;
  await createInvestmentRow(t, { opportunityId: acmeId, userId: investor.user.id, amount: '1000.00', status: 'completed' });
  category = await created(await admin.client.post('/api/kpi-categories', { name: 'Financial' }));
  revenue = await created(
    await admin.client.post('/api/kpis', {
      name: 'Revenue',
      category_id: category.id,
      unit: 'currency',
      frequency: 'quarterly',
      investor_visible: true,
    }),
  );
  secret = await created(
    await admin.client.post('/api/kpis', {
      name: 'Burn',
      category_id: category.id,
      unit: 'currency',
      frequency: 'quarterly',
      investor_visible: 'false',
    }),
  );
  for (const [opportunity_id, period, value] of [
    [acmeId, '2025-Q4', '1200.50'],
    [acmeId, '2026-Q1', '1500'],
    [betaId, '2026-Q1', '-20.25'],
  ] as const) {
    await created(await admin.client.post('/api/kpi-values', { kpi_id: revenue.id, opportunity_id, period, value }));
  }
  await created(await admin.client.post('/api/kpi-values', { kpi_id: secret.id, opportunity_id: acmeId, period: '2026-Q1', value: '900' }));
});

afterAll(async () => {
  await t?.close();
});

describe('KPI definitions', () => {
  it('lists categories with their KPI counts and KPIs with their category', async () => {
    const categories = (await admin.client.get('/api/kpi-categories')).json<{ data: KpiCategory[] }>().data;
    expect(categories).toEqual([{ id: category.id, name: 'Financial', kpi_count: 2 }]);
    const page = (await admin.client.get(`/api/kpis?filter[category_id]=${category.id}&sort=name`)).json<{ data: Kpi[] }>();
    expect(page.data.map((k) => [k.name, k.category.name, k.investor_visible])).toEqual([
      ['Burn', 'Financial', false],
      ['Revenue', 'Financial', true],
    ]);
  });

  it('answers 422 with a message per field', async () => {
    const response = await admin.client.post('/api/kpis', {
      name: ' ',
      category_id: 'x',
      unit: 'litres',
      frequency: 'weekly',
      investor_visible: 'maybe',
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json<{ errors: Record<string, string[]> }>().errors).sort()).toEqual([
      'category_id',
      'frequency',
      'investor_visible',
      'name',
      'unit',
    ]);
    const duplicate = await admin.client.post('/api/kpis', {
      name: 'revenue',
      category_id: category.id,
      unit: 'number',
      frequency: 'annual',
      investor_visible: false,
    });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json<{ errors: Record<string, string[]> }>().errors.name).toEqual(['There is already a KPI of this name.']);
    const missingCategory = await admin.client.post('/api/kpis', {
      name: 'Headcount',
      category_id: 999999,
      unit: 'number',
      frequency: 'annual',
      investor_visible: false,
    });
    expect(missingCategory.json<{ errors: Record<string, string[]> }>().errors).toEqual({ category_id: ['Choose a category.'] });
  });

  it('keeps a category with KPIs and the frequency of a KPI with values', async () => {
    expect((await admin.client.request({ method: 'DELETE', url: `/api/kpi-categories/${category.id}` })).statusCode).toBe(409);
    const change = await admin.client.patch(`/api/kpis/${revenue.id}`, { frequency: 'annual' });
    expect(change.statusCode).toBe(422);
    expect(change.json<{ errors: Record<string, string[]> }>().errors.frequency).toBeDefined();
    const rename = await admin.client.patch(`/api/kpis/${revenue.id}`, { name: 'Revenue (net)' });
    expect(rename.json<{ data: Kpi }>().data.name).toBe('Revenue (net)');
    await admin.client.patch(`/api/kpis/${revenue.id}`, { name: 'Revenue' });
  });
});

describe('KPI values', () => {
  it('lists a company’s values with their period keys, exact', async () => {
    const values = (await admin.client.get(`/api/kpi-values?filter[opportunity_id]=${acmeId}&filter[kpi_id]=${revenue.id}`)).json<{
      data: KpiValue[];
    }>().data;
    expect(values.map((v) => [v.period, v.period_start, v.value])).toEqual([
      ['2025-Q4', '2025-10-01', '1200.5'],
      ['2026-Q1', '2026-01-01', '1500'],
    ]);
    expect((await admin.client.get('/api/kpi-values')).statusCode).toBe(400);
  });

  it('refuses a period of another frequency, a second value for a period, a live opportunity and a bad number', async () => {
    const wrongPeriod = await admin.client.post('/api/kpi-values', {
      kpi_id: revenue.id,
      opportunity_id: acmeId,
      period: '2026-03',
      value: '1',
    });
    expect(wrongPeriod.json<{ errors: Record<string, string[]> }>().errors).toEqual({ period: ['Enter a quarter such as 2026-Q1.'] });
    const twice = await admin.client.post('/api/kpi-values', { kpi_id: revenue.id, opportunity_id: acmeId, period: '2026-q1', value: '1' });
    expect(twice.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      period: ['There is already a value for this period: change it instead.'],
    });
    const live = await admin.client.post('/api/kpi-values', { kpi_id: revenue.id, opportunity_id: liveId, period: '2026-Q1', value: '1' });
    expect(live.json<{ errors: Record<string, string[]> }>().errors).toEqual({ opportunity_id: ['Choose an existing investment.'] });
    const notNumber = await admin.client.post('/api/kpi-values', {
      kpi_id: revenue.id,
      opportunity_id: acmeId,
      period: '2026-Q2',
      value: '1.2.3',
    });
    expect(notNumber.statusCode).toBe(422);
    expect(notNumber.json<{ errors: Record<string, string[]> }>().errors.value).toHaveLength(1);
  });

  it('changes and deletes a value', async () => {
    const value = await created<KpiValue>(
      await admin.client.post('/api/kpi-values', { kpi_id: revenue.id, opportunity_id: acmeId, period: '2026-Q2', value: '1' }),
    );
    const changed = await admin.client.patch(`/api/kpi-values/${value.id}`, { value: '1700.125', note: 'Audited' });
    expect(changed.json<{ data: KpiValue }>().data).toMatchObject({ value: '1700.125', note: 'Audited', period: '2026-Q2' });
    expect((await admin.client.request({ method: 'DELETE', url: `/api/kpi-values/${value.id}` })).statusCode).toBe(204);
    expect((await admin.client.patch(`/api/kpi-values/${value.id}`, { value: '1' })).statusCode).toBe(404);
  });
});

describe('the portfolio KPI grid', () => {
  it('has a row per company and KPI with its values by period, filtered and paged', async () => {
    const page = (await admin.client.get(`/api/reports/kpis?filter[kpi_id]=${revenue.id}&sort=company`)).json<{
      data: KpiGridRow[];
      meta: { total: number };
    }>();
    expect(page.meta.total).toBe(2);
    expect(page.data.map((r) => [r.opportunity.name, r.kpi.name, r.values.map((v) => `${v.period}=${v.value}`).join(' ')])).toEqual([
      ['Acme Seed', 'Revenue', '2025-Q4=1200.5 2026-Q1=1500'],
      ['Beta Round', 'Revenue', '2026-Q1=-20.25'],
    ]);
    const all = (await admin.client.get(`/api/reports/kpis?filter[category_id]=${category.id}&per_page=1`)).json<{
      meta: { total: number };
    }>();
    expect(all.meta.total).toBe(3);
    expect((await admin.client.get('/api/reports/kpis?filter[colour]=red')).statusCode).toBe(400);
  });

  it('exports one line per value', async () => {
    const csv = await admin.client.get(`/api/reports/kpis/export?filter[kpi_id]=${revenue.id}`);
    expect(csv.statusCode).toBe(200);
    expect(parseCsvExport(csv.body).map((r) => [r.Company, r.KPI, r.Period, r.Value, r.Currency])).toEqual([
      ['Acme Seed', 'Revenue', '2025-Q4', '1200.5', 'GBP'],
      ['Acme Seed', 'Revenue', '2026-Q1', '1500', 'GBP'],
      ['Beta Round', 'Revenue', '2026-Q1', '-20.25', 'EUR'],
    ]);
  });

  it('offers the existing investments as companies', async () => {
    const companies = (await admin.client.get('/api/reports/kpis/companies')).json<{ data: Array<{ id: number }> }>().data.map((c) => c.id);
    expect(companies).toEqual(expect.arrayContaining([acmeId, betaId]));
    expect(companies).not.toContain(liveId);
  });
});

describe('the investor’s KPI charts', () => {
  it('shows the investor-visible KPIs of their own holding only', async () => {
    const response = await investor.client.get(`/api/my/portfolio/${acmeId}/kpis`);
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json<{ data: HoldingKpis }>().data;
    expect(data.kpis.map((k) => [k.name, k.values.map((v) => v.value)])).toEqual([['Revenue', ['1200.5', '1500']]]);
    expect((await investor.client.get(`/api/my/portfolio/${betaId}/kpis`)).statusCode).toBe(404);
    expect((await investor.client.get('/api/my/portfolio/2147483647/kpis')).statusCode).toBe(404);
    expect((await admin.client.get(`/api/my/portfolio/${acmeId}/kpis`)).statusCode).toBe(403);
    expect((await investor.client.get('/api/kpis')).statusCode).toBe(403);
  });
});

describe('who may', () => {
  const routes = () =>
    [
      { action: 'index', method: 'GET', url: '/api/kpis' },
      { action: 'index', method: 'GET', url: '/api/kpi-categories' },
      { action: 'index', method: 'GET', url: `/api/kpi-values?filter[opportunity_id]=${acmeId}` },
      { action: 'index', method: 'GET', url: '/api/reports/kpis' },
      { action: 'index', method: 'GET', url: '/api/reports/kpis/export' },
      { action: 'index', method: 'GET', url: '/api/reports/kpis/companies' },
      { action: 'show', method: 'GET', url: `/api/kpis/${revenue.id}` },
      { action: 'create', method: 'POST', url: '/api/kpi-categories', payload: {} },
      { action: 'create', method: 'POST', url: '/api/kpi-values', payload: {} },
      { action: 'update', method: 'PATCH', url: `/api/kpis/${revenue.id}`, payload: {} },
      { action: 'delete', method: 'DELETE', url: '/api/kpi-values/999999' },
    ] as const;

  it('answers 401 without a session', async () => {
    const anonymous = agent(t.app);
    for (const route of routes()) {
      const response = await anonymous.request({
        method: route.method,
        url: route.url,
        payload: 'payload' in route ? route.payload : undefined,
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('answers 403 to the roles the permission table does not give the action', async () => {
    for (const roleId of ROLE_IDS) {
      const { client } = await signedIn(t, roleId);
      for (const route of routes()) {
        const response = await client.request({
          method: route.method,
          url: route.url,
          payload: 'payload' in route ? route.payload : undefined,
        });
        const label = `role ${roleId} ${route.method} ${route.url}`;
        if (can(roleId, 'kpis', route.action)) expect(response.statusCode, label).not.toBe(403);
        else expect(response.statusCode, label).toBe(403);
      }
    }
    expect(can(Role.FundManager, 'kpis', 'create')).toBe(true);
    expect(can(Role.FundManager, 'kpis', 'update')).toBe(false);
    expect(can(Role.InvestmentCommittee, 'kpis', 'create')).toBe(false);
  });
});
