import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { Role } from '@platform/domain';
import { holdingFigures, investmentOpportunities, investments } from '../../db/schema';
import { fixedClock } from '../../platform/clock';
import { createTestApp, signedIn, type TestApp } from '../../test/harness';
import { createOpportunityRow } from '../../test/opportunities';
import { createThroughApi, investThroughApi } from '../../test/book';
import { loadPortfolio } from './portfolio';

/**
 * The portfolio list answered from what was kept (decision 0071: each holding's figures, and the
 * whole answer while its digest holds) against the same portfolio computed from every record, after
 * a write of every kind: a write that the company's version or the digest misses leaves a kept
 * figure behind and fails here.
 */
const clock = fixedClock(new Date('2026-06-30T10:00:00Z'));
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let investor: Awaited<ReturnType<typeof signedIn>>;
let acme: { id: number };
let euro: { id: number };
let quiet: { id: number };

const invest = (opportunityId: number, amount: string, investedOn: string, userId = investor.user.id) =>
  investThroughApi(admin.client, { opportunityId, userId, amount, investedOn });
const post = (url: string, body: Record<string, unknown>) => createThroughApi(admin.client, url, body);

/** The list equals the portfolio computed from every record, and every holding in it is kept for the next request. */
async function expectListAgrees(step: string) {
  const response = await investor.client.get('/api/my/portfolio');
  expect({ step, status: response.statusCode }).toEqual({ step, status: 200 });
  const listed = response.json();
  const straight = await loadPortfolio(t.db, investor.user.id, clock.now());
  expect({ step, listed }).toEqual({ step, listed: JSON.parse(JSON.stringify(straight)) });
  const kept = await t.db.select().from(holdingFigures).where(eq(holdingFigures.userId, investor.user.id));
  const today = clock.now().toISOString().slice(0, 10);
  for (const holding of listed.data)
    expect({ step, kept: kept.find((k) => k.opportunityId === holding.opportunity_id)?.valuedOn }).toEqual({ step, kept: today });
  // Read again, now from the kept figures.
  expect({ step, again: (await investor.client.get('/api/my/portfolio')).json() }).toEqual({ step, again: listed });
  return listed;
}

/** Puts a figure in a kept row that no computation gives, to see whether the list reads it. */
async function tamper(opportunityId: number) {
  await t.db
    .update(holdingFigures)
    .set({ figures: sql`${holdingFigures.figures} || '{"current_value": "999999.99"}'` })
    .where(and(eq(holdingFigures.userId, investor.user.id), eq(holdingFigures.opportunityId, opportunityId)));
}

const currentValueOf = (list: { data: { opportunity_id: number; current_value: string }[] }, opportunityId: number) =>
  list.data.find((h) => h.opportunity_id === opportunityId)?.current_value;

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await signedIn(t, Role.SuperAdmin);
  investor = await signedIn(t, Role.User);
  acme = await createOpportunityRow(t, { status: 5, name: 'Acme Series A', sharePrice: '1.250000' });
  euro = await createOpportunityRow(t, { status: 6, name: 'Euro Seed', currency: 'EUR', sharePrice: '3.000000' });
  quiet = await createOpportunityRow(t, { status: 5, name: 'Quiet Seed', sharePrice: '0.333333', minimumInvestment: '100.00' });
});
afterAll(() => t.close());

