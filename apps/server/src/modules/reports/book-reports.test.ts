import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { can, Role, ROLE_IDS } from '@platform/domain';
import { investments, kpiCategories, kpis, kpiValues } from '../../db/schema';
import { fixedClock } from '../../platform/clock';
import { addLedgerEntry, addNav, createFund, parseCsvExport, setFundsEnabled } from '../../test/deals-funds';
import { agent, createTestApp, signedIn, type TestApp } from '../../test/harness';
import { createOrganisationFor } from '../../test/investments';
import { createInvestmentRow, createOpportunityRow } from '../../test/opportunities';

const clock = fixedClock(new Date('2025-03-01T12:00:00Z'));
let t: TestApp;
type Signed = Awaited<ReturnType<typeof signedIn>>;
let admin: Signed;
let ada: Signed;
let bob: Signed;
let acmeId: number;
let fundId: number;

async function invest(
  userId: number,
  opportunityId: number,
  amount: string,
  status: string,
  paid: string,
  extra: Partial<typeof investments.$inferInsert> = {},
) {
  const row = await createInvestmentRow(t, { opportunityId, userId, amount, status });
  await t.db
    .update(investments)
    .set({ paidAt: new Date(`${paid}T10:00:00Z`), createdAt: new Date(`${paid}T09:00:00Z`), ...extra })
    .where(eq(investments.id, row.id));
  return row.id;
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  await setFundsEnabled(t, true);
  admin = await signedIn(t, Role.SuperAdmin);
  ada = await signedIn(t, Role.User, { name: 'Ada Lovelace' });
  bob = await signedIn(t, Role.User, { name: 'Bob Brown' });
  const acme = await createOpportunityRow(t, { name: 'Acme', companyName: 'Acme Ltd', status: 5 });
  const beta = await createOpportunityRow(t, { name: 'Beta', companyName: 'Beta SA', status: 5, currency: 'EUR' });
  acmeId = acme.id;
  const organisation = await createOrganisationFor(t, bob.user.id, 'Brown Family Trust');
  await invest(ada.user.id, acme.id, '5000.00', 'completed', '2024-01-15');
  await invest(bob.user.id, acme.id, '2500.00', 'paid', '2024-04-02', { holderType: 'organisation', organisationId: organisation.id });
  await invest(ada.user.id, beta.id, '1000.00', 'completed', '2024-07-20', { currency: 'EUR' });
  await invest(bob.user.id, beta.id, '750.00', 'reserved', '2024-11-05', { currency: 'EUR' });
  // An investor's own private record is not part of the book.
  await invest(ada.user.id, acme.id, '99.00', 'completed', '2024-02-01', { type: 'private_manual' });

  // Growth Fund: £100,000 paid in on 1 Feb 2024, £5,000 distributed on 30 Sep 2024; NAV £95,000 at 30 Jun, £120,000 at 31 Dec.
  const fund = await createFund(t, { name: 'Growth Fund' });
  fundId = fund.id;
  await addLedgerEntry(t, {
    fundId,
    investorId: ada.user.id,
    kind: 'subscription',
    date: '2024-02-01',
    amount: '10000.00',
    units: '10000',
  });
  await addLedgerEntry(t, {
    fundId,
    investorId: bob.user.id,
    kind: 'subscription',
    date: '2024-02-01',
    amount: '90000.00',
    units: '90000',
  });
  await addLedgerEntry(t, { fundId, investorId: ada.user.id, kind: 'distribution', date: '2024-09-30', amount: '5000.00' });
  await addLedgerEntry(t, { fundId, investorId: ada.user.id, kind: 'fee', date: '2024-09-30', amount: '250.00' });
  await addNav(t, { fundId, date: '2024-06-30', nav: '95000.00', unitsInIssue: '100000', navPerUnit: '0.950000' });
  await addNav(t, { fundId, date: '2024-12-31', nav: '120000.00', unitsInIssue: '100000', navPerUnit: '1.200000' });

  // KPIs: quarterly revenue for Q3 and Q4 2024, monthly headcount inside Q4.
  const [category] = await t.db.insert(kpiCategories).values({ name: 'Finance' }).returning();
  const [revenue] = await t.db
    .insert(kpis)
    .values({ name: 'Revenue', categoryId: category.id, frequency: 'quarterly', unit: 'currency' })
    .returning();
  const [headcount] = await t.db
    .insert(kpis)
    .values({ name: 'Headcount', categoryId: category.id, frequency: 'monthly', unit: 'number' })
    .returning();
  await t.db.insert(kpiValues).values([
    { kpiId: revenue.id, opportunityId: acme.id, periodStart: '2024-07-01', value: '120000' },
    { kpiId: revenue.id, opportunityId: acme.id, periodStart: '2024-10-01', value: '150000.5' },
    { kpiId: headcount.id, opportunityId: acme.id, periodStart: '2024-10-01', value: '12' },
    { kpiId: headcount.id, opportunityId: acme.id, periodStart: '2024-11-01', value: '14' },
    { kpiId: headcount.id, opportunityId: acme.id, periodStart: '2025-01-01', value: '15' },
  ]);
}, 60_000);

