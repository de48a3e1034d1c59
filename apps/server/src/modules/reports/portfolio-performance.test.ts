import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { can, Role, ROLE_IDS } from '@platform/domain';
import { companyOutcomes, companyValuations, holdingRealisations, investments, sharePrices } from '../../db/schema';
import { bookByDomain } from '../../test/book';
import { agent, createTestApp, signedIn, type TestApp } from '../../test/harness';
import { createInvestmentRow, createOpportunityRow } from '../../test/opportunities';
import { monthEnds } from './portfolio-performance';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
const URL = '/api/reports/portfolio-performance';
const AS_OF = '2026-06-30';

/** A held investment: paid on `date` at noon UTC, with its shares. */
async function holding(
  opportunityId: number,
  userId: number,
  date: string,
  amount: string,
  shares: string,
  values: { status?: string; type?: string } = {},
) {
  const row = await createInvestmentRow(t, { opportunityId, userId, amount, status: values.status ?? 'completed', type: values.type });
  await t.db
    .update(investments)
    .set({ shares, paidAt: new Date(`${date}T12:00:00Z`), createdAt: new Date(`${date}T09:00:00Z`) })
    .where(eq(investments.id, row.id));
  return row;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, Role.SuperAdmin);
  const [ann, bob, cat] = [await signedIn(t, Role.User), await signedIn(t, Role.User), await signedIn(t, Role.User)].map((s) => s.user.id);

  // Priced by a valuation whose price per share does not terminate (1,000,000 ÷ 3), after share prices.
  const acme = await createOpportunityRow(t, { status: 5, name: 'Acme Series A', companyName: 'Acme Ltd' });
  await t.db.insert(sharePrices).values([
    { opportunityId: acme.id, date: '2024-03-31', price: '1.250000' },
    { opportunityId: acme.id, date: '2025-12-31', price: '1.400000' },
  ]);
  await t.db
    .insert(companyValuations)
    .values({ opportunityId: acme.id, date: '2026-01-15', valuation: '1000000.00', sharesOutstanding: '3.000000' });
  await holding(acme.id, ann, '2024-01-10', '1000.00', '1000.000000');
  await holding(acme.id, ann, '2025-01-10', '1300.00', '1000.000000');
  await holding(acme.id, bob, '2024-02-01', '2500.00', '0.001234');
  await holding(acme.id, cat, '2024-02-02', '777.77', '555.555555', { type: 'private_manual' });
  // Not held: cancelled, still reserved, paid after the as-of date, deleted.
  await holding(acme.id, cat, '2024-02-02', '5000.00', '5000.000000', { status: 'cancelled' });
  await holding(acme.id, bob, '2024-02-02', '5000.00', '5000.000000', { status: 'reserved' });
  await holding(acme.id, bob, '2026-07-01', '5000.00', '5000.000000');
  const deleted = await holding(acme.id, cat, '2024-02-02', '5000.00', '5000.000000');
  await t.db.update(investments).set({ deletedAt: new Date() }).where(eq(investments.id, deleted.id));

  // Matured and written off; a price recorded after the as-of date does not count.
  const bust = await createOpportunityRow(t, { status: 6, name: 'Bust Seed', companyName: 'Bust Ltd' });
  await t.db.insert(sharePrices).values([
    { opportunityId: bust.id, date: '2023-06-30', price: '3.000000' },
    { opportunityId: bust.id, date: '2026-09-30', price: '9.000000' },
  ]);
  await t.db.insert(companyOutcomes).values({ opportunityId: bust.id, date: '2025-03-01', kind: 'write-off' });
  await holding(bust.id, bob, '2023-01-15', '4000.00', '2000.000000');

  // No price on record: each holder at the price they last paid (bob's later buy at 2.50).
  const quiet = await createOpportunityRow(t, { status: 5, name: 'Quiet Seed', companyName: 'Quiet Ltd' });
  await holding(quiet.id, bob, '2022-05-05', '1000.00', '1000.000000');
  await holding(quiet.id, bob, '2023-05-05', '2500.00', '1000.000000');
  await holding(quiet.id, cat, '2022-05-05', '333.33', '333.333333');

  // A partial realisation beats a share price on the same date.
  const split = await createOpportunityRow(t, { status: 5, name: 'Split Growth', companyName: 'Split plc' });
  await t.db.insert(sharePrices).values({ opportunityId: split.id, date: '2025-06-30', price: '4.000000' });
  await t.db
    .insert(companyOutcomes)
    .values({ opportunityId: split.id, date: '2025-06-30', kind: 'partial-realisation', price: '3.333333' });
  await holding(split.id, ann, '2021-03-03', '12345.67', '7654.321098');
  // Ann sold 1,000 shares in it; a sale after the as-of date and a deleted one do not count.
  await t.db.insert(holdingRealisations).values([
    { opportunityId: split.id, userId: ann, date: '2025-06-30', shares: '1000.000000', proceeds: '3333.33' },
    { opportunityId: split.id, userId: ann, date: '2026-08-01', shares: '10.000000', proceeds: '99.00' },
    { opportunityId: split.id, userId: ann, date: '2025-07-01', shares: '10.000000', proceeds: '99.00', deletedAt: new Date() },
  ]);

  // A euro company that exited: its own currency total.
  const euro = await createOpportunityRow(t, { status: 5, name: 'Euro Exit', companyName: 'Euro GmbH', currency: 'EUR' });
  await t.db.insert(companyOutcomes).values({ opportunityId: euro.id, date: '2025-10-01', kind: 'exit', price: '5.500000' });
  await holding(euro.id, cat, '2022-01-01', '10000.00', '4000.000000');
  await t.db
    .insert(holdingRealisations)
    .values({ opportunityId: euro.id, userId: cat, date: '2025-10-01', shares: '4000.000000', proceeds: '22000.00' });

  // Still live: not an existing investment, so not in the book.
  const live = await createOpportunityRow(t, { status: 2, name: 'Live Round' });
  await holding(live.id, ann, '2025-01-01', '9999.00', '9999.000000', { status: 'paid' });
});
afterAll(() => t.close());

