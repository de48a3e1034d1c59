import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { can, Role, ROLE_IDS } from '@platform/domain';
import { activityLog, funds } from '../../db/schema';
import { addFundInvestment, addNav, createFund, createInvestor, parseCsvExport, setFundsEnabled } from '../../test/deals-funds';
import { agent, createTestApp, signedIn, type TestApp } from '../../test/harness';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, Role.SuperAdmin, { name: 'Admin Ada' });
  await setFundsEnabled(t, true);
});
afterAll(() => t.close());

const del = (client: typeof admin.client, url: string) => client.request({ method: 'DELETE', url });

describe('funds_enabled off', () => {
  // Decision (see ./access.ts): with the flag off every fund route is a 404 for every signed-in
  // user, checked after authentication (401 first) and before permissions (no 403 leaks the flag).
  it('answers 404 on every fund route, 401 still first, and investors get 404 too', async () => {
    const fund = await createFund(t, { name: 'Hidden fund' });
    const { client: custodian } = await signedIn(t, Role.Custodian);
    const investor = await signedIn(t, Role.User);
    await setFundsEnabled(t, false);
    try {
      expect((await agent(t.app).get('/api/funds')).statusCode).toBe(401);
      for (const url of [
        '/api/funds',
        `/api/funds/${fund.id}`,
        `/api/funds/${fund.id}/portfolio-analysis`,
        '/api/funds/export',
        '/api/net-asset-values',
        '/api/ledgers',
        '/api/ledgers/export',
      ]) {
        expect({ url, status: (await admin.client.get(url)).statusCode }).toEqual({ url, status: 404 });
        expect({ url, status: (await custodian.get(url)).statusCode }).toEqual({ url, status: 404 });
      }
      expect((await admin.client.post('/api/funds', { name: 'X', type: 'EIS', vintage: 2024 })).statusCode).toBe(404);
      expect((await investor.client.get('/api/my/funds')).statusCode).toBe(404);
      // Fund investments are not behind the flag (spec §2.2 lists them under Investments).
      expect((await admin.client.get('/api/companies')).statusCode).toBe(200);
    } finally {
      await setFundsEnabled(t, true);
    }
    expect((await admin.client.get(`/api/funds/${fund.id}`)).statusCode).toBe(200);
  });
});

describe('creating and editing funds', () => {
  it('creates a fund, sanitising the description, and logs it', async () => {
    const response = await admin.client.post('/api/funds', {
      name: 'Northern EIS Fund',
      type: 'EIS',
      vintage: '2024',
      currency: 'GBP',
      target_size: '2500000',
      management_fee: 2.5,
      performance_fee: '20',
      manager_id: admin.user.id,
      description: '<p>Growth<script>x()</script></p>',
    });
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    expect(data).toMatchObject({
      name: 'Northern EIS Fund',
      vintage: 2024,
      target_size: '2500000.00',
      management_fee: '2.5000',
      performance_fee: '20.0000',
      description: '<p>Growth</p>',
      manager: { id: admin.user.id, name: 'Admin Ada' },
      figures: { paid_in: '0.00', latest_nav: null, dpi: null, rvpi: null, tvpi: null, units_issued: '0.000000' },
    });
    const logs = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.subjectType, 'fund'), eq(activityLog.subjectId, String(data.id))));
    expect(logs.map((l) => l.action)).toEqual(['created']);
  });

  it('answers 422 on the field at fault', async () => {
    const investor = await createInvestor(t);
    const base = { name: 'F', type: 'EIS', vintage: 2024 };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ type: 'EIS', vintage: 2024 }, 'name'],
      [{ name: 'F', vintage: 2024 }, 'type'],
      [{ name: 'F', type: 'EIS' }, 'vintage'],
      [{ ...base, vintage: 'soon' }, 'vintage'],
      [{ ...base, currency: 'XYZ' }, 'currency'],
      [{ ...base, target_size: '10.001' }, 'target_size'],
      [{ ...base, target_size: '-1' }, 'target_size'],
      [{ ...base, management_fee: '2.12345' }, 'management_fee'],
      [{ ...base, manager_id: investor.id }, 'manager_id'],
    ];
    for (const [payload, field] of cases) {
      const response = await admin.client.post('/api/funds', payload);
      expect({ field, status: response.statusCode, errors: Object.keys(response.json().errors ?? {}) }).toEqual({
        field,
        status: 422,
        errors: [field],
      });
    }
  });

  it('updates a fund; the currency is fixed once amounts are recorded', async () => {
    const fund = await createFund(t, { name: 'Editable' });
    const edited = await admin.client.patch(`/api/funds/${fund.id}`, { name: 'Edited', currency: 'EUR', target_size: '' });
    expect(edited.json().data).toMatchObject({ name: 'Edited', currency: 'EUR', target_size: null });
    await addNav(t, { fundId: fund.id, date: '2024-01-01', nav: '10.00', unitsInIssue: '10', navPerUnit: '1.000000' });
    const refused = await admin.client.patch(`/api/funds/${fund.id}`, { currency: 'USD' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.currency).toBeDefined();
    expect((await admin.client.patch(`/api/funds/${fund.id}`, { name: '' })).statusCode).toBe(422);
    expect((await admin.client.patch('/api/funds/999999', { name: 'x' })).statusCode).toBe(404);
  });

  it('deletes softly, refusing a fund with ledger entries or investments', async () => {
    const empty = await createFund(t, { name: 'Empty' });
    expect((await del(admin.client, `/api/funds/${empty.id}`)).statusCode).toBe(204);
    expect((await admin.client.get(`/api/funds/${empty.id}`)).statusCode).toBe(404);
    const [row] = await t.db.select().from(funds).where(eq(funds.id, empty.id));
    expect(row.deletedAt).not.toBeNull();
    const held = await createFund(t, { name: 'Held' });
    await addFundInvestment(t, { fundId: held.id, companyName: 'Kept Ltd', cost: '1.00' });
    expect((await del(admin.client, `/api/funds/${held.id}`)).statusCode).toBe(409);
  });
});

