import Decimal from 'decimal.js';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { formatMoney, INVESTMENT_STATUS_LABELS, type InvestmentStatus, type PaymentMethod } from '@platform/domain';
import type { Db } from '../../db/client';
import { paymentPayload, recordTriggerEvent } from '../../shared/trigger-events';
import { utcDate } from '../../platform/clock';
import { investments, payments } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { notFound, validationError } from '../../platform/errors';
import type { InvestmentRow } from './presenter';

export type PaymentRow = typeof payments.$inferSelect;

/** Money that arrived against an investment, however it came (decision 0050). */
export interface Receipt {
  investmentId: number;
  /** An exact amount, or whatever is still outstanding ("mark payment received"). */
  amount: string | 'outstanding';
  /** The currency the money came in; it must be the investment's. */
  currency?: string;
  method: PaymentMethod;
  provider?: string | null;
  providerReference?: string | null;
  receivedOn: string;
  note?: string | null;
  recordedBy: number | null;
  now: Date;
  /** Narrower than the statuses that take payment ("mark payment received" settles only an open one). */
  onlyFrom?: readonly InvestmentStatus[];
  /** The activity log entry's action and request. */
  action: string;
  request?: FastifyRequest;
}

type Entry = Pick<Receipt, 'method' | 'provider' | 'providerReference' | 'receivedOn' | 'note' | 'recordedBy' | 'now'> & { amount: string };

/** Writes one received payment of an investment to the ledger; a provider reference seen before writes nothing. */
export async function insertPayment(tx: Db, investment: InvestmentRow, e: Entry): Promise<PaymentRow | undefined> {
  const [payment] = await tx
    .insert(payments)
    .values({
      investmentId: investment.id,
      opportunityId: investment.opportunityId,
      userId: investment.userId,
      amount: e.amount,
      currency: investment.currency,
      method: e.method,
      state: 'received',
      provider: e.provider ?? null,
      providerReference: e.providerReference ?? null,
      receivedOn: e.receivedOn,
      note: e.note ?? null,
      recordedBy: e.recordedBy,
      createdAt: e.now,
      updatedAt: e.now,
    })
    .onConflictDoNothing()
    .returning();
  if (payment) await recordTriggerEvent(tx, 'payment.received', paymentPayload(payment), e.now);
  return payment;
}

/** Statuses that take money: before and while a cash call is open, and late money after it is paid. */
const TAKES_PAYMENT: readonly InvestmentStatus[] = ['reserved', 'cash_call', 'paid'];

/**
 * The one code path for "a payment arrived": under the investment's row lock, it writes the payment
 * to the ledger, adds it to the investment's received total and, once the total reaches the amount,
 * moves a reservation or cash call to paid — all in the caller's transaction, so payments racing on
 * one call are counted once each, in turn. A provider's reference seen before is the same payment
 * delivered again: nothing is written and `payment` is null. Money beyond the amount is kept.
 */
export async function recordPayment(
  tx: Db,
  r: Receipt,
): Promise<{ before: InvestmentRow; after: InvestmentRow; payment: PaymentRow | null }> {
  const [before] = await tx.select().from(investments).where(eq(investments.id, r.investmentId)).for('update');
  if (!before || before.deletedAt) throw notFound('investment');
  const status = before.status as InvestmentStatus;
  if (!(r.onlyFrom ?? TAKES_PAYMENT).includes(status))
    throw validationError({
      status: [`An investment that is ${INVESTMENT_STATUS_LABELS[status].toLowerCase()} cannot take this payment.`],
    });
  if (r.currency && r.currency !== before.currency)
    throw validationError({ currency: [`This investment is in ${before.currency}: record the payment in ${before.currency}.`] });
  const amount = r.amount === 'outstanding' ? new Decimal(before.amount).minus(before.receivedAmount) : new Decimal(r.amount);
  if (amount.lte(0)) throw validationError({ amount: ['Nothing is outstanding on this investment.'] });
  const payment = await insertPayment(tx, before, { ...r, amount: amount.toFixed(2) });
  if (!payment) return { before, after: before, payment: null };
  const received = amount.plus(before.receivedAmount);
  const settles = received.gte(before.amount) && (before.status === 'reserved' || before.status === 'cash_call');
  const [after] = await tx
    .update(investments)
    .set({
      receivedAmount: sql`${investments.receivedAmount} + ${amount.toFixed(2)}::numeric`,
      updatedAt: r.now,
      ...(settles ? { status: 'paid', paidAt: r.now } : {}),
    })
    .where(eq(investments.id, before.id))
    .returning();
  await recordActivity(tx, {
    request: r.request,
    actorId: r.recordedBy,
    action: r.action,
    subjectType: 'investment',
    subjectId: before.id,
    before: { status: before.status, received_amount: before.receivedAmount },
    after: {
      status: after.status,
      received_amount: after.receivedAmount,
      payment: { id: payment.id, amount: formatMoney({ amount: payment.amount, currency: payment.currency }), method: payment.method },
    },
  });
  return { before, after, payment };
}

/** "Mark payment received": what is still outstanding on an open reservation or cash call arrives, and it becomes paid. */
export function markPaymentReceived(tx: Db, investmentId: number, staffId: number, now: Date, request: FastifyRequest) {
  return recordPayment(tx, {
    investmentId,
    amount: 'outstanding',
    method: 'manual',
    receivedOn: utcDate(now),
    recordedBy: staffId,
    now,
    action: 'marked_paid',
    request,
    onlyFrom: ['reserved', 'cash_call'],
  });
}

/** Staff move one open cash call's due day, under its row lock, logged with the day it had. */
export async function setCashCallDue(tx: Db, id: number, dueOn: string, now: Date, request: FastifyRequest): Promise<InvestmentRow> {
  const [before] = await tx.select().from(investments).where(eq(investments.id, id)).for('update');
  if (!before || before.deletedAt) throw notFound('investment');
  if (before.status !== 'cash_call') throw validationError({ status: ['Only an open cash call has a due date to move.'] });
  const [after] = await tx.update(investments).set({ paymentDueOn: dueOn, updatedAt: now }).where(eq(investments.id, id)).returning();
  await recordActivity(tx, {
    request,
    action: 'cash_call_due_moved',
    subjectType: 'investment',
    subjectId: id,
    before: { payment_due_on: before.paymentDueOn },
    after: { payment_due_on: dueOn },
  });
  return after;
}
