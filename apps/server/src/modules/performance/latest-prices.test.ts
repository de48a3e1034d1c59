import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { valueHolding } from '@platform/domain';
import { companyOutcomes, companyValuations, sharePrices } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { createOpportunityRow } from '../../test/opportunities';
import { loadPriceHistories } from './history';
import { loadCurrentPriceHistories } from './latest-prices';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('loadCurrentPriceHistories', () => {
  it('values holdings on today and later dates exactly as the full histories do', async () => {
    const [a, b, c, d] = [
      await createOpportunityRow(t, { status: 5 }),
      await createOpportunityRow(t, { status: 5 }),
      await createOpportunityRow(t, { status: 6 }),
      await createOpportunityRow(t, { status: 5 }),
    ];
    await t.db.insert(sharePrices).values([
      { opportunityId: a.id, date: '2024-01-01', price: '1.000000' },
      { opportunityId: a.id, date: '2025-01-01', price: '2.000000' },
      { opportunityId: a.id, date: '2026-03-01', price: '9.000000' }, // after today
      { opportunityId: b.id, date: '2025-06-30', price: '4.000000' },
      { opportunityId: c.id, date: '2023-01-01', price: '3.000000' },
    ]);
    await t.db.insert(companyValuations).values([
      { opportunityId: a.id, date: '2025-01-01', valuation: '1000000.00', sharesOutstanding: '3.000000' }, // loses to the same day's share price
      { opportunityId: b.id, date: '2025-07-01', valuation: '700000.00', sharesOutstanding: '300000.000000' },
    ]);
    await t.db.insert(companyOutcomes).values([
      { opportunityId: b.id, date: '2025-07-01', kind: 'partial-realisation', price: '2.500000' }, // beats the same day's valuation
      { opportunityId: c.id, date: '2024-05-05', kind: 'write-off' },
    ]);
    const ids = [a.id, b.id, c.id, d.id];
    const today = '2026-01-15';
    const current = await loadCurrentPriceHistories(t.db, ids, today);
    const full = await loadPriceHistories(t.db, ids);
    expect(current.has(d.id)).toBe(false);
    expect(current.get(a.id)?.sharePrices).toHaveLength(2);
    const holding = { investments: [{ date: '2023-06-01', amount: '1000.00', shares: '1234.567891' }], realisations: [] };
    for (const id of [a.id, b.id, c.id]) {
      for (const day of [today, '2026-03-01', '2027-01-01']) {
        expect({ id, day, ...valueHolding(holding, current.get(id)!, day) }).toEqual({
          id,
          day,
          ...valueHolding(holding, full.get(id)!, day),
        });
      }
    }
    expect(valueHolding(holding, current.get(b.id)!, today).mark).toMatchObject({ source: 'partial-realisation' });
    expect(await loadCurrentPriceHistories(t.db, [], today)).toEqual(new Map());
  });
});
