import { and, desc, eq, isNull, ne, type SQL } from 'drizzle-orm';
import { INVESTMENT_STATUS_LABELS, type InvestmentStatus } from '@platform/domain';
import type { Db } from '../../db/client';
import { investmentOpportunities, investments } from '../../db/schema';

/**
 * The signed-in investor's own investments held through one of their holders (an organisation,
 * a method account), as their portal shows them: never another person's investment through the
 * same holder, never a private manual entry.
 */
export async function myInvestmentsHeld(db: Db, userId: number, heldBy: SQL) {
  const rows = await db
    .select({ investment: investments, opportunity: investmentOpportunities.name })
    .from(investments)
    .innerJoin(investmentOpportunities, eq(investmentOpportunities.id, investments.opportunityId))
    .where(
      and(
        heldBy,
        eq(investments.userId, userId),
        ne(investments.type, 'private_manual'),
        isNull(investments.deletedAt),
        isNull(investmentOpportunities.deletedAt),
      ),
    )
    .orderBy(desc(investments.createdAt), desc(investments.id));
  return rows.map(({ investment, opportunity }) => ({
    id: investment.id,
    opportunity,
    amount: investment.amount,
    currency: investment.currency,
    status: investment.status,
    status_label: INVESTMENT_STATUS_LABELS[investment.status as InvestmentStatus],
    created_at: investment.createdAt.toISOString(),
  }));
}
