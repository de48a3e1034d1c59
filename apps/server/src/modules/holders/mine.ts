import { and, asc, desc, eq, isNull, ne, type SQL } from 'drizzle-orm';
import { investorStatusLabel, type InvestmentStatus, type MyHeldInvestment, type MyHolders } from '@platform/domain';
import type { Db } from '../../db/client';
import {
  investmentMethodEntities,
  investmentMethods,
  investmentOpportunities,
  investments,
  nominees,
  organisationUsers,
  organisations,
} from '../../db/schema';
import { flagOn, loadSettings } from '../../shared/settings';

/**
 * The signed-in investor's own investments held through one of their holders (an organisation,
 * a method account), as their portal shows them: never another person's investment through the
 * same holder, never a private manual entry.
 */
export async function myInvestmentsHeld(db: Db, userId: number, heldBy: SQL): Promise<MyHeldInvestment[]> {
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
    status_label: investorStatusLabel(investment.status as InvestmentStatus, investment.paymentSentAt !== null),
    created_at: investment.createdAt.toISOString(),
  }));
}

/**
 * How the investor may hold an investment besides personally: their organisations, their accounts
 * with methods, and the nominees while the tenant offers them.
 */
export async function myHolders(db: Db, userId: number): Promise<MyHolders> {
  const [orgs, accounts, settings] = await Promise.all([
    db
      .select({ id: organisations.id, name: organisations.name })
      .from(organisationUsers)
      .innerJoin(organisations, eq(organisations.id, organisationUsers.organisationId))
      .where(and(eq(organisationUsers.userId, userId), isNull(organisations.deletedAt)))
      .orderBy(asc(organisations.name)),
    db
      .select({ id: investmentMethodEntities.id, method: investmentMethods.name, reference: investmentMethodEntities.reference })
      .from(investmentMethodEntities)
      .innerJoin(investmentMethods, eq(investmentMethods.id, investmentMethodEntities.investmentMethodId))
      .where(
        and(eq(investmentMethodEntities.userId, userId), isNull(investmentMethodEntities.deletedAt), isNull(investmentMethods.deletedAt)),
      )
      .orderBy(asc(investmentMethods.name)),
    loadSettings(db),
  ]);
  const offered = flagOn(settings, 'nominee_enabled')
    ? await db.select({ id: nominees.id, name: nominees.name }).from(nominees).where(isNull(nominees.deletedAt)).orderBy(asc(nominees.name))
    : [];
  return {
    organisations: orgs,
    investment_method_entities: accounts.map((a) => ({ id: a.id, name: a.reference ? `${a.method} (${a.reference})` : a.method })),
    nominees: offered,
  };
}
