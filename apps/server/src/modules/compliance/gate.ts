import { and, desc, eq } from 'drizzle-orm';
import { categorisationValid, isInvestorRole } from '@platform/domain';
import type { Db } from '../../db/client';
import { investorCategorisations } from '../../db/schema';
import { AppError } from '../../platform/errors';
import type { UserRow } from '../../platform/session';
import { flagOn, loadSettings } from '../settings/service';

export type ComplianceBlock = 'appropriateness' | 'categorisation';

const MESSAGES: Record<ComplianceBlock, string> = {
  appropriateness: 'You must pass the appropriateness test before investing.',
  categorisation: 'Your investor categorisation must be approved before investing.',
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

/** What stops an investor from investing now, or null. Staff are never blocked. */
export async function complianceBlock(db: Db, user: UserRow, now: Date): Promise<ComplianceBlock | null> {
  if (!isInvestorRole(user.roleId)) return null;
  const settings = await loadSettings(db);
  if (flagOn(settings, 'compliance_test_enabled') && !user.compliancePassed) return 'appropriateness';
  if (flagOn(settings, 'compliance_test_requires_categorisation_approval')) {
    if (!categorisationValid(await latestApprovedCategorisation(db, user.id), now)) return 'categorisation';
  }
  return null;
}

/**
 * The compliance gate of spec §4 before any investment: throws 403 with `compliance: [reason]`
 * when the appropriateness test or an approved, unexpired categorisation is missing.
 */
export async function assertMayInvest(db: Db, user: UserRow, now: Date): Promise<void> {
  const block = await complianceBlock(db, user, now);
  if (block) throw new AppError('forbidden', MESSAGES[block], { compliance: [block] });
}
