import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@platform/domain';
import { agent, createTestApp, signedIn, type TestApp } from '../../test/harness';
import { createInvestmentRow, createOpportunityRow } from '../../test/opportunities';
import { addLedgerEntry, addNav, createFund, setFundsEnabled } from '../../test/deals-funds';
import { investments } from '../../db/schema';
import { eq } from 'drizzle-orm';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, Role.SuperAdmin);
});
afterAll(() => t.close());

/** A completed company where one investor bought 1,000 shares at £1.00 on 2024-01-01. */
async function heldCompany() {
  const opportunity = await createOpportunityRow(t, { status: 5, sharePrice: '1.000000' });
  const investor = await signedIn(t, Role.User);
  const row = await createInvestmentRow(t, {
    opportunityId: opportunity.id,
    userId: investor.user.id,
    amount: '1000.00',
    status: 'completed',
  });
  await t.db
    .update(investments)
    .set({ shares: '1000.000000', sharePrice: '1.000000', paidAt: new Date('2024-01-01T12:00:00Z') })
    .where(eq(investments.id, row.id));
  return { opportunity, investor };
}

describe('company price history and performance', () => {
  it('values holdings at the latest share price, shows it to staff and in the investor portfolio', async () => {
    const { opportunity, investor } = await heldCompany();
    expect(
      (await admin.client.post('/api/share-prices', { opportunity_id: opportunity.id, date: '2025-01-01', price: '1.5' })).statusCode,
    ).toBe(201);
    expect(
      (await admin.client.post('/api/share-prices', { opportunity_id: opportunity.id, date: '2025-01-01', price: '1.6' })).json().errors
        .date,
    ).toBeDefined();
    const performance = (await admin.client.get(`/api/investment-opportunities/${opportunity.id}/performance?as_of=2025-01-01`)).json()
      .data;
    // 1,000 shares × £1.50 = £1,500. 2024 has 366 days, and XIRR counts Actual/365 (decision 0006):
    // 1.5^(365/366) − 1 = 49.83%.
    expect(performance.total).toMatchObject({ cost: '1000.00', current_value: '1500.00', gain: '500.00', moic: '1.50', irr: '0.4983' });
    expect(performance.holders).toHaveLength(1);
    expect(performance.series).toEqual([{ date: '2025-01-01', source: 'share-price', price: '1.500000' }]);

    const holding = (await investor.client.get(`/api/my/portfolio/${opportunity.id}`)).json().data;
    expect(holding).toMatchObject({ cost: '1000.00', current_value: '1500.00', gain: '500.00', multiple: '1.50' });
  });

  it('prices a valuation per share, and a write-off at zero (IRR −100%)', async () => {
    const { opportunity, investor } = await heldCompany();
    await admin.client.post('/api/company-valuations', {
      opportunity_id: opportunity.id,
      date: '2024-06-01',
      valuation: '3000000',
      shares_outstanding: '1000000',
    });
    let total = (await admin.client.get(`/api/investment-opportunities/${opportunity.id}/performance?as_of=2024-06-01`)).json().data.total;
    expect(total).toMatchObject({ current_value: '3000.00', moic: '3.00' });
    expect(total.price).toMatchObject({ source: 'valuation', price_per_share: '3.000000' });

    const refused = await admin.client.post('/api/company-outcomes', {
      opportunity_id: opportunity.id,
      date: '2024-09-01',
      kind: 'write-off',
      price: '1',
    });
    expect(refused.statusCode).toBe(422);
    expect(
      (await admin.client.post('/api/company-outcomes', { opportunity_id: opportunity.id, date: '2024-09-01', kind: 'exit' })).json().errors
        .price,
    ).toBeDefined();
    expect(
      (await admin.client.post('/api/company-outcomes', { opportunity_id: opportunity.id, date: '2024-09-01', kind: 'write-off' }))
        .statusCode,
    ).toBe(201);
    total = (await admin.client.get(`/api/investment-opportunities/${opportunity.id}/performance?as_of=2024-12-31`)).json().data.total;
    expect(total).toMatchObject({ current_value: '0.00', gain: '-1000.00', irr: '-1.0000' });
    const writtenOff = (await investor.client.get(`/api/my/portfolio/${opportunity.id}`)).json().data;
    expect(writtenOff.current_value).toBe('0.00');
    // Investor words: not the back office's "Completed".
    expect(writtenOff.opportunity.status_label).toBe('Written off');
    // A share price on the valuation's day replaces it in the chart: one point a day.
    await admin.client.post('/api/share-prices', { opportunity_id: opportunity.id, date: '2024-06-01', price: '2.5' });
    const series = (await admin.client.get(`/api/investment-opportunities/${opportunity.id}/performance`)).json().data.series;
    expect(series).toEqual([
      { date: '2024-06-01', source: 'share-price', price: '2.500000' },
      { date: '2024-09-01', source: 'write-off', price: '0.000000' },
    ]);
  });

  it('deletes a record softly and answers 401, 403, 400 and 404 where it should', async () => {
    const { opportunity } = await heldCompany();
    const created = (
      await admin.client.post('/api/share-prices', { opportunity_id: opportunity.id, date: '2025-02-01', price: '2' })
    ).json().data;
    expect((await admin.client.request({ method: 'DELETE', url: `/api/share-prices/${created.id}` })).statusCode).toBe(204);
    expect((await admin.client.get(`/api/share-prices?filter[opportunity_id]=${opportunity.id}`)).json().data).toEqual([]);
    expect((await admin.client.get('/api/share-prices')).statusCode).toBe(400);
    expect((await agent(t.app).get(`/api/share-prices?filter[opportunity_id]=${opportunity.id}`)).statusCode).toBe(401);
    const adviser = await signedIn(t, Role.Adviser);
    expect((await adviser.client.get(`/api/investment-opportunities/${opportunity.id}/performance`)).statusCode).toBe(403);
    const custodian = await signedIn(t, Role.Custodian);
    expect(
      (await custodian.client.post('/api/share-prices', { opportunity_id: opportunity.id, date: '2025-03-01', price: '2' })).statusCode,
    ).toBe(201);
    expect((await admin.client.get('/api/investment-opportunities/999999/performance')).statusCode).toBe(404);
  });
});

