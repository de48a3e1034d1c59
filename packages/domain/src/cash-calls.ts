/**
 * Cash calls and the payments ledger (decision 0050): where a call for money stands, from the amount
 * due, what has been received and the day it is due. One rule for every screen and the server's
 * filters, with exact decimals.
 */
import Decimal from 'decimal.js';
import { CASH_CALL_PAYMENT_DAYS } from './investor-words';

/** How a payment reached us. */
export const PAYMENT_METHODS = ['bank_transfer', 'card', 'subscription', 'refund', 'manual'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  bank_transfer: 'Bank transfer',
  card: 'Card',
  subscription: 'Subscription',
  refund: 'Refund',
  manual: 'Recorded by staff',
};

/** Where a payment stands with its provider; only a received payment counts towards what is due. */
export const PAYMENT_STATES = ['pending', 'received', 'failed', 'refunded'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];
export const PAYMENT_STATE_LABELS: Record<PaymentState, string> = {
  pending: 'Pending',
  received: 'Received',
  failed: 'Failed',
  refunded: 'Refunded',
};

/** Where a cash call stands: nothing in yet, some in, past its due day unpaid, or paid in full. */
export const CASH_CALL_STATES = ['outstanding', 'part_paid', 'overdue', 'paid'] as const;
export type CashCallState = (typeof CASH_CALL_STATES)[number];
export const CASH_CALL_STATE_LABELS: Record<CashCallState, string> = {
  outstanding: 'Outstanding',
  part_paid: 'Part-paid',
  overdue: 'Overdue',
  paid: 'Paid',
};

/** The most days after issue a firm may give investors to pay. */
export const MAX_CASH_CALL_PAYMENT_DAYS = 365;

/** The day a cash call issued on `issuedAt` (ISO date-time) is due: `days` later (ISO date). */
export function cashCallDueOn(issuedAt: string, days: number = CASH_CALL_PAYMENT_DAYS): string {
  const due = new Date(issuedAt);
  due.setUTCDate(due.getUTCDate() + days);
  return due.toISOString().slice(0, 10);
}

export interface CashCallFigures {
  received: string;
  /** What is still to pay; zero once paid, never negative. */
  outstanding: string;
  /** What came in beyond the amount due; kept and shown, never dropped. */
  overpaid: string;
  state: CashCallState;
}

/**
 * The figures of a call for `amount` with `received` in so far, due on `dueOn`, seen on `today`
 * (ISO dates). Overdue is the day after the due day with money still outstanding.
 */
export function cashCallFigures(amount: string, received: string, dueOn: string | null, today: string): CashCallFigures {
  const due = new Decimal(amount);
  const got = new Decimal(received);
  const short = due.minus(got);
  const state: CashCallState = short.lte(0)
    ? 'paid'
    : dueOn !== null && today > dueOn
      ? 'overdue'
      : got.gt(0)
        ? 'part_paid'
        : 'outstanding';
  return {
    received: got.toFixed(2),
    outstanding: Decimal.max(0, short).toFixed(2),
    overpaid: Decimal.max(0, short.neg()).toFixed(2),
    state,
  };
}