describe('the portfolio list kept per holding', () => {
  it('reads kept figures, and agrees with the figures from every record after every kind of write', async () => {
    await invest(acme.id, '1000.00', '2024-01-10');
    await invest(euro.id, '7777.77', '2023-05-05');
    await invest(quiet.id, '333.33', '2022-02-02');
    let list = await expectListAgrees('first list');
    expect(list.data.map((h: { opportunity: { name: string } }) => h.opportunity.name)).toEqual([
      'Acme Series A',
      'Euro Seed',
      'Quiet Seed',
    ]);

    // The answer is sent again while nothing in it changed: the kept rows are not even read…
    await tamper(acme.id);
    expect((await investor.client.get('/api/my/portfolio')).json()).toEqual(list);
    // …a change to another company's name builds it again, from Acme's kept row, which is still current…
    await t.db.update(investmentOpportunities).set({ name: 'Euro Seed II' }).where(eq(investmentOpportunities.id, euro.id));
    list = (await investor.client.get('/api/my/portfolio')).json();
    expect(list.data.map((h: { opportunity: { name: string } }) => h.opportunity.name)).toContain('Euro Seed II');
    expect(currentValueOf(list, acme.id)).toBe('999999.99');
    // …and another investor's investment in Acme puts that row out of date.
    const other = await signedIn(t, Role.User);
    await invest(acme.id, '1500.00', '2025-02-02', other.user.id);
    list = await expectListAgrees("another investor's investment");
    expect(currentValueOf(list, acme.id)).not.toBe('999999.99');

    await invest(acme.id, '1300.00', '2025-01-10');
    list = await expectListAgrees('follow-on');
    expect(list.data.find((h: { opportunity_id: number }) => h.opportunity_id === acme.id).investments_count).toBe(2);

    const price = await post('/api/share-prices', { opportunity_id: acme.id, date: '2025-06-30', price: '1.4' });
    await expectListAgrees('share price');
    await post('/api/company-valuations', {
      opportunity_id: acme.id,
      date: '2026-01-15',
      valuation: '1000000.00',
      shares_outstanding: '3',
    });
    await expectListAgrees('valuation with a price that does not terminate');
    expect((await admin.client.request({ method: 'DELETE', url: `/api/share-prices/${price.id}` })).statusCode).toBe(204);
    await expectListAgrees('share price deleted');

    const outcome = await post('/api/company-outcomes', {
      opportunity_id: euro.id,
      date: '2025-10-01',
      kind: 'partial-realisation',
      price: '5.5',
    });
    await expectListAgrees('partial realisation');
    await post(`/api/investment-opportunities/${euro.id}/realisations/from-outcome`, { outcome_id: outcome.id, percentage: '25' });
    list = await expectListAgrees("holders' proceeds");
    expect(list.data.find((h: { opportunity_id: number }) => h.opportunity_id === euro.id).realised).not.toBe('0.00');

    await post('/api/company-outcomes', { opportunity_id: quiet.id, date: '2026-03-01', kind: 'write-off' });
    list = await expectListAgrees('write-off');
    expect(currentValueOf(list, quiet.id)).toBe('0.00');

    // A company without a price record is valued at its round's price, which lives on the opportunity.
    const plain = await createOpportunityRow(t, { status: 5, name: 'Plain Ltd', sharePrice: '2.000000' });
    await invest(plain.id, '2000.00', '2025-05-05');
    list = await expectListAgrees('held at the round price');
    await t.db.update(investmentOpportunities).set({ sharePrice: '3.000000' }).where(eq(investmentOpportunities.id, plain.id));
    list = await expectListAgrees('round price changed');
    expect(currentValueOf(list, plain.id)).toBe('3000.00');
    // The name is read with every list, never kept.
    await t.db.update(investmentOpportunities).set({ name: 'Plain Holdings Ltd' }).where(eq(investmentOpportunities.id, plain.id));
    list = await expectListAgrees('renamed');
    expect(list.data.map((h: { opportunity: { name: string } }) => h.opportunity.name)).toContain('Plain Holdings Ltd');

    const [acmeFirst] = await t.db
      .select({ id: investments.id })
      .from(investments)
      .where(and(eq(investments.userId, investor.user.id), eq(investments.opportunityId, acme.id)));
    await t.db.update(investments).set({ status: 'cancelled', cancelledAt: new Date() }).where(eq(investments.id, acmeFirst.id));
    await expectListAgrees('cancellation');
    const [euroOnly] = await t.db.select({ id: investments.id }).from(investments).where(eq(investments.opportunityId, euro.id));
    await t.db.update(investments).set({ deletedAt: new Date() }).where(eq(investments.id, euroOnly.id));
    list = await expectListAgrees('deletion');
    expect(list.data.map((h: { opportunity_id: number }) => h.opportunity_id)).not.toContain(euro.id);

    await t.db.update(investmentOpportunities).set({ deletedAt: new Date() }).where(eq(investmentOpportunities.id, plain.id));
    list = await expectListAgrees('opportunity deleted');
    expect(list.data.map((h: { opportunity_id: number }) => h.opportunity_id)).not.toContain(plain.id);
  });

  it('values again on a new day, when a price dated after the last list takes effect', async () => {
    await post('/api/share-prices', { opportunity_id: acme.id, date: '2026-07-01', price: '9' });
    const before = await expectListAgrees('the day before the price');
    await tamper(quiet.id);
    clock.advance(24 * 60 * 60 * 1000);
    const after = await expectListAgrees('the day of the price');
    expect(currentValueOf(after, acme.id)).not.toBe(currentValueOf(before, acme.id));
    expect(currentValueOf(after, quiet.id)).toBe('0.00');
  });
});