const expectedByDomain = (asOf: string) => bookByDomain(t, asOf);

describe('GET /api/reports/portfolio-performance', () => {
  it('totals the book per currency and per company exactly as the domain arithmetic does', async () => {
    const response = await admin.client.get(`${URL}?as_of=${AS_OF}`);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    const expected = await expectedByDomain(AS_OF);
    expect(data.as_of).toBe(AS_OF);
    expect(data.totals.map((x: { currency: string }) => x.currency)).toEqual(['EUR', 'GBP']);
    for (const total of data.totals) {
      const e = expected.totals[total.currency];
      expect(total).toMatchObject({
        holdings: e.holdings,
        cost: e.cost,
        current_value: e.currentValue,
        realised: e.realised,
        total_value: e.totalValue,
        gain: e.gain,
        moic: e.moic,
        irr: e.irr,
      });
    }
    expect(data.companies.map((c: { name: string }) => c.name)).toEqual([
      'Acme Series A',
      'Bust Seed',
      'Euro Exit',
      'Quiet Seed',
      'Split Growth',
    ]);
    for (const company of data.companies) {
      const e = expected.company(company.opportunity_id);
      expect(company).toMatchObject({
        holdings: e.holdings,
        cost: e.cost,
        current_value: e.currentValue,
        realised: e.realised,
        gain: e.gain,
        moic: e.moic,
      });
    }
  });

  it('values each company by its latest record, worked by hand', async () => {
    const { data } = (await admin.client.get(`${URL}?as_of=${AS_OF}`)).json();
    const byName = Object.fromEntries(data.companies.map((c: { name: string }) => [c.name, c]));
    // Ann 2,000 shares × 1,000,000 ÷ 3 = 666,666,666.67; Bob 0.001234 × … = 411.33; Cat 555.555555 × … = 185,185,185.00.
    expect(byName['Acme Series A']).toMatchObject({
      holdings: 3,
      cost: '5577.77',
      current_value: '851852263.00',
      price: { date: '2026-01-15', source: 'valuation', price_per_share: '333333.333333' },
    });
    expect(byName['Bust Seed']).toMatchObject({
      holdings: 1,
      cost: '4000.00',
      current_value: '0.00',
      gain: '-4000.00',
      moic: '0.00',
      price: { source: 'write-off' },
    });
    // Bob 2,000 shares at the £2.50 he last paid; Cat 333.333333 at 333.33 ÷ 333.333333.
    expect(byName['Quiet Seed']).toMatchObject({ holdings: 2, cost: '3833.33', current_value: '5333.33', price: null });
    // Ann kept 6,654.321098 of her shares (× 3.333333 = 22,181.07) and sold 1,000 for 3,333.33.
    expect(byName['Split Growth']).toMatchObject({
      current_value: '22181.07',
      realised: '3333.33',
      total_value: '25514.40',
      moic: '2.07',
      price: { source: 'partial-realisation', price_per_share: '3.333333' },
    });
    // Cat sold everything at the exit: nothing left to value, 22,000 realised on 10,000.
    expect(byName['Euro Exit']).toMatchObject({ currency: 'EUR', current_value: '0.00', realised: '22000.00', moic: '2.20' });
  });

  it('takes an as-of date: before the write-off the company still has a value', async () => {
    const { data } = (await admin.client.get(`${URL}?as_of=2024-12-31`)).json();
    const bust = data.companies.find((c: { name: string }) => c.name === 'Bust Seed');
    expect(bust).toMatchObject({ current_value: '6000.00', price: { date: '2023-06-30', source: 'share-price' } });
    const expected = await expectedByDomain('2024-12-31');
    expect(data.totals.find((x: { currency: string }) => x.currency === 'GBP')).toMatchObject({
      cost: expected.totals.GBP.cost,
      current_value: expected.totals.GBP.currentValue,
      irr: expected.totals.GBP.irr,
    });
    // Ann's 2025 follow-on comes after that date.
    expect(data.companies.find((c: { name: string }) => c.name === 'Acme Series A').cost).toBe('4277.77');
  });

  it('answers 400 for a date that is not one and for unknown parameters', async () => {
    for (const query of ['as_of=2025-02-30', 'as_of=yesterday', 'as_of=', 'sort=cost']) {
      const response = await admin.client.get(`${URL}?${query}`);
      expect({ query, status: response.statusCode }).toEqual({ query, status: 400 });
      expect(response.json().message).toBeTruthy();
    }
  });

  it('answers 401 logged out and 403 to each role without portfolio KPIs (walking can())', async () => {
    expect((await agent(t.app).get(URL)).statusCode).toBe(401);
    for (const roleId of ROLE_IDS) {
      const { client } = await signedIn(t, roleId);
      expect({ roleId, status: (await client.get(URL)).statusCode }).toEqual({
        roleId,
        status: can(roleId, 'portfolio_kpis', 'index') ? 200 : 403,
      });
    }
  });
});

