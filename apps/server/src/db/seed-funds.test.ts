import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Decimal from 'decimal.js';
import { count, eq } from 'drizzle-orm';
import { navPerUnit } from '@platform/domain';
import { fundInvestmentStatuses, fundInvestments, funds, ledgers, netAssetValues, users } from './schema';
import { DEMO_PASSWORD, seedDemo } from './seed';
import { agent, createTestApp, type TestApp } from '../test/harness';

let t: TestApp;
const NOW = new Date('2026-11-23T10:00:00Z');

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.ctx, NOW);
  await seedDemo(t.ctx, NOW);
}, 120_000);
afterAll(() => t.close());

describe('demo funds', () => {
  it('holds two funds once, with years of NAVs whose NAV per unit the domain computed', async () => {
    expect(Number((await t.db.select({ n: count() }).from(funds))[0].n)).toBe(2);
    const navs = await t.db.select().from(netAssetValues);
    expect(navs.length).toBeGreaterThan(20);
    for (const nav of navs) expect(nav.navPerUnit).toBe(navPerUnit(nav.nav, nav.unitsInIssue));
    expect(navs.every((n) => n.date < '2026-11-23')).toBe(true);
    // Units in issue on each NAV are what the subscriptions issued up to that date.
    const entries = await t.db.select().from(ledgers);
    for (const nav of navs) {
      const issued = entries
        .filter((e) => e.fundId === nav.fundId && e.kind === 'subscription' && e.date <= nav.date)
        .reduce((s, e) => s.plus(e.units!), new Decimal(0));
      expect(nav.unitsInIssue).toBe(issued.toFixed(6));
    }
  });

  it('gives holdings a maturity history whose latest status is the current one', async () => {
    const holdings = await t.db.select().from(fundInvestments);
    expect(new Set(holdings.map((h) => h.maturityStatus))).toEqual(
      new Set(['active', 'exited', 'written_off', 'partially_realised', 'matured']),
    );
    for (const holding of holdings) {
      const history = await t.db.select().from(fundInvestmentStatuses).where(eq(fundInvestmentStatuses.fundInvestmentId, holding.id));
      const latest = [...history].sort((a, b) => (a.date === b.date ? a.id - b.id : a.date < b.date ? -1 : 1)).at(-1);
      expect(latest?.status, holding.companyName).toBe(holding.maturityStatus);
    }
  });

  it('gives investor@demo.test a valued position in both funds', async () => {
    const client = agent(t.app);
    await client.login('investor@demo.test', DEMO_PASSWORD);
    const [isla] = await t.db.select().from(users).where(eq(users.email, 'investor@demo.test'));
    const kinds = new Set((await t.db.select().from(ledgers).where(eq(ledgers.investorId, isla.id))).map((e) => e.kind));
    expect(kinds).toEqual(new Set(['subscription', 'distribution', 'fee']));
    const mine = (await client.get('/api/my/funds')).json().data as Array<{
      name: string;
      position: { value: string | null; paid_in: string };
    }>;
    expect(mine.map((f) => f.name)).toEqual(['Albion Seed SEIS Fund 2023', 'Northern Growth EIS Fund 2021']);
    for (const fund of mine) expect(Number(fund.position.value)).toBeGreaterThan(0);
    expect(mine[1].position.paid_in).toBe('35000.00');
  });
});