describe('the investor portfolio headline', () => {
  it('counts fund positions in invested, current value and realised, exactly, while funds are on', async () => {
    const { opportunity, investor } = await heldCompany();
    await admin.client.post('/api/share-prices', { opportunity_id: opportunity.id, date: '2025-01-01', price: '1.5' });
    const fund = await createFund(t, { name: 'Headline Fund' });
    await addNav(t, { fundId: fund.id, date: '2024-06-30', nav: '157188.00', unitsInIssue: '100000', navPerUnit: '1.571880' });
    await addLedgerEntry(t, {
      fundId: fund.id,
      investorId: investor.user.id,
      kind: 'subscription',
      date: '2024-02-01',
      amount: '50000.00',
      units: '50000',
      navPerUnit: '1.000000',
    });
    await addLedgerEntry(t, { fundId: fund.id, investorId: investor.user.id, kind: 'distribution', date: '2024-09-01', amount: '0.01' });
    // A fund not yet valued counts at what was paid in, as a company without a price does.
    const unpriced = await createFund(t, { name: 'Unpriced Fund' });
    await addLedgerEntry(t, {
      fundId: unpriced.id,
      investorId: investor.user.id,
      kind: 'subscription',
      date: '2024-03-01',
      amount: '333.33',
      units: '333.33',
    });

    await setFundsEnabled(t, false);
    expect((await investor.client.get('/api/my/portfolio')).json().totals).toEqual([
      { currency: 'GBP', cost: '1000.00', current_value: '1500.00', realised: '0.00', gain: '500.00', multiple: '1.50' },
    ]);
    await setFundsEnabled(t, true);
    const { totals, data } = (await investor.client.get('/api/my/portfolio')).json();
    // Invested 1,000.00 + 50,000.00 + 333.33; value 1,500.00 + 50,000 units × £1.57188 = 78,594.00 + 333.33 at cost;
    // realised the £0.01 distribution; gain (80,427.33 + 0.01 − 51,333.33) = 29,094.01; multiple 80,427.34 ÷ 51,333.33.
    expect(totals).toEqual([
      { currency: 'GBP', cost: '51333.33', current_value: '80427.33', realised: '0.01', gain: '29094.01', multiple: '1.57' },
    ]);
    expect(data).toHaveLength(1);
    expect(data[0].opportunity.status_label).toBe('Held');
  });
});