describe('GET /api/reports/aggregate', () => {
  it('totals the book per currency as the performance report does, with the investors holding it', async () => {
    const book = (await admin.client.get(`${URL}?as_of=${AS_OF}`)).json().data;
    const response = await admin.client.get(`/api/reports/aggregate?as_of=${AS_OF}`);
    expect(response.statusCode).toBe(200);
    // Ann, Bob and Cat hold sterling companies; only Cat held the euro one (sold out, still counted as its investor).
    const investors: Record<string, number> = { EUR: 1, GBP: 3 };
    expect(response.json().data).toEqual({
      as_of: AS_OF,
      totals: book.totals.map((x: Record<string, string | number>) => ({
        currency: x.currency,
        invested: x.cost,
        current_value: x.current_value,
        realised: x.realised,
        investors: investors[x.currency],
        holdings: x.holdings,
      })),
    });
  });

  it('charts the last year by month end: each point is the aggregate on its date', async () => {
    expect(monthEnds('2026-03-15')).toEqual([
      '2025-04-30',
      '2025-05-31',
      '2025-06-30',
      '2025-07-31',
      '2025-08-31',
      '2025-09-30',
      '2025-10-31',
      '2025-11-30',
      '2025-12-31',
      '2026-01-31',
      '2026-02-28',
      '2026-03-15',
    ]);
    const response = await admin.client.get(`/api/reports/aggregate-chart?as_of=${AS_OF}`);
    expect(response.statusCode).toBe(200);
    const { points } = response.json().data;
    expect(points).toHaveLength(12);
    for (const date of ['2025-12-31', AS_OF]) {
      const point = points.find((p: { date: string }) => p.date === date);
      expect(point.totals).toEqual((await admin.client.get(`/api/reports/aggregate?as_of=${date}`)).json().data.totals);
    }
  });

  it('answers 401 logged out and 403 to each role without portfolio KPIs (walking can())', async () => {
    for (const path of ['/api/reports/aggregate', '/api/reports/aggregate-chart']) {
      expect((await agent(t.app).get(path)).statusCode).toBe(401);
      for (const roleId of ROLE_IDS) {
        const { client } = await signedIn(t, roleId);
        expect({ roleId, status: (await client.get(path)).statusCode }).toEqual({
          roleId,
          status: can(roleId, 'portfolio_kpis', 'index') ? 200 : 403,
        });
      }
    }
  });
});
