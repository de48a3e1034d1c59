import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { valuePortfolio, type HoldingInvestment, type HoldingRealisation } from '@platform/domain';
import { holdingRealisations, investmentOpportunities, investments } from '../db/schema';
import { loadPriceHistories } from '../modules/performance/history';
import { expect } from 'vitest';
import type { agent, TestApp } from './harness';

/**
 * The whole book valued by the domain arithmetic (`valuePortfolio`) from rows read here, one currency
 * at a time: what the portfolio-performance report must answer, to the penny.
 */
export async function bookByDomain(t: TestApp, asOf: string) {
  const rows = await t.db
    .select({ investment: investments, currency: investmentOpportunities.currency })
    .from(investments)
    .innerJoin(investmentOpportunities, eq(investmentOpportunities.id, investments.opportunityId))
    .where(
      and(
        inArray(investments.status, ['paid', 'completed']),
        isNull(investments.deletedAt),
        inArray(investmentOpportunities.status, [5, 6]),
      ),
    )
    .orderBy(asc(investments.id));
  const histories = await loadPriceHistories(
    t.db,
    rows.map((r) => r.investment.opportunityId),
  );
  const holdings = new Map<
    string,
    { companyId: string; currency: string; investments: HoldingInvestment[]; realisations: HoldingRealisation[] }
  >();
  for (const { investment: i, currency } of rows) {
    const date = i.paidAt!.toISOString().slice(0, 10);
    if (date > asOf) continue;
    const key = `${i.opportunityId}/${i.userId}`;
    const h = holdings.get(key) ?? { companyId: String(i.opportunityId), currency, investments: [], realisations: [] };
    h.investments.push({ date, amount: i.amount, shares: i.shares! });
    holdings.set(key, h);
  }
  const sales = await t.db.select().from(holdingRealisations).where(isNull(holdingRealisations.deletedAt));
  for (const r of sales)
    if (r.date <= asOf)
      holdings.get(`${r.opportunityId}/${r.userId}`)?.realisations.push({ date: r.date, proceeds: r.proceeds, shares: r.shares });
  const companies = new Map([...histories].map(([id, history]) => [String(id), history]));
  const all = [...holdings.values()];
  const pool = (filter: (h: (typeof all)[number]) => boolean) => valuePortfolio(all.filter(filter), companies, asOf);
  return {
    totals: Object.fromEntries(['EUR', 'GBP'].map((c) => [c, pool((h) => h.currency === c)])),
    company: (id: number) => pool((h) => h.companyId === String(id)),
  };
}

type Client = ReturnType<typeof agent>;

/** A completed manual investment recorded by staff through the API, on `investedOn`; its id. */
export async function investThroughApi(
  staff: Client,
  investment: { opportunityId: number; userId: number; amount: string; investedOn: string },
) {
  const response = await staff.post('/api/investments/manual', {
    opportunity_id: investment.opportunityId,
    user_id: investment.userId,
    amount: investment.amount,
    type: 'manual',
    status: 'completed',
    invested_on: investment.investedOn,
  });
  expect({ status: response.statusCode, body: response.statusCode === 201 ? null : response.json() }).toEqual({ status: 201, body: null });
  return response.json().data.id as number;
}

/** A record created through the API (a price, a valuation, an outcome, proceeds): its `data`. */
export async function createThroughApi(staff: Client, url: string, body: Record<string, unknown>) {
  const response = await staff.post(url, body);
  expect({ url, status: response.statusCode }).toEqual({ url, status: 201 });
  return response.json().data;
}
