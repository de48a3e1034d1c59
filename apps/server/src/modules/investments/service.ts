import { randomBytes } from 'node:crypto';
import Decimal from 'decimal.js';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import {
  canMoveInvestment,
  cashCallDueOn,
  COMMITTED_STATUSES,
  formatMoney,
  INVESTMENT_STATUS_LABELS,
  Role,
  type HolderType,
  type InvestmentHolderIds as Holder,
  type InvestmentStatus,
  type InvestmentType,
  type OwnershipShare,
  type ReliefScheme,
} from '@platform/domain';
import type { Db } from '../../db/client';
import { recordTriggerEvent } from '../../shared/trigger-events';
import { investmentOpportunities, investments, users } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { notFound, validationError } from '../../platform/errors';
import { lockOpportunityRow as lockOpportunity, type OpportunityRow } from '../../shared/opportunity-visibility';
import type { InvestmentRow, InvestorOpportunity } from './presenter';
import { insertPayment } from './receipts';
import { utcDate } from '../../platform/clock';

/**
 * Investments (DOMAIN.md lifecycle step 3; docs/decisions/0008 "Money limits"). Every change of
 * committed money happens under the opportunity's row lock, so the limits checked are the limits
 * kept however many requests race. Lock order is always opportunity, then investment.
 */

const committed = [...COMMITTED_STATUSES];

