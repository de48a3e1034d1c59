import { eq } from 'drizzle-orm';
import { categorisationExpiresAt } from '@platform/domain';
import type { Db } from './client';
import { investorCategorisations, users } from './schema';

const DAY = 24 * 60 * 60 * 1000;

/**
 * The demo investors' standing with the gates before promotions and investing (decision 0028):
 * investor@demo.test and pending@demo.test were categorised two months ago and acknowledged the
 * risk warning; newcomer@demo.test was categorised two hours before the seed, so is in the 24-hour
 * cooling-off of a first-time investor.
 */
export async function seedInvestorGates(db: Db, accounts: Array<{ id: number; email: string }>, now: Date): Promise<void> {
  const categorisedAt: Record<string, Date> = {
    'investor@demo.test': new Date(now.getTime() - 60 * DAY),
    'pending@demo.test': new Date(now.getTime() - 60 * DAY),
    'newcomer@demo.test': new Date(now.getTime() - 2 * 60 * 60 * 1000),
  };
  for (const account of accounts) {
    const at = categorisedAt[account.email];
    if (!at) continue;
    await db.insert(investorCategorisations).values({
      userId: account.id,
      category: 'high_net_worth',
      declaration: { demo: true },
      status: 'approved',
      declaredAt: at,
      expiresAt: categorisationExpiresAt(at),
      reviewedAt: at,
    });
    const acknowledged = account.email === 'newcomer@demo.test' ? null : at;
    await db
      .update(users)
      .set({ investorCategory: 'high_net_worth', categorisationStatus: 'approved', riskWarningAcknowledgedAt: acknowledged })
      .where(eq(users.id, account.id));
  }
}
