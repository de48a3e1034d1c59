import { and, desc, eq } from 'drizzle-orm';
import { categorisationValid, isInvestorRole } from '@platform/domain';
import type { Db } from '../../db/client';
import { investorCategorisations } from '../../db/schema';
import { AppError } from '../../platform/errors';
import type { UserRow } from '../../platform/session';
import { flagOn, loadSettings } from '../../shared/settings';

export type ComplianceBlock = 'appropriateness' | 'categorisation';

const MESSAGES: Record<ComplianceBlock, string> = {
  appropriateness: 'You must pass the appropriateness test before investing.',
  categorisation: 'Your investor categorisation must be declared and approved before investing.',
};

/** The latest approved categorisation of an investor, or null. */
export async function latestApprovedCategorisation(db: Db, userId: number) {
  const [row] = await db
    .select()
    .from(investorCategorisations)
    .where(and(eq(investorCategorisations.userId, userId), eq(investorCategorisations.status, 'approved')))
    .orderBy(desc(investorCategorisations.declaredAt), desc(investorCategorisations.id))
    .limit(1);
  return row ?? null;
}

/**
 * What stops an investor from investing now, or null. Staff are never blocked. The category comes
 * first (it decides which promotions an investor may receive at all), then the appropriateness
 * test. A category is needed when staff must approve it, or when the investor-type pop-up asks
 * for one (then a declaration is approved as it is made).
 */
export async function complianceBlock(db: Db, user: UserRow, now: Date): Promise<ComplianceBlock | null> {
  if (!isInvestorRole(user.roleId)) return null;
  const settings = await loadSettings(db);
  const categoryNeeded =
    flagOn(settings, 'compliance_test_requires_categorisation_approval') || flagOn(settings, 'investor_categorisation_popups_enabled');
  if (categoryNeeded && !categorisationValid(await latestApprovedCategorisation(db, user.id), now)) return 'categorisation';
  if (flagOn(settings, 'compliance_test_enabled') && !user.compliancePassed) return 'appropriateness';
  return null;
}

/**
 * The compliance gate of spec §4 before any investment: throws 403 with `compliance: [reason]`
 * when an approved, unexpired categorisation or the appropriateness test is missing.
 */
export async function assertMayInvest(db: Db, user: UserRow, now: Date): Promise<void> {
  const block = await complianceBlock(db, user, now);
  if (block) throw new AppError('forbidden', MESSAGES[block], { compliance: [block] });
}
