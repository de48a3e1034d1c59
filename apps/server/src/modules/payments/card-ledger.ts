import { and, desc, eq, sql } from 'drizzle-orm';
import { PAYMENT_STATE_LABELS, type CardPayment, type PaymentPurpose, type PaymentState } from '@platform/domain';
import type { Db } from '../../db/client';
import { paymentPayload, recordTriggerEvent } from '../../shared/trigger-events';
import { payments, providerEvents } from '../../db/schema';

/**
 * Takes a signed provider event once (decision 0058): its id is written in the caller's
 * transaction, so the same event delivered again — or racing itself — finds the row and is skipped.
 */
export async function claimProviderEvent(tx: Db, provider: string, event: { eventRef: string; type: string }, now: Date): Promise<boolean> {
  const [claimed] = await tx
    .insert(providerEvents)
    .values({ provider, eventRef: event.eventRef, type: event.type, receivedAt: now })
    .onConflictDoNothing()
    .returning({ id: providerEvents.id });
  return Boolean(claimed);
}

export interface CardLedgerEntry {
  userId: number;
  purpose: Exclude<PaymentPurpose, 'investment'>;
  subscriptionId?: number;
  feeRequestId?: number;
  amount: string;
  currency: string;
  state: Extract<PaymentState, 'received' | 'failed'>;
  provider: string;
  providerReference: string;
  receivedOn: string;
  note: string;
  now: Date;
}

/**
 * A membership invoice or a fee paid by card, in the ledger beside investments' payments. The
 * provider's reference is unique: a failed attempt that is later paid becomes received, while a
 * late "failed" after "paid" changes nothing. Returns the row written or changed, if any.
 */
export async function recordCardPayment(tx: Db, e: CardLedgerEntry) {
  const values = {
    userId: e.userId,
    purpose: e.purpose,
    subscriptionId: e.subscriptionId ?? null,
    feeRequestId: e.feeRequestId ?? null,
    amount: e.amount,
    currency: e.currency,
    method: e.purpose === 'membership' ? 'subscription' : 'card',
    state: e.state,
    provider: e.provider,
    providerReference: e.providerReference,
    receivedOn: e.receivedOn,
    note: e.note,
    createdAt: e.now,
    updatedAt: e.now,
  };
  const insert = tx.insert(payments).values(values);
  const [row] = await (e.state === 'failed'
    ? insert.onConflictDoNothing()
    : insert.onConflictDoUpdate({
        target: [payments.provider, payments.providerReference],
        targetWhere: sql`${payments.providerReference} is not null`,
        set: { state: 'received', amount: e.amount, receivedOn: e.receivedOn, updatedAt: e.now },
        setWhere: sql`${payments.state} = 'failed'`,
      })
  ).returning();
  if (row?.state === 'received') await recordTriggerEvent(tx, 'payment.received', paymentPayload(row), e.now);
  return row;
}

export const presentCardPayment = (p: typeof payments.$inferSelect): CardPayment => ({
  id: p.id,
  amount: p.amount,
  currency: p.currency,
  state: p.state as PaymentState,
  state_label: PAYMENT_STATE_LABELS[p.state as PaymentState],
  received_on: p.receivedOn,
  description: p.note,
});

/** An investor's membership payments, newest first. */
export async function membershipPaymentsOf(db: Db, userId: number): Promise<CardPayment[]> {
  const rows = await db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.purpose, 'membership')))
    .orderBy(desc(payments.receivedOn), desc(payments.id))
    .limit(200);
  return rows.map(presentCardPayment);
}