describe('GET /api/funds and its export', () => {
  beforeAll(async () => {
    await createFund(t, { name: 'List Alpha', type: 'SEIS', vintage: 2019, currency: 'USD', targetSize: '100.00' });
    await createFund(t, { name: 'List Beta', type: 'SEIS', vintage: 2020, currency: 'USD', targetSize: '300.00' });
    await createFund(t, { name: 'List Gamma, "quoted"', type: 'VCT', vintage: 2020, currency: 'USD', targetSize: '200.00' });
  });

  it('filters, sorts, includes and appends figures', async () => {
    const body = (await admin.client.get('/api/funds?filter[currency]=USD&filter[type]=SEIS&sort=-target_size')).json();
    expect(body.data.map((f: { name: string }) => f.name)).toEqual(['List Beta', 'List Alpha']);
    expect(body.data[0].figures).toBeUndefined();
    const withFigures = (
      await admin.client.get('/api/funds?filter[search]=List&filter[vintage]=2020&include=manager&append=figures')
    ).json();
    expect(withFigures.meta.total).toBe(2);
    expect(withFigures.data[0]).toMatchObject({ manager: null, figures: { paid_in: '0.00' } });
  });

  it.each([
    ['filter[colour]=red'],
    ['filter[vintage]=twenty'],
    ['sort=secret'],
    ['include=everything'],
    ['append=x'],
    ['as_of=2024-02-30'],
    ['filter[currency]=XYZ'],
  ])('answers 400 for %s', async (query) => {
    expect((await admin.client.get(`/api/funds?${query}`)).statusCode).toBe(400);
  });

  it('exports the filtered list as CSV, in list order, and as Excel', async () => {
    const query = 'filter[currency]=USD&filter[search]=List&sort=-name';
    const list = (await admin.client.get(`/api/funds?${query}&append=figures`)).json().data;
    const response = await admin.client.get(`/api/funds/export?${query}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const rows = parseCsvExport(response.body);
    expect(
      rows.map((r) => ({
        id: Number(r.ID),
        name: r.Name,
        type: r.Type,
        vintage: Number(r.Vintage),
        target: r['Target size'],
        paid: r['Paid in'],
      })),
    ).toEqual(
      list.map((f: { id: number; name: string; type: string; vintage: number; target_size: string; figures: { paid_in: string } }) => ({
        id: f.id,
        name: f.name,
        type: f.type,
        vintage: f.vintage,
        target: f.target_size,
        paid: f.figures.paid_in,
      })),
    );
    expect(rows).toHaveLength(3);
    const xlsx = await admin.client.get(`/api/funds/export?${query}&format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect((await admin.client.get('/api/funds/export?format=pdf')).statusCode).toBe(400);
    expect((await admin.client.get('/api/funds/export?filter[colour]=red')).statusCode).toBe(400);
  });
});

describe('fund figures, positions and portfolio analysis', () => {
  let fundId: number;
  let alice: number;
  let bob: number;

  beforeAll(async () => {
    const fund = await createFund(t, { name: 'Figures Fund' });
    fundId = fund.id;
    alice = (await createInvestor(t, 'Alice Investor')).id;
    bob = (await createInvestor(t, 'Bob Investor')).id;
    // Through the API, so units are derived and checked as staff would record them.
    const post = async (url: string, payload: Record<string, unknown>) => {
      const response = await admin.client.post(url, payload);
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data;
    };
    await post('/api/net-asset-values', { fund_id: fundId, date: '2024-01-01', nav: '1000000.00', units_in_issue: '1000000' });
    await post('/api/ledgers', { fund_id: fundId, investor_id: alice, kind: 'subscription', date: '2024-02-01', amount: '10000.00' });
    await post('/api/ledgers', {
      fund_id: fundId,
      investor_id: bob,
      kind: 'subscription',
      date: '2024-02-01',
      amount: '5000.00',
      units: '4000',
    });
    await post('/api/net-asset-values', { fund_id: fundId, date: '2024-06-30', nav: '20000.00' });
    await post('/api/ledgers', { fund_id: fundId, investor_id: alice, kind: 'subscription', date: '2024-07-01', amount: '1000.00' });
    await post('/api/ledgers', {
      fund_id: fundId,
      investor_id: alice,
      kind: 'redemption',
      date: '2024-08-01',
      amount: '500.00',
      units: '300',
    });
    await post('/api/ledgers', { fund_id: fundId, investor_id: alice, kind: 'distribution', date: '2024-09-01', amount: '250.00' });
    await post('/api/ledgers', { fund_id: fundId, investor_id: alice, kind: 'fee', date: '2024-09-01', amount: '100.00' });
  });

  it('computes the fund figures from its ledgers and latest NAV (hand-checked)', async () => {
    const body = (await admin.client.get(`/api/funds/${fundId}/figures?as_of=2024-12-31`)).json();
    // Units: 10000 + 4000 + 700.000210 (1000 ÷ 1.428571, rounded down) − 300.
    expect(body.data).toEqual({
      as_of: '2024-12-31',
      latest_nav: { date: '2024-06-30', nav: '20000.00', units_in_issue: '14000.000000', nav_per_unit: '1.428571' },
      units_issued: '14400.000210',
      paid_in: '16000.00',
      distributions: '250.00',
      redemptions: '500.00',
      fees: '100.00',
      dpi: '0.05',
      rvpi: '1.25',
      tvpi: '1.30',
    });
    const before = (await admin.client.get(`/api/funds/${fundId}/figures?as_of=2024-03-01`)).json().data;
    expect(before).toMatchObject({ units_issued: '14000.000000', paid_in: '15000.00', latest_nav: { nav_per_unit: '1.000000' } });
    expect((await admin.client.get(`/api/funds/${fundId}/figures?as_of=yesterday`)).statusCode).toBe(400);
  });

  it('gives each investor their balance, units and value (hand-checked)', async () => {
    const body = (await admin.client.get(`/api/funds/${fundId}/positions?as_of=2024-12-31`)).json();
    expect(body.meta).toEqual({ fund_id: fundId, currency: 'GBP', as_of: '2024-12-31' });
    expect(body.data).toEqual([
      {
        investor: { id: alice, name: 'Alice Investor' },
        as_of: '2024-12-31',
        units: '10400.000210',
        nav_per_unit: '1.428571',
        nav_date: '2024-06-30',
        // 10400.000210 × 1.428571 = 14857.1387…
        value: '14857.14',
        paid_in: '11000.00',
        distributions: '250.00',
        redemptions: '500.00',
        fees: '100.00',
        dpi: '0.07',
        rvpi: '1.35',
        tvpi: '1.42',
        // 14857.14 + 250.00 + 500.00 − 11000.00; the fee is inside the NAV.
        gain: '4607.14',
      },
      {
        investor: { id: bob, name: 'Bob Investor' },
        as_of: '2024-12-31',
        units: '4000.000000',
        nav_per_unit: '1.428571',
        nav_date: '2024-06-30',
        value: '5714.28',
        paid_in: '5000.00',
        distributions: '0.00',
        redemptions: '0.00',
        fees: '0.00',
        dpi: '0.00',
        rvpi: '1.14',
        tvpi: '1.14',
        gain: '714.28',
      },
    ]);
    const early = (await admin.client.get(`/api/funds/${fundId}/positions?as_of=2024-01-15`)).json();
    expect(early.data).toEqual([]);
  });

  it('lists the fund portfolio and analyses it by industry and stage (hand-checked)', async () => {
    const holding = (values: Partial<Parameters<typeof addFundInvestment>[1]>) =>
      addFundInvestment(t, { fundId, companyName: 'X', cost: '0.00', ...values });
    await holding({ companyName: 'Alpha', industry: 'Fintech', stage: 'Seed', cost: '100000.00', currentValuation: '250000.00' });
    await holding({ companyName: 'Beta', industry: 'Fintech', stage: 'Series A', cost: '200000.00' });
    await holding({
      companyName: 'Gamma',
      industry: 'Health',
      stage: 'Seed',
      cost: '50000.00',
      currentValuation: '10000.00',
      maturityStatus: 'written_off',
    });
    await holding({ companyName: 'Delta', stage: 'Seed', cost: '150000.00', currentValuation: '300000.00', maturityStatus: 'exited' });
    await holding({ companyName: 'Epsilon', industry: 'Health', stage: 'Series A', cost: '33333.33', currentValuation: '66666.67' });
    await holding({ companyName: 'Deleted', industry: 'Health', stage: 'Seed', cost: '999.00', deletedAt: new Date() });
    const elsewhere = await createFund(t, { name: 'Other' });
    await addFundInvestment(t, { fundId: elsewhere.id, companyName: 'Not ours', industry: 'Fintech', cost: '5.00' });

    const portfolio = (await admin.client.get(`/api/funds/${fundId}/portfolio?sort=-cost&include=fund`)).json();
    expect(portfolio.data.map((c: { company_name: string }) => c.company_name)).toEqual(['Beta', 'Delta', 'Alpha', 'Gamma', 'Epsilon']);
    expect(portfolio.data[0].fund).toEqual({ id: fundId, name: 'Figures Fund', currency: 'GBP' });
    expect((await admin.client.get(`/api/funds/${fundId}/portfolio?filter[industry]=Health`)).json().meta.total).toBe(2);

    const { data } = (await admin.client.get(`/api/funds/${fundId}/portfolio-analysis`)).json();
    // Cost 533333.33; value 250000 + 200000 (held at cost) + 0 (written off) + 0 (exited) + 66666.67.
    expect(data).toEqual({
      fund_id: fundId,
      currency: 'GBP',
      totals: { count: 5, cost: '533333.33', value: '516666.67' },
      by_industry: [
        { key: 'Fintech', label: 'Fintech', count: 2, cost: '300000.00', value: '450000.00', cost_share: '56.25', value_share: '87.10' },
        // 150000 / 533333.33 = 28.12500017…%
        { key: null, label: 'Unspecified', count: 1, cost: '150000.00', value: '0.00', cost_share: '28.13', value_share: '0.00' },
        // 83333.33 / 533333.33 = 15.62499998…%
        { key: 'Health', label: 'Health', count: 2, cost: '83333.33', value: '66666.67', cost_share: '15.62', value_share: '12.90' },
      ],
      by_stage: [
        { key: 'Seed', label: 'Seed', count: 3, cost: '300000.00', value: '250000.00', cost_share: '56.25', value_share: '48.39' },
        { key: 'Series A', label: 'Series A', count: 2, cost: '233333.33', value: '266666.67', cost_share: '43.75', value_share: '51.61' },
      ],
    });
    const empty = await createFund(t, { name: 'No holdings' });
    expect((await admin.client.get(`/api/funds/${empty.id}/portfolio-analysis`)).json().data).toMatchObject({
      totals: { count: 0, cost: '0.00', value: '0.00' },
      by_industry: [],
      by_stage: [],
    });
    expect((await admin.client.get(`/api/funds/${fundId}/portfolio-analysis?x=1`)).statusCode).toBe(400);
  });
});

describe('fund permissions', () => {
  it('answers 401 logged out and 403 for each action a role lacks (walking can())', async () => {
    expect((await agent(t.app).get('/api/funds')).statusCode).toBe(401);
    expect((await agent(t.app).get('/api/funds/export')).statusCode).toBe(401);
    for (const roleId of ROLE_IDS) {
      const { client } = await signedIn(t, roleId);
      const fund = await createFund(t, { name: `Fund for role ${roleId}` });
      const status = {
        index: (await client.get('/api/funds?per_page=1')).statusCode,
        export: (await client.get('/api/funds/export')).statusCode,
        show: (await client.get(`/api/funds/${fund.id}`)).statusCode,
        positions: (await client.get(`/api/funds/${fund.id}/positions`)).statusCode,
        portfolio: (await client.get(`/api/funds/${fund.id}/portfolio`)).statusCode,
        analysis: (await client.get(`/api/funds/${fund.id}/portfolio-analysis`)).statusCode,
        create: (await client.post('/api/funds', { name: 'New', type: 'EIS', vintage: 2024 })).statusCode,
        update: (await client.patch(`/api/funds/${fund.id}`, { name: 'Renamed' })).statusCode,
        delete: (await del(client, `/api/funds/${fund.id}`)).statusCode,
      };
      const expected = (action: 'index' | 'show' | 'create' | 'update' | 'delete', ok: number) => (can(roleId, 'funds', action) ? ok : 403);
      expect({ roleId, ...status }).toEqual({
        roleId,
        index: expected('index', 200),
        export: expected('index', 200),
        show: expected('show', 200),
        positions: expected('show', 200),
        portfolio: expected('show', 200),
        analysis: expected('show', 200),
        create: expected('create', 201),
        update: expected('update', 200),
        delete: expected('delete', 204),
      });
    }
    // The spec's Fund Manager row: funds without create.
    expect(can(Role.FundManager, 'funds', 'create')).toBe(false);
    expect(can(Role.FundManager, 'funds', 'update')).toBe(true);
  });
});
