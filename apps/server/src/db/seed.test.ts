import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { companyOutcomes, complianceQuestions, investmentOpportunities, investments, sharePrices, users } from './schema';
import { DEMO_PASSWORD, seedDemo } from './seed';
import { agent, createTestApp, type TestApp } from '../test/harness';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.ctx);
  await seedDemo(t.ctx);
}, 120_000);
afterAll(() => t.close());

describe('demo data', () => {
  it('is idempotent and has opportunities in every status, one needing market sounding', async () => {
    const rows = await t.db.select().from(investmentOpportunities);
    expect(rows).toHaveLength(9);
    expect([...new Set(rows.map((r) => r.status))].sort()).toEqual([1, 2, 3, 4, 5, 6]);
    expect(rows.filter((r) => r.marketSoundingRequired)).toHaveLength(1);
    expect(Number((await t.db.select({ n: count() }).from(complianceQuestions))[0].n)).toBe(5);
    const outcomes = await t.db.select().from(companyOutcomes);
    expect(outcomes.map((o) => o.kind).sort()).toEqual(['exit', 'write-off']);
    expect(Number((await t.db.select({ n: count() }).from(sharePrices))[0].n)).toBeGreaterThan(12);
  });

  it('gives investor@demo.test investments in every state and an open Live - External opportunity', async () => {
    const client = agent(t.app);
    await client.login('investor@demo.test', DEMO_PASSWORD);
    const [isla] = await t.db.select().from(users).where(eq(users.email, 'investor@demo.test'));
    const held = await t.db.select().from(investments).where(eq(investments.userId, isla.id));
    expect([...new Set(held.map((i) => i.status))].sort()).toEqual(['cash_call', 'completed', 'paid', 'reserved']);
    const visible = (await client.get('/api/investment-opportunities?filter[status]=2')).json().data as Array<{ name: string }>;
    expect(visible.map((r) => r.name)).toContain('Heliotrope Energy Series A');
    const [opportunity] = await t.db.select().from(investmentOpportunities).where(eq(investmentOpportunities.slug, 'heliotrope-energy-series-a'));
    const images = (await client.get(`/api/investment-opportunities/${opportunity.id}/images`)).json().data as Array<{ url: string }>;
    expect(images).toHaveLength(2);
    const picture = await client.get(images[0].url);
    expect(picture.headers['content-type']).toBe('image/png');
    // Committed totals match the investments behind them.
    for (const row of await t.db.select().from(investmentOpportunities)) {
      const sum = (await t.db.select().from(investments).where(eq(investments.opportunityId, row.id))).reduce((s, i) => s + Number(i.amount), 0);
      expect(Number(row.committedAmount), row.name).toBe(sum);
    }
  });
});
