import { and, eq, isNull } from 'drizzle-orm';
import { allocatePreEmption, OpportunityStatus, toAmount, type HolderType, type ReliefScheme } from '@platform/domain';
import type { Db } from '../../db/client';
import { investmentOpportunities, preEmptionEntitlements, preEmptionRounds } from '../../db/schema';
import { AppError, notFound, validationError } from '../../platform/errors';
import { recordFollowOn, type InvestmentRow } from '../investments';
import { holderKeyOf, loadCompanyHolders } from '../performance';
import { loadEntitlements } from '../pre-emption';
import { assertShareIssueOf } from '../tax';

/** Follow-ons go into a company still held: a completed investment (a matured one has exited). */
export function assertTakesFollowOns(opportunity: { status: number }) {
  if (opportunity.status !== OpportunityStatus.Completed)
    throw validationError({ opportunity_id: ['Follow-on investments go into a completed investment that is still held.'] });
}

export interface FollowOnTerms {
  investedOn: string;
  shareIssueId: number | null;
  relief: ReliefScheme | null;
}

/**
 * Turns a closed round's allotments into follow-ons, one per line allotted shares, at the round's
 * price, under the round's lock. A line that already has its follow-on is skipped, so doing it twice
 * creates nothing twice. Returns the investments created this time.
 */
export async function convertAllotments(
  tx: Db,
  roundId: number,
  terms: FollowOnTerms,
  createdBy: number,
  now: Date,
): Promise<{ created: InvestmentRow[]; opportunityId: number }> {
  const [round] = await tx
    .select()
    .from(preEmptionRounds)
    .where(and(eq(preEmptionRounds.id, roundId), isNull(preEmptionRounds.deletedAt)))
    .for('update');
  if (!round) throw notFound('pre-emption round');
  if (round.isOpen) throw new AppError('conflict', 'Close the round before turning its allotments into investments.');
  const [opportunity] = await tx.select().from(investmentOpportunities).where(eq(investmentOpportunities.id, round.opportunityId));
  assertTakesFollowOns(opportunity);
  await assertShareIssueOf(tx, terms.shareIssueId, opportunity.id);
  // In register order, as the round's page computes the allotment, so the follow-ons are what staff saw.
  const lines = await loadEntitlements(tx, [round.id]);
  const allotted = allocatePreEmption(lines, round.sharesOffered);
  const created: InvestmentRow[] = [];
  for (const [i, line] of lines.entries()) {
    const shares = allotted[i];
    if (line.investmentId !== null || shares.lte(0)) continue;
    const investment = await recordFollowOn(tx, {
      opportunityId: opportunity.id,
      currency: opportunity.currency,
      userId: line.userId,
      holderType: line.holderType as HolderType,
      holder: { organisationId: line.organisationId, investmentMethodEntityId: line.investmentMethodEntityId, nomineeId: line.nomineeId },
      amount: toAmount(shares.times(round.pricePerShare)),
      shares: shares.toFixed(6),
      investedOn: terms.investedOn,
      shareIssueId: terms.shareIssueId,
      relief: terms.relief,
      createdBy,
      now,
    });
    await tx
      .update(preEmptionEntitlements)
      .set({ investmentId: investment.id, updatedAt: now })
      .where(eq(preEmptionEntitlements.id, line.id));
    created.push(investment);
  }
  return { created, opportunityId: opportunity.id };
}

/** A follow-on is for a line of the company's register: the investor must already hold that way. */
export async function assertHoldsLine(
  db: Db,
  opportunityId: number,
  line: {
    userId: number;
    holderType: string;
    organisationId: number | null;
    investmentMethodEntityId: number | null;
    nomineeId: number | null;
  },
) {
  const holders = await loadCompanyHolders(db, opportunityId);
  if (!holders.some((h) => h.key === holderKeyOf(line)))
    throw validationError({ user_id: ['This investor does not hold shares in this company that way: record a new investment instead.'] });
}