afterAll(async () => {
  await t.close();
});

const ROUTES: Array<[string, 'portfolio_kpis' | 'funds' | 'kpis', 'index' | 'show']> = [
  ['/api/reports/investments', 'portfolio_kpis', 'index'],
  ['/api/reports/investments/export', 'portfolio_kpis', 'index'],
  ['/api/reports/fund-kpis', 'funds', 'index'],
  ['/api/reports/quarter-kpis', 'kpis', 'index'],
  ['/api/funds/FUND/kpis', 'funds', 'show'],
  ['/api/funds/FUND/annual', 'funds', 'show'],
];

describe('who may open the book reports', () => {
  it('answers 401 to visitors and 403 to every role without the report grant, the investor included', async () => {
    for (const [url] of ROUTES) expect((await agent(t.app).get(url.replace('FUND', String(fundId)))).statusCode, url).toBe(401);
    for (const roleId of ROLE_IDS) {
      const { client } = roleId === Role.User ? ada : await signedIn(t, roleId);
      for (const [url, event, action] of ROUTES) {
        const status = (await client.get(url.replace('FUND', String(fundId)))).statusCode;
        expect(status, `role ${roleId} ${url}`).toBe(can(roleId, event, action) ? 200 : 403);
      }
    }
  });

  it('lists the new reports on the landing for the roles that may open them', async () => {
    const keys = (await admin.client.get('/api/reports/available-reports')).json().data.map((r: { key: string }) => r.key);
    expect(keys).toEqual(expect.arrayContaining(['investments', 'statements', 'fund_kpis', 'quarter_kpis']));
    const investments = (await admin.client.get('/api/reports/available-reports'))
      .json()
      .data.find((r: { key: string }) => r.key === 'investments');
    expect(investments).toMatchObject({
      count: 4,
      amounts: [
        { currency: 'EUR', amount: '1000.00' },
        { currency: 'GBP', amount: '7500.00' },
      ],
    });
    const { client } = await signedIn(t, Role.FundManager);
    const fm = (await client.get('/api/reports/available-reports')).json().data.map((r: { key: string }) => r.key);
    expect(fm).toEqual(expect.arrayContaining(['investments', 'fund_kpis', 'quarter_kpis']));
  });
});

describe('the investments report', () => {
  it('lists every investment in the book, newest first, with holder and date', async () => {
    const page = (await admin.client.get('/api/reports/investments')).json();
    expect(page.meta.total).toBe(4);
    expect(
      page.data.map((r: { opportunity: { name: string }; investor: { name: string }; invested_on: string }) => [
        r.invested_on,
        r.opportunity.name,
        r.investor.name,
      ]),
    ).toEqual([
      ['2024-11-05', 'Beta', 'Bob Brown'],
      ['2024-07-20', 'Beta', 'Ada Lovelace'],
      ['2024-04-02', 'Acme', 'Bob Brown'],
      ['2024-01-15', 'Acme', 'Ada Lovelace'],
    ]);
    expect(page.data[2]).toMatchObject({
      holder_type: 'organisation',
      holder_name: 'Brown Family Trust',
      status_label: expect.any(String),
    });
  });

  it('filters by company, investor, status, dates, currency and holder type, and sorts', async () => {
    const ids = async (query: string) =>
      (await admin.client.get(`/api/reports/investments?${query}`)).json().data.map((r: { invested_on: string }) => r.invested_on);
    expect(await ids(`filter[opportunity_id]=${acmeId}`)).toEqual(['2024-04-02', '2024-01-15']);
    expect(await ids(`filter[user_id]=${ada.user.id}&sort=invested_on`)).toEqual(['2024-01-15', '2024-07-20']);
    expect(await ids('filter[status]=paid,completed&filter[currency]=EUR')).toEqual(['2024-07-20']);
    expect(await ids('filter[from]=2024-04-01&filter[to]=2024-07-31&sort=amount')).toEqual(['2024-07-20', '2024-04-02']);
    expect(await ids('filter[holder_type]=organisation')).toEqual(['2024-04-02']);
    expect(await ids('filter[search]=lovelace&sort=-amount')).toEqual(['2024-01-15', '2024-07-20']);
    expect(await ids('per_page=1&page=2')).toEqual(['2024-07-20']);
    expect((await admin.client.get('/api/reports/investments?filter[currency]=XXX')).statusCode).toBe(400);
    expect((await admin.client.get('/api/reports/investments?filter[from]=2024-13-01')).statusCode).toBe(400);
    expect((await admin.client.get('/api/reports/investments?sort=nope')).statusCode).toBe(400);
  });

  it('exports what the filters select', async () => {
    const response = await admin.client.get(`/api/reports/investments/export?filter[opportunity_id]=${acmeId}&sort=invested_on`);
    expect(response.statusCode).toBe(200);
    expect(parseCsvExport(response.body).map((r) => [r['Invested on'], r.Investor, r.Holder, r.Amount])).toEqual([
      ['2024-01-15', 'Ada Lovelace', 'Ada Lovelace', '5000.00'],
      ['2024-04-02', 'Bob Brown', 'Brown Family Trust', '2500.00'],
    ]);
  });
});

