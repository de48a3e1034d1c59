import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Decimal from 'decimal.js';
import { eq, sql } from 'drizzle-orm';
import { Role } from '@platform/domain';
import { bookCompanies, investmentOpportunities, investments } from '../../db/schema';
import { bookByDomain, createThroughApi, investThroughApi } from '../../test/book';
import { createTestApp, createUser, signedIn, type TestApp } from '../../test/harness';
import { createOpportunityRow } from '../../test/opportunities';
import { readBookFigures } from './book-figures';
import { sumBook, type BookRows, type CompanyRow, type FlowRow } from './book-sums';

/**
 * The figures kept per company (decision 0047) against the straightforward sums over every
 * investment and the domain arithmetic, after a write of every kind: a write path the triggers
 * miss leaves a kept figure behind and fails here.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
const AS_OF = '2026-06-30';
const URL = `/api/reports/portfolio-performance?as_of=${AS_OF}`;
let acme: { id: number };
let euro: { id: number };
let quiet: { id: number };
let investors: number[];

const invest = (opportunityId: number, userId: number, amount: string, investedOn: string) =>
  investThroughApi(admin.client, { opportunityId, userId, amount, investedOn });
const post = (url: string, body: Record<string, unknown>) => createThroughApi(admin.client, url, body);

/**
 * The report answers from the kept figures, which equal the sums over every investment, and its
 * figures are the domain arithmetic's.
 */
async function expectBookAgrees(step: string) {
  const response = await admin.client.get(URL);
  expect({ step, status: response.statusCode }).toEqual({ step, status: 200 });
  const { data } = response.json();
  const kept = await t.db.transaction(async (tx) => {
    const figures = await readBookFigures(tx, AS_OF);
    return typeof figures === 'string' ? figures : figures.read();
  });
  if (typeof kept === 'string') throw new Error(`${step}: the kept figures did not answer (${kept})`);
  const straight = await t.db.transaction((tx) => sumBook(tx, AS_OF));
  const byDay = (rows: FlowRow[]) => [...rows].sort((a, b) => `${a.currency}${a.date}`.localeCompare(`${b.currency}${b.date}`));
  // Kept as numeric(20,2), summed as numeric: the same number, written with or without trailing zeros.
  const exact = (value: string) => new Decimal(value).toString();
  const sums = (rows: CompanyRow[]) =>
    rows.map((r) => ({
      opportunity_id: r.opportunity_id,
      currency: r.currency,
      holdings: r.holdings,
      cost: exact(r.cost),
      current_value: exact(r.current_value),
      realised: exact(r.realised),
    }));
  const flows = (rows: FlowRow[]) => byDay(rows).map((r) => ({ ...r, paid_in: exact(r.paid_in) }));
  expect({ step, companies: sums(kept.companies) }).toEqual({ step, companies: sums(straight.companies) });
  expect({ step, flows: flows(kept.flows) }).toEqual({ step, flows: flows(straight.flows) });
  // The marks of the companies listed (the full sums price every company with a record).
  const listed = (marks: BookRows['marks']) => straight.companies.map((c) => marks.get(c.opportunity_id) ?? null);
  expect({ step, marks: listed(kept.marks) }).toEqual({ step, marks: listed(straight.marks) });

  const expected = await bookByDomain(t, AS_OF);
  for (const total of data.totals) {
    const e = expected.totals[total.currency];
    expect({ step, total }).toMatchObject({
      step,
      total: {
        holdings: e.holdings,
        cost: e.cost,
        current_value: e.currentValue,
        realised: e.realised,
        gain: e.gain,
        moic: e.moic,
        irr: e.irr,
      },
    });
  }
  for (const company of data.companies) {
    const e = expected.company(company.opportunity_id);
    expect({ step, company }).toMatchObject({
      step,
      company: { holdings: e.holdings, cost: e.cost, current_value: e.currentValue, realised: e.realised, moic: e.moic },
    });
  }
  return data;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, Role.SuperAdmin);
  investors = [];
  for (let i = 0; i < 3; i++) investors.push((await createUser(t.ctx)).id);
  acme = await createOpportunityRow(t, { status: 5, name: 'Acme Series A', sharePrice: '1.250000' });
  euro = await createOpportunityRow(t, { status: 6, name: 'Euro Seed', currency: 'EUR', sharePrice: '3.000000' });
  quiet = await createOpportunityRow(t, { status: 5, name: 'Quiet Seed', sharePrice: '0.333333', minimumInvestment: '100.00' });
});
afterAll(() => t.close());

