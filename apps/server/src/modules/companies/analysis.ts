import Decimal from 'decimal.js';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { type AnalysisGroup, type PortfolioAnalysis, sumAmounts, toAmount } from '@platform/domain';
import type { Db } from '../../db/client';
import { fundInvestments } from '../../db/schema';

/**
 * A fund's diversification (its Portfolio analysis tab): its live fund investments grouped by
 * industry and by stage, each group's cost and value and their share of the fund's totals.
 *
 * - Value of a holding: its current valuation, or its cost while it has none (held at cost, as
 *   docs/decisions/0006 does for a company without a price). Exited and written-off holdings are no
 *   longer held and count zero value (their cost still counts: it was invested).
 * - Sums are exact (SQL numeric, then decimal.js); shares are percentages of the total, rounded
 *   half-up to 2 dp from the exact quotient, null when the total is zero. Rounded shares need not
 *   add up to exactly 100.00.
 * - Holdings with no industry (or stage) form one group with `key: null`, labelled 'Unspecified'.
 */
export const UNSPECIFIED = 'Unspecified';
const NOT_HELD = sql`('exited', 'written_off')`;

function share(part: string, total: string): string | null {
  const whole = new Decimal(total);
  return whole.isZero() ? null : new Decimal(part).times(100).div(whole).toFixed(2, Decimal.ROUND_HALF_UP);
}

async function groupBy(db: Db, fundId: number, column: typeof fundInvestments.industry | typeof fundInvestments.stage) {
  return db
    .select({
      key: column,
      count: count(),
      cost: sql<string>`sum(${fundInvestments.cost})`,
      value: sql<string>`sum(case when ${fundInvestments.maturityStatus} in ${NOT_HELD} then 0 else coalesce(${fundInvestments.currentValuation}, ${fundInvestments.cost}) end)`,
    })
    .from(fundInvestments)
    .where(and(eq(fundInvestments.fundId, fundId), isNull(fundInvestments.deletedAt)))
    .groupBy(column);
}

function toGroups(rows: Awaited<ReturnType<typeof groupBy>>, totals: { cost: string; value: string }): AnalysisGroup[] {
  return rows
    .map((row) => {
      const cost = toAmount(row.cost);
      const value = toAmount(row.value);
      return {
        key: row.key,
        label: row.key ?? UNSPECIFIED,
        count: Number(row.count),
        cost,
        value,
        cost_share: share(cost, totals.cost),
        value_share: share(value, totals.value),
      };
    })
    .sort((a, b) => new Decimal(b.cost).comparedTo(a.cost) || (a.key === null ? 1 : b.key === null ? -1 : a.label.localeCompare(b.label)));
}

export async function portfolioAnalysis(db: Db, fundId: number): Promise<Omit<PortfolioAnalysis, 'fund_id' | 'currency'>> {
  const [byIndustry, byStage] = await Promise.all([
    groupBy(db, fundId, fundInvestments.industry),
    groupBy(db, fundId, fundInvestments.stage),
  ]);
  const totals = {
    count: byIndustry.reduce((n, row) => n + Number(row.count), 0),
    cost: sumAmounts(byIndustry.map((row) => row.cost)),
    value: sumAmounts(byIndustry.map((row) => row.value)),
  };
  return { totals, by_industry: toGroups(byIndustry, totals), by_stage: toGroups(byStage, totals) };
}