describe('fund KPIs', () => {
  it('gives NAV, paid-in, distributions, DPI, RVPI, TVPI and IRR at each quarter end, as hand-computed', async () => {
    const response = await admin.client.get(`/api/funds/${fundId}/kpis?to=2024-12-31`);
    expect(response.statusCode).toBe(200);
    const periods = response.json().data.periods as Array<{
      period: string;
      date: string;
      figures: Record<string, unknown>;
      irr: string | null;
    }>;
    expect(periods.map((p) => p.period)).toEqual(['2024-Q1', '2024-Q2', '2024-Q3', '2024-Q4']);
    const row = (p: (typeof periods)[number]) => [
      p.date,
      (p.figures.latest_nav as { nav: string } | null)?.nav ?? null,
      p.figures.paid_in,
      p.figures.distributions,
      p.figures.dpi,
      p.figures.rvpi,
      p.figures.tvpi,
      p.irr,
    ];
    expect(periods.map(row)).toEqual([
      // No NAV yet: nothing says what is held, so RVPI, TVPI and the IRR are unknown.
      ['2024-03-31', null, '100000.00', '0.00', '0.00', null, null, null],
      // -100,000 on 1 Feb, 95,000 held on 30 Jun (150 days): 0.95^(365/150) - 1 = -11.73%.
      ['2024-06-30', '95000.00', '100000.00', '0.00', '0.00', '0.95', '0.95', '-0.1173'],
      // 5,000 back and 95,000 held on 30 Sep: exactly the money paid in, 0%.
      ['2024-09-30', '95000.00', '100000.00', '5000.00', '0.05', '0.95', '1.00', '0.0000'],
      // -100,000 on 1 Feb, +5,000 on 30 Sep (day 242), +120,000 on 31 Dec (day 334): 27.97%.
      ['2024-12-31', '120000.00', '100000.00', '5000.00', '0.05', '1.20', '1.25', '0.2797'],
    ]);
  });

  it('gives the annual figures, the year to date last', async () => {
    const data = (await admin.client.get(`/api/funds/${fundId}/annual`)).json().data;
    expect(data.periods.map((p: { period: string; date: string; irr: string | null }) => [p.period, p.date, p.irr])).toEqual([
      ['2024', '2024-12-31', '0.2797'],
      ['2025', '2025-03-01', expect.any(String)],
    ]);
  });

  it('reports every fund per quarter in a range', async () => {
    const data = (await admin.client.get('/api/reports/fund-kpis?from=2024-07-01&to=2024-12-31')).json().data;
    expect(data).toHaveLength(1);
    expect(data[0].fund).toMatchObject({ id: fundId, name: 'Growth Fund', currency: 'GBP' });
    expect(data[0].periods.map((p: { period: string; irr: string | null }) => [p.period, p.irr])).toEqual([
      ['2024-Q3', '0.0000'],
      ['2024-Q4', '0.2797'],
    ]);
    expect((await admin.client.get('/api/reports/fund-kpis?from=2025-01-01&to=2024-01-01')).statusCode).toBe(400);
  });

  it('is not there while funds are off', async () => {
    await setFundsEnabled(t, false);
    try {
      expect((await admin.client.get('/api/reports/fund-kpis')).statusCode).toBe(404);
      expect((await admin.client.get(`/api/funds/${fundId}/kpis`)).statusCode).toBe(404);
      const keys = (await admin.client.get('/api/reports/available-reports')).json().data.map((r: { key: string }) => r.key);
      expect(keys).not.toContain('fund_kpis');
    } finally {
      await setFundsEnabled(t, true);
    }
  });
});

describe('the quarter KPI report', () => {
  it("gives every company's KPI values for the chosen quarter", async () => {
    const data = (await admin.client.get('/api/reports/quarter-kpis?quarter=2024-Q4')).json().data;
    expect([data.start, data.end]).toEqual(['2024-10-01', '2024-12-31']);
    expect(
      data.rows.map((r: { kpi: { name: string }; values: Array<{ period: string; value: string }> }) => [r.kpi.name, r.values]),
    ).toEqual([
      [
        'Headcount',
        [
          { period: '2024-10', period_start: '2024-10-01', value: '12' },
          { period: '2024-11', period_start: '2024-11-01', value: '14' },
        ],
      ],
      ['Revenue', [{ period: '2024-Q4', period_start: '2024-10-01', value: '150000.5' }]],
    ]);
    // The current quarter by default (1 March 2025: Q1).
    const current = (await admin.client.get('/api/reports/quarter-kpis')).json().data;
    expect(current.quarter).toBe('2025-Q1');
    expect(current.rows.map((r: { kpi: { name: string } }) => r.kpi.name)).toEqual(['Headcount']);
    expect((await admin.client.get('/api/reports/quarter-kpis?quarter=2024-Q5')).statusCode).toBe(400);
  });
});