/** What one investor holds committed in one opportunity, whatever the holder or entry type. */
export async function committedByInvestor(tx: Db, opportunityId: number, userId: number): Promise<string> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${investments.amount}), 0)` })
    .from(investments)
    .where(
      and(
        eq(investments.opportunityId, opportunityId),
        eq(investments.userId, userId),
        inArray(investments.status, committed),
        isNull(investments.deletedAt),
      ),
    );
  return String(row?.total ?? '0');
}

const money = (amount: Decimal.Value, currency: string) => formatMoney({ amount: new Decimal(amount).toFixed(2), currency });

/** The hard cap of the raise: the maximum raise, else the target; none when neither is set. */
export function raiseCapOf(row: Pick<OpportunityRow, 'maximumRaise' | 'targetRaise'>): string | null {
  return row.maximumRaise ?? row.targetRaise;
}

/**
 * The investor's limits and what remains of the raise, against the locked row. `subject` words the
 * message for whoever reads it: the investor themself, or staff entering it for them.
 */
export function assertWithinLimits(opportunity: OpportunityRow, alreadyCommitted: string, amount: string, subject: 'self' | 'staff'): void {
  const { currency } = opportunity;
  const value = new Decimal(amount);
  const min = opportunity.minimumInvestment;
  const max = opportunity.maximumInvestment;
  const range = [min && new Decimal(min).gt(0) ? `at least ${money(min, currency)}` : null, max ? `at most ${money(max, currency)}` : null]
    .filter(Boolean)
    .join(' and ');
  if (min && value.lt(min)) {
    throw validationError({ amount: [`The minimum investment is ${money(min, currency)}: invest ${range}.`] });
  }
  if (max) {
    const total = value.plus(alreadyCommitted);
    if (total.gt(max)) {
      const held = new Decimal(alreadyCommitted);
      const room = Decimal.max(0, new Decimal(max).minus(held));
      const who = subject === 'self' ? 'You have' : 'This investor has';
      const message = held.gt(0)
        ? `The maximum investment is ${money(max, currency)} per investor. ${who} ${money(held, currency)} committed already, so at most ${money(room, currency)} more.`
        : `The maximum investment is ${money(max, currency)} per investor: invest ${range}.`;
      throw validationError({ amount: [message] });
    }
  }
  const cap = raiseCapOf(opportunity);
  if (cap !== null) {
    const remaining = Decimal.max(0, new Decimal(cap).minus(opportunity.committedAmount));
    if (value.gt(remaining)) {
      throw validationError({
        amount: [
          remaining.isZero()
            ? 'This opportunity is fully subscribed: nothing remains available.'
            : `Only ${money(remaining, currency)} remains available.`,
        ],
      });
    }
  }
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** Six base32 characters from the system's secure random source (256 is a multiple of 32: no bias). */
function randomCode(): string {
  return [...randomBytes(6)].map((byte) => BASE32[byte & 31]).join('');
}

/** Where reference codes come from; tests swap it to prove a collision is retried. */
export const referenceCodes = { next: randomCode };
const REFERENCE_ATTEMPTS = 5;

function isReferenceCollision(error: unknown): boolean {
  for (let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505' && e.constraint === 'investments_payment_reference_unique') return true;
  }
  return false;
}

/**
 * Inserts with a fresh readable reference `INV-{opportunity}-{code}`. The insert runs in a savepoint
 * so that a collision (about one in a billion per opportunity) can be retried in the same transaction.
 */
async function insertWithReference(tx: Db, values: Omit<typeof investments.$inferInsert, 'paymentReference'>): Promise<InvestmentRow> {
  for (let attempt = 1; ; attempt++) {
    const paymentReference = `INV-${values.opportunityId}-${referenceCodes.next()}`;
    try {
      return await tx.transaction(async (savepoint) => {
        const [row] = await savepoint
          .insert(investments)
          .values({ ...values, paymentReference })
          .returning();
        return row;
      });
    } catch (error) {
      if (attempt < REFERENCE_ATTEMPTS && isReferenceCollision(error)) continue;
      throw error;
    }
  }
}

export interface Placement {
  opportunityId: number;
  userId: number;
  amount: string;
  holderType: HolderType;
  holder: Holder;
  /** A joint holding's holders and shares (decision 0054); absent or null when held whole. */
  ownershipShares?: OwnershipShare[] | null;
  type: InvestmentType;
  status: 'reserved' | 'paid' | 'completed';
  /** For a completed holding recorded after the fact: when it was paid and completed. */
  investedAt?: Date;
  createdBy: number;
  now: Date;
  /** Which opportunity statuses take this kind of entry. */
  accepts: (status: number) => boolean;
  subject: 'self' | 'staff';
}

/** What a trigger is told of an investment (decision 0066): ids and money, never the investor's personal details. */
export const investmentPayload = (row: InvestmentRow) => ({
  investment_id: row.id,
  opportunity_id: row.opportunityId,
  investor_id: row.userId,
  amount: row.amount,
  currency: row.currency,
  status: row.status,
  payment_reference: row.paymentReference,
});

/**
 * Commits money to an opportunity: lock the row, check the status and every limit against the
 * locked figures, insert, and add the amount to committed_amount — all in the caller's transaction.
 * The check constraint on committed_amount is the backstop should a path ever skip this.
 */
export async function placeInvestment(tx: Db, p: Placement): Promise<{ investment: InvestmentRow; opportunity: OpportunityRow }> {
  const opportunity = await lockOpportunity(tx, p.opportunityId);
  if (!opportunity) throw validationError({ opportunity_id: ['Choose an opportunity.'] });
  if (!p.accepts(opportunity.status)) throw validationError({ opportunity_id: ['This opportunity is not taking reservations.'] });
  const already = await committedByInvestor(tx, opportunity.id, p.userId);
  assertWithinLimits(opportunity, already, p.amount, p.subject);
  const sharePrice = opportunity.sharePrice && new Decimal(opportunity.sharePrice).gt(0) ? opportunity.sharePrice : null;
  const investment = await insertWithReference(tx, {
    opportunityId: opportunity.id,
    userId: p.userId,
    holderType: p.holderType,
    organisationId: p.holder.organisationId,
    investmentMethodEntityId: p.holder.investmentMethodEntityId,
    nomineeId: p.holder.nomineeId,
    ownershipShares: p.ownershipShares ?? null,
    type: p.type,
    status: p.status,
    amount: p.amount,
    currency: opportunity.currency,
    sharePrice,
    shares: sharePrice ? new Decimal(p.amount).div(sharePrice).floor().toFixed(6) : null,
    paidAt: p.status === 'paid' ? p.now : p.status === 'completed' ? (p.investedAt ?? p.now) : null,
    receivedAmount: p.status === 'reserved' ? '0' : p.amount,
    completedAt: p.status === 'completed' ? (p.investedAt ?? p.now) : null,
    createdBy: p.createdBy,
    createdAt: p.now,
    updatedAt: p.now,
  });
  if (p.status !== 'reserved') await recordEarlierPayment(tx, investment, p.createdBy, p.now);
  else await recordTriggerEvent(tx, 'investment.reserved', investmentPayload(investment), p.now);
  const [updated] = await tx
    .update(investmentOpportunities)
    .set({ committedAmount: sql`${investmentOpportunities.committedAmount} + ${p.amount}::numeric` })
    .where(eq(investmentOpportunities.id, opportunity.id))
    .returning();
  return { investment, opportunity: updated };
}

/** A follow-on: a holder's further completed investment in a company they hold (decision 0060). */
export interface FollowOn {
  opportunityId: number;
  currency: string;
  userId: number;
  holderType: HolderType;
  holder: Holder;
  amount: string;
  shares: string;
  investedOn: string;
  shareIssueId: number | null;
  relief: ReliefScheme | null;
  createdBy: number;
  now: Date;
}

/**
 * Records a follow-on as a completed `subsequent` investment, paid in full on its day, at its own
 * price (amount ÷ shares). It is outside the opportunity's raise, so committed money is unchanged;
 * cost, IRR and the cap table read it like any other held investment.
 */
export async function recordFollowOn(tx: Db, f: FollowOn): Promise<InvestmentRow> {
  const investedAt = new Date(`${f.investedOn}T00:00:00Z`);
  const investment = await insertWithReference(tx, {
    opportunityId: f.opportunityId,
    userId: f.userId,
    holderType: f.holderType,
    organisationId: f.holder.organisationId,
    investmentMethodEntityId: f.holder.investmentMethodEntityId,
    nomineeId: f.holder.nomineeId,
    type: 'subsequent',
    status: 'completed',
    amount: f.amount,
    currency: f.currency,
    sharePrice: new Decimal(f.amount).div(f.shares).toFixed(6),
    shares: f.shares,
    paidAt: investedAt,
    completedAt: investedAt,
    receivedAmount: f.amount,
    shareIssueId: f.shareIssueId,
    relief: f.relief,
    createdBy: f.createdBy,
    createdAt: f.now,
    updatedAt: f.now,
  });
  await recordEarlierPayment(tx, investment, f.createdBy, f.now);
  return investment;
}

/**
 * A holding staff enter as already paid was paid in full: the ledger records that payment on the
 * day it was paid, so what is received always adds up to the ledger (decision 0050).
 */
async function recordEarlierPayment(tx: Db, investment: InvestmentRow, recordedBy: number, now: Date): Promise<void> {
  await insertPayment(tx, investment, {
    amount: investment.amount,
    method: 'manual',
    receivedOn: utcDate(investment.paidAt ?? now),
    note: 'Entered as paid',
    recordedBy,
    now,
  });
}

export async function findInvestment(db: Db, id: number): Promise<InvestmentRow | undefined> {
  const [row] = await db
    .select()
    .from(investments)
    .where(and(eq(investments.id, id), isNull(investments.deletedAt)));
  return row;
}

/** An investor's own investment; anyone else's, and staff-only records, are not found. */
export async function findInvestorInvestment(db: Db, userId: number, id: number): Promise<InvestmentRow> {
  const [row] = await db
    .select()
    .from(investments)
    .where(
      and(eq(investments.id, id), eq(investments.userId, userId), ne(investments.type, 'private_manual'), isNull(investments.deletedAt)),
    );
  if (!row) throw notFound('investment');
  return row;
}

const VERB: Record<InvestmentStatus, string> = {
  reserved: 'reserved',
  cash_call: 'sent a cash call',
  paid: 'marked paid',
  completed: 'completed',
  cancelled: 'cancelled',
};

/**
 * Moves an investment along its lifecycle under the opportunity's lock. Cancelling gives its money
 * back to the raise in the same transaction. `onlyFrom` narrows the moves further (investors may
 * cancel only a reservation).
 */
export async function moveInvestment(
  tx: Db,
  id: number,
  to: InvestmentStatus,
  now: Date,
  options: { reason?: string | null; onlyFrom?: readonly InvestmentStatus[] } = {},
): Promise<{ before: InvestmentRow; after: InvestmentRow; opportunity: OpportunityRow }> {
  const seen = await findInvestment(tx, id);
  if (!seen) throw notFound('investment');
  const opportunity = await lockOpportunity(tx, seen.opportunityId);
  if (!opportunity) throw notFound('investment');
  const [before] = await tx.select().from(investments).where(eq(investments.id, id)).for('update');
  const from = before.status as InvestmentStatus;
  if (!canMoveInvestment(from, to) || (options.onlyFrom && !options.onlyFrom.includes(from))) {
    throw validationError({ status: [`An investment that is ${INVESTMENT_STATUS_LABELS[from].toLowerCase()} cannot be ${VERB[to]}.`] });
  }
  const [after] = await tx
    .update(investments)
    .set({
      status: to,
      updatedAt: now,
      ...(to === 'cash_call'
        ? { cashCallAt: now, paymentDueOn: cashCallDueOn(now.toISOString(), opportunity.cashCallPaymentDays ?? undefined) }
        : {}),
      ...(to === 'paid' ? { paidAt: now } : {}),
      ...(to === 'completed' ? { completedAt: now } : {}),
      ...(to === 'cancelled' ? { cancelledAt: now, cancelReason: options.reason ?? null } : {}),
    })
    .where(eq(investments.id, id))
    .returning();
  if (to === 'cash_call') {
    await recordTriggerEvent(tx, 'cash_call.issued', { ...investmentPayload(after), payment_due_on: after.paymentDueOn }, now);
  }
  let current = opportunity;
  if (to === 'cancelled' && committed.includes(from)) {
    [current] = await tx
      .update(investmentOpportunities)
      .set({ committedAmount: sql`${investmentOpportunities.committedAmount} - ${before.amount}::numeric` })
      .where(eq(investmentOpportunities.id, opportunity.id))
      .returning();
  }
  return { before, after, opportunity: current };
}

/**
 * Settles an opportunity's investments as it moves to Completed (called by the opportunities module
 * inside its transaction): refused while any is reserved or awaiting payment; otherwise every paid
 * one becomes completed. Returns the investors to tell (staff-only records are not told).
 */
export async function completeOpportunityInvestments(tx: Db, opportunityId: number, now: Date): Promise<number[]> {
  await lockOpportunity(tx, opportunityId);
  const [{ open }] = await tx
    .select({ open: sql<number>`count(*)::int` })
    .from(investments)
    .where(
      and(
        eq(investments.opportunityId, opportunityId),
        inArray(investments.status, ['reserved', 'cash_call']),
        isNull(investments.deletedAt),
      ),
    );
  if (Number(open) > 0) {
    throw validationError(
      { status: [`${open} investment(s) are still reserved or awaiting payment: mark them paid or cancel them before completing.`] },
      `This opportunity cannot be completed: ${open} investment(s) are still reserved or awaiting payment.`,
    );
  }
  const completed = await tx
    .update(investments)
    .set({ status: 'completed', completedAt: now, updatedAt: now })
    .where(and(eq(investments.opportunityId, opportunityId), eq(investments.status, 'paid'), isNull(investments.deletedAt)))
    .returning({ id: investments.id, userId: investments.userId, type: investments.type });
  for (const row of completed) {
    await recordActivity(tx, {
      action: 'completed',
      subjectType: 'investment',
      subjectId: row.id,
      before: { status: 'paid' },
      after: { status: 'completed' },
    });
  }
  return [...new Set(completed.filter((r) => r.type !== 'private_manual').map((r) => r.userId))];
}

/** What the investor sees of an opportunity beside their investment, bank details included. */
export const INVESTOR_OPPORTUNITY = {
  id: investmentOpportunities.id,
  name: investmentOpportunities.name,
  slug: investmentOpportunities.slug,
  currency: investmentOpportunities.currency,
  status: investmentOpportunities.status,
  companyName: investmentOpportunities.companyName,
  bankAccountName: investmentOpportunities.bankAccountName,
  bankSortCode: investmentOpportunities.bankSortCode,
  bankAccountNumber: investmentOpportunities.bankAccountNumber,
  bankIban: investmentOpportunities.bankIban,
  bankBic: investmentOpportunities.bankBic,
  termsVersion: investmentOpportunities.termsVersion,
};

export async function investorOpportunityOf(db: Db, opportunityId: number): Promise<InvestorOpportunity> {
  const [opportunity] = await db
    .select(INVESTOR_OPPORTUNITY)
    .from(investmentOpportunities)
    .where(eq(investmentOpportunities.id, opportunityId));
  return opportunity;
}

export async function opportunityStatusOf(db: Db, opportunityId: number): Promise<{ status: number }> {
  const [opportunity] = await db
    .select({ status: investmentOpportunities.status })
    .from(investmentOpportunities)
    .where(eq(investmentOpportunities.id, opportunityId));
  return opportunity;
}

export async function findLiveOpportunity(db: Db, opportunityId: number): Promise<OpportunityRow | undefined> {
  const [opportunity] = await db
    .select()
    .from(investmentOpportunities)
    .where(and(eq(investmentOpportunities.id, opportunityId), isNull(investmentOpportunities.deletedAt)));
  return opportunity;
}

/** An investor's account that has not been deleted; staff accounts are not investors. */
export async function findLiveInvestor(db: Db, userId: number): Promise<{ id: number } | undefined> {
  const [investor] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.roleId, Role.User), isNull(users.deletedAt)));
  return investor;
}

/**
 * Records the investor's "I've paid" on a reservation or cash call, under a row lock so two
 * presses at once record it once. The first answers `first`; a later one keeps the first moment
 * and updates only the details it brings. Nothing else about the investment moves: staff confirm
 * receipt by marking it paid.
 */
export async function markPaymentSent(
  tx: Db,
  id: number,
  now: Date,
  details: { on: string | null; amount: string | null; note: string | null },
): Promise<{ row: InvestmentRow; first: boolean }> {
  const [current] = await tx.select().from(investments).where(eq(investments.id, id)).for('update');
  if (current.status !== 'reserved' && current.status !== 'cash_call')
    throw validationError({ status: ['Only a reservation or a cash call waiting for payment can be marked as paid.'] });
  const first = current.paymentSentAt === null;
  const [row] = await tx
    .update(investments)
    .set({
      paymentSentAt: current.paymentSentAt ?? now,
      paymentSentOn: details.on ?? current.paymentSentOn,
      paymentSentAmount: details.amount ?? current.paymentSentAmount,
      paymentSentNote: details.note ?? current.paymentSentNote,
      updatedAt: now,
    })
    .where(eq(investments.id, id))
    .returning();
  return { row, first };
}
