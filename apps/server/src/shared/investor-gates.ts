import { and, asc, desc, eq, isNull, ne } from 'drizzle-orm';
import { acceptsReservations, categorisationValid, coolingOffEndsAt, type InvestorGate, isInvestorRole } from '@platform/domain';
import type { Db } from '../db/client';
import { investments, investorCategorisations } from '../db/schema';
import { AppError } from '../platform/errors';
import type { UserRow } from '../platform/session';
import { screenInvestors, screeningStateOf } from './screening';
import { flagOn, loadSettings } from './settings';
import { hasOutstandingSignUpDocuments } from './sign-up-documents';

/** What each gate's 403 tells the investor to do next. */
const MESSAGES: Record<InvestorGate, string> = {
  terms_acceptance: 'Accept the current terms and conditions before viewing investment opportunities.',
  sign_up_documents: 'Read and accept the sign-up documents before viewing investment opportunities.',
  categorisation_required: 'Declare your investor category before viewing investment opportunities.',
  categorisation_pending:
    'Your investor categorisation is waiting for approval. You can view investment opportunities once it is approved.',
  // Neutral on purpose: telling someone they resemble a sanctioned person or a PEP would tip them off (POCA s.333A).
  compliance_review:
    'Our compliance team is reviewing your account. You cannot invest until the review is complete; we will contact you if we need anything from you.',
  cooling_off: 'As a first-time investor you have a 24-hour cooling-off period after categorisation. You can invest once it ends.',
  risk_warning: 'Read and acknowledge the risk warning before your first investment.',
  appropriateness: 'You must pass the appropriateness test before investing.',
};

export interface InvestorGateState {
  /** The first step still to take before investing, or null. */
  blockedBy: InvestorGate | null;
  /** The first step still to take before seeing financial promotions, or null. */
  promotionsBlockedBy: InvestorGate | null;
  /** When the investor was first categorised (approved): the cooling-off starts then. */
  categorisedAt: Date | null;
  /** End of the cooling-off of a first-time investor; null when none applies. */
  coolingOffEndsAt: Date | null;
}

const OPEN: InvestorGateState = { blockedBy: null, promotionsBlockedBy: null, categorisedAt: null, coolingOffEndsAt: null };

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

async function firstApprovalAt(db: Db, userId: number): Promise<Date | null> {
  const [row] = await db
    .select({ declaredAt: investorCategorisations.declaredAt, reviewedAt: investorCategorisations.reviewedAt })
    .from(investorCategorisations)
    .where(and(eq(investorCategorisations.userId, userId), eq(investorCategorisations.status, 'approved')))
    .orderBy(asc(investorCategorisations.declaredAt), asc(investorCategorisations.id))
    .limit(1);
  return row ? (row.reviewedAt ?? row.declaredAt) : null;
}

async function hasInvested(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: investments.id })
    .from(investments)
    .where(and(eq(investments.userId, userId), ne(investments.status, 'cancelled'), isNull(investments.deletedAt)))
    .limit(1);
  return Boolean(row);
}

/**
 * Whether a screening match awaits review or was confirmed (decision 0032). An investor never
 * screened yet (registered before screening was switched on) is screened now, so nobody invests
 * unscreened.
 */
async function underComplianceReview(db: Db, user: UserRow, now: Date): Promise<boolean> {
  let state = await screeningStateOf(db, user.id);
  if (state === 'not_screened') {
    await screenInvestors(db, { userIds: [user.id], now });
    state = await screeningStateOf(db, user.id);
  }
  return state === 'potential_match' || state === 'confirmed';
}

/**
 * Where an investor stands at `now` with the gates of decision 0028, in order: the current terms
 * accepted (decision 0031: a new terms version stops promotions until accepted again), the sign-up
 * documents asked of them accepted at their current versions (decision 0036), a valid category
 * (approved by staff when `compliance_test_requires_categorisation_approval` is on), the
 * compliance review of a screening match (decision 0032), the 24-hour cooling-off of a first-time investor (PS22/10), the personalised risk warning acknowledged before
 * a first investment, and the appropriateness test when it is on (spec §4). Staff pass every gate.
 */
export async function investorGates(db: Db, user: UserRow, now: Date): Promise<InvestorGateState> {
  if (!isInvestorRole(user.roleId)) return OPEN;
  const settings = await loadSettings(db);
  const latestApproved = await latestApprovedCategorisation(db, user.id);
  const categorisedAt = await firstApprovalAt(db, user.id);
  const invested = await hasInvested(db, user.id);
  const coolingOffEnds = categorisedAt && !invested ? coolingOffEndsAt(categorisedAt) : null;
  let promotionsBlockedBy: InvestorGate | null = null;
  if (user.acceptedTermsVersion < settings.termsVersion) promotionsBlockedBy = 'terms_acceptance';
  else if (await hasOutstandingSignUpDocuments(db, user)) promotionsBlockedBy = 'sign_up_documents';
  else if (!categorisationValid(latestApproved, now)) {
    const [latest] = await db
      .select({ status: investorCategorisations.status })
      .from(investorCategorisations)
      .where(eq(investorCategorisations.userId, user.id))
      .orderBy(desc(investorCategorisations.declaredAt), desc(investorCategorisations.id))
      .limit(1);
    promotionsBlockedBy = latest?.status === 'pending' ? 'categorisation_pending' : 'categorisation_required';
  }
  let blockedBy: InvestorGate | null = promotionsBlockedBy;
  if (!blockedBy && flagOn(settings, 'user_screening_enabled') && (await underComplianceReview(db, user, now)))
    blockedBy = 'compliance_review';
  else if (!blockedBy && coolingOffEnds && now < coolingOffEnds) blockedBy = 'cooling_off';
  else if (!blockedBy && !invested && !user.riskWarningAcknowledgedAt) blockedBy = 'risk_warning';
  else if (!blockedBy && flagOn(settings, 'compliance_test_enabled') && !user.compliancePassed) blockedBy = 'appropriateness';
  return { blockedBy, promotionsBlockedBy, categorisedAt, coolingOffEndsAt: coolingOffEnds };
}

/**
 * The one check every route showing a financial promotion ('view') or taking an investment
 * ('invest') makes: 403 with the step's `code` (and, for the cooling-off, `available_at`).
 */
export async function assertInvestorMay(db: Db, user: UserRow, now: Date, purpose: 'view' | 'invest'): Promise<void> {
  const state = await investorGates(db, user, now);
  const gate = purpose === 'view' ? state.promotionsBlockedBy : state.blockedBy;
  if (!gate) return;
  const availableAt = gate === 'cooling_off' && state.coolingOffEndsAt ? state.coolingOffEndsAt.toISOString() : undefined;
  throw new AppError('forbidden', MESSAGES[gate], undefined, { code: gate, ...(availableAt ? { available_at: availableAt } : {}) });
}

/**
 * A live opportunity (Live - External or Internal) is a financial promotion: its page, documents,
 * pictures and Q&A reach an investor only past the promotion gates. One they hold after it closed
 * is no longer a promotion.
 */
export async function assertMayViewOpportunity(db: Db, user: UserRow, opportunity: { status: number }, now: Date): Promise<void> {
  if (acceptsReservations(opportunity.status)) await assertInvestorMay(db, user, now, 'view');
}
