import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Decimal from 'decimal.js';
import { and, eq, ne } from 'drizzle-orm';
import { investmentOpportunities, investments } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { signedInInvestors } from '../../test/investments';
import { createOpportunityRow } from '../../test/opportunities';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/**
 * docs/decisions/0008: money never passes the maximum raise, however many requests race. On
 * PGlite (one connection) they queue; on PostgreSQL they truly run at once on the pool.
 */
describe('200 concurrent reservations against one opportunity', () => {
  it('accepts exactly what the maximum raise allows and refuses the rest', async () => {
    const opportunity = await createOpportunityRow(t, {
      targetRaise: '100000.00',
      maximumRaise: '100000.00',
      minimumInvestment: '1000.00',
      maximumInvestment: '5000.00',
      sharePrice: '2.000000',
    });
    const investors = await signedInInvestors(t, 200);

    const responses = await Promise.all(
      investors.map((i) => i.post('/api/investments/investor', { opportunity_id: opportunity.id, amount: '1000' })),
    );

    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(100);
    expect(statuses.filter((s) => s === 422)).toHaveLength(100);
    const refusal = responses.find((r) => r.statusCode === 422)!.json();
    expect(Object.keys(refusal.errors)).toEqual(['amount']);

    const [row] = await t.db.select().from(investmentOpportunities).where(eq(investmentOpportunities.id, opportunity.id));
    const live = await t.db
      .select({ amount: investments.amount, reference: investments.paymentReference })
      .from(investments)
      .where(and(eq(investments.opportunityId, opportunity.id), ne(investments.status, 'cancelled')));
    const sum = live.reduce((total, r) => total.plus(r.amount), new Decimal(0));
    expect(live).toHaveLength(100);
    expect(row.committedAmount).toBe(sum.toFixed(2));
    expect(sum.lte('100000')).toBe(true);
    expect(row.committedAmount).toBe('100000.00');
    expect(new Set(live.map((r) => r.reference)).size).toBe(100);
    // 200 requests take seconds; room for a machine busy with other suites.
  }, 120_000);
});

describe('one investor racing themself', () => {
  it('never lets their own total pass the maximum investment', async () => {
    const opportunity = await createOpportunityRow(t, {
      targetRaise: '100000.00',
      minimumInvestment: '1000.00',
      maximumInvestment: '5000.00',
    });
    const [investor] = await signedInInvestors(t, 1);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => investor.post('/api/investments/investor', { opportunity_id: opportunity.id, amount: '1000.00' })),
    );
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(5);
    expect(responses.filter((r) => r.statusCode === 422)).toHaveLength(15);
    const [row] = await t.db.select().from(investmentOpportunities).where(eq(investmentOpportunities.id, opportunity.id));
    expect(row.committedAmount).toBe('5000.00');
  });
});