describe('the book figures kept per company', () => {
  it('agree with the sums over every investment after every kind of write', async () => {
    const [ann, bob, cat] = investors;
    await invest(acme.id, ann, '1000.00', '2024-01-10');
    await invest(acme.id, bob, '2500.00', '2024-01-10');
    await invest(euro.id, cat, '7777.77', '2023-05-05');
    await invest(quiet.id, bob, '333.33', '2022-02-02');
    let data = await expectBookAgrees('first report');
    expect(data.companies).toHaveLength(3);

    // A follow-on on a new day, by a holder who already holds.
    await invest(acme.id, ann, '1300.00', '2025-01-10');
    await expectBookAgrees('new investment');

    const price = await post('/api/share-prices', { opportunity_id: acme.id, date: '2025-06-30', price: '1.4' });
    await expectBookAgrees('share price');
    await post('/api/company-valuations', {
      opportunity_id: acme.id,
      date: '2026-01-15',
      valuation: '1000000.00',
      shares_outstanding: '3',
    });
    data = await expectBookAgrees('valuation with a price that does not terminate');
    expect(data.companies.find((c: { name: string }) => c.name === 'Acme Series A').price).toMatchObject({ source: 'valuation' });
    expect((await admin.client.request({ method: 'DELETE', url: `/api/share-prices/${price.id}` })).statusCode).toBe(204);
    await expectBookAgrees('share price deleted');

    const outcome = await post('/api/company-outcomes', {
      opportunity_id: euro.id,
      date: '2025-10-01',
      kind: 'partial-realisation',
      price: '5.5',
    });
    await expectBookAgrees('partial realisation');
    await post(`/api/investment-opportunities/${euro.id}/realisations/from-outcome`, { outcome_id: outcome.id, percentage: '25' });
    data = await expectBookAgrees("holders' proceeds");
    expect(data.totals.find((x: { currency: string }) => x.currency === 'EUR').realised).not.toBe('0.00');

    await post('/api/company-outcomes', { opportunity_id: quiet.id, date: '2026-03-01', kind: 'write-off' });
    await expectBookAgrees('write-off');

    const late = await invest(acme.id, cat, '4000.00', '2026-02-02');
    await expectBookAgrees('another holder');
    await t.db.update(investments).set({ status: 'cancelled', cancelledAt: new Date() }).where(eq(investments.id, late));
    await expectBookAgrees('cancellation');
    const [bobsAcme] = await t.db.select({ id: investments.id }).from(investments).where(eq(investments.userId, bob));
    await t.db.update(investments).set({ deletedAt: new Date() }).where(eq(investments.id, bobsAcme.id));
    await expectBookAgrees('deletion');

    // A name is part of the report kept for its digest.
    await t.db.update(investmentOpportunities).set({ name: 'Acme Series A (renamed)' }).where(eq(investmentOpportunities.id, acme.id));
    data = await expectBookAgrees('renamed');
    expect(data.companies.map((c: { name: string }) => c.name)).toContain('Acme Series A (renamed)');

    // A company leaves the book when its opportunity stops being an existing investment, and comes back.
    await t.db.update(investmentOpportunities).set({ status: 4 }).where(eq(investmentOpportunities.id, acme.id));
    data = await expectBookAgrees('company out of the book');
    expect(data.companies.map((c: { name: string }) => c.name)).not.toContain('Acme Series A');
    await t.db.update(investmentOpportunities).set({ status: 5, currency: 'EUR' }).where(eq(investmentOpportunities.id, acme.id));
    data = await expectBookAgrees('back in another currency');
    expect(data.totals.find((x: { currency: string }) => x.currency === 'EUR').companies).toBe(2);
  });

  it('give way to the sums over every investment for a date before a record, and for a company changed since', async () => {
    // A price dated after the as-of date: the kept figures count it, so they cannot answer for that date.
    await post('/api/share-prices', { opportunity_id: euro.id, date: '2026-09-30', price: '9' });
    await admin.client.get(URL);
    expect(await t.db.transaction((tx) => readBookFigures(tx, AS_OF))).toBe('dated after');
    const [{ lastDay }] = await t.db
      .select({ lastDay: bookCompanies.lastDay })
      .from(bookCompanies)
      .where(eq(bookCompanies.opportunityId, euro.id));
    expect(lastDay).toBe('2026-09-30');
    const response = await admin.client.get(URL);
    const expected = await bookByDomain(t, AS_OF);
    expect(response.json().data.totals.find((x: { currency: string }) => x.currency === 'EUR')).toMatchObject({
      current_value: expected.totals.EUR.currentValue,
      irr: expected.totals.EUR.irr,
    });
    expect(typeof (await t.db.transaction((tx) => readBookFigures(tx, '2026-09-30')))).toBe('object');

    // A write after the report marks its company out of date until the next report.
    await t.db.execute(sql`update share_prices set price = 8 where opportunity_id = ${euro.id} and date = '2026-09-30'`);
    expect(await t.db.transaction((tx) => readBookFigures(tx, '2026-09-30'))).toBe('out of date');
    await admin.client.get(URL);
    expect(typeof (await t.db.transaction((tx) => readBookFigures(tx, '2026-09-30')))).toBe('object');
  });
});
