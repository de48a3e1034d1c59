import { and, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  FEE_REQUEST_STATUS_LABELS,
  formatMoney,
  fromMinorUnits,
  type createFeeRequestBody,
  type FeeRequest,
  type FeeRequestStatus,
} from '@platform/domain';
import type { Db } from '../../db/client';
import { feeRequests, users } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { utcDate } from '../../platform/clock';
import { notFound, validationError } from '../../platform/errors';
import { recordCardPayment } from './card-ledger';
import type { Told } from './memberships';
import type { Checkout, PaymentProvider, ProviderEvent } from './provider';
import { assertLiveInvestor } from '../../shared/live-investor';
import { escapeHtml } from '../../platform/html';

type FeeRequestRow = typeof feeRequests.$inferSelect;
const requester = alias(users, 'requester');

function presentFeeRequest(row: FeeRequestRow, requesterName: string | null): FeeRequest {
  const status = row.status as FeeRequestStatus;
  return {
    id: row.id,
    user_id: row.userId,
    description: row.description,
    amount: row.amount,
    currency: row.currency,
    status,
    status_label: FEE_REQUEST_STATUS_LABELS[status],
    requested_by: row.requestedBy !== null && requesterName !== null ? { id: row.requestedBy, name: requesterName } : null,
    paid_at: row.paidAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** An investor's fee requests, open first then newest. */
export async function feeRequestsOf(db: Db, userId: number, id?: number): Promise<FeeRequest[]> {
  const rows = await db
    .select({ fee: feeRequests, requesterName: requester.name })
    .from(feeRequests)
    .leftJoin(requester, eq(requester.id, feeRequests.requestedBy))
    .where(and(eq(feeRequests.userId, userId), id ? eq(feeRequests.id, id) : undefined))
    .orderBy(desc(eq(feeRequests.status, 'open')), desc(feeRequests.id));
  return rows.map((r) => presentFeeRequest(r.fee, r.requesterName));
}

async function oneFeeRequest(db: Db, userId: number, id: number): Promise<FeeRequest> {
  const [fee] = await feeRequestsOf(db, userId, id);
  if (!fee) throw notFound('fee request');
  return fee;
}

/** Staff ask an investor for a one-off payment; the investor is told and pays it by card. */
export async function requestFee(
  db: Db,
  input: z.output<typeof createFeeRequestBody>,
  staffId: number,
  now: Date,
  request: FastifyRequest,
): Promise<FeeRequest> {
  const userId = await assertLiveInvestor(db, input.user_id).catch(() => {
    throw validationError({ user_id: ['Choose an investor.'] });
  });
  const row = await db.transaction(async (tx) => {
    const [fee] = await tx
      .insert(feeRequests)
      .values({
        userId,
        description: input.description,
        amount: input.amount,
        currency: input.currency,
        requestedBy: staffId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await recordActivity(tx, {
      request,
      action: 'fee_requested',
      subjectType: 'fee_request',
      subjectId: fee.id,
      after: { user_id: fee.userId, description: fee.description, amount: formatMoney({ amount: fee.amount, currency: fee.currency }) },
    });
    return fee;
  });
  return oneFeeRequest(db, row.userId, row.id);
}

/** Staff withdraw a request not yet paid. */
export async function withdrawFee(db: Db, id: number, now: Date, request: FastifyRequest): Promise<FeeRequest> {
  const row = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(feeRequests).where(eq(feeRequests.id, id)).for('update');
    if (!before) throw notFound('fee request');
    if (before.status !== 'open') throw validationError({ status: ['Only a fee not yet paid can be withdrawn.'] });
    await tx.update(feeRequests).set({ status: 'withdrawn', updatedAt: now }).where(eq(feeRequests.id, id));
    await recordActivity(tx, {
      request,
      action: 'fee_withdrawn',
      subjectType: 'fee_request',
      subjectId: id,
      before: { status: 'open' },
      after: { status: 'withdrawn' },
    });
    return before;
  });
  return oneFeeRequest(db, row.userId, id);
}

/** The investor opens the provider's checkout for one of their own open fees (another's is a 404). */
export async function checkoutFee(
  db: Db,
  provider: PaymentProvider,
  input: { userId: number; email: string; id: number; appUrl: string; now: Date },
): Promise<Checkout> {
  const [fee] = await db
    .select()
    .from(feeRequests)
    .where(and(eq(feeRequests.id, input.id), eq(feeRequests.userId, input.userId)));
  if (!fee) throw notFound('fee request');
  if (fee.status !== 'open')
    throw validationError({ status: [`This fee is ${FEE_REQUEST_STATUS_LABELS[fee.status as FeeRequestStatus].toLowerCase()}.`] });
  const back = `${input.appUrl}/investor/profile/subscription`;
  const checkout = await provider.startCheckout({
    for: 'fee_request',
    id: fee.id,
    amount: fee.amount,
    currency: fee.currency,
    description: fee.description,
    customerEmail: input.email,
    successUrl: `${back}?payment=done`,
    cancelUrl: `${back}?payment=cancelled`,
  });
  await db.update(feeRequests).set({ checkoutRef: checkout.reference, updatedAt: input.now }).where(eq(feeRequests.id, fee.id));
  return checkout;
}

/**
 * A signed paid checkout of a fee, in the caller's transaction: recorded in the ledger as it came
 * when it is the checkout we opened for that fee in its currency, and the fee marked paid.
 * Returns whom to tell, or null when it matched nothing (logged by the caller).
 */
export async function applyPaidFee(
  tx: Db,
  provider: string,
  paid: Extract<ProviderEvent, { kind: 'checkout_paid' }>,
  now: Date,
): Promise<Told | undefined | null> {
  const [fee] = await tx
    .select()
    .from(feeRequests)
    .where(and(eq(feeRequests.id, paid.id), eq(feeRequests.checkoutRef, paid.reference)))
    .for('update');
  if (!fee || fee.currency !== paid.currency || paid.amountMinor <= 0) return null;
  const amount = fromMinorUnits(paid.amountMinor);
  const payment = await recordCardPayment(tx, {
    userId: fee.userId,
    purpose: 'fee',
    feeRequestId: fee.id,
    amount,
    currency: paid.currency,
    state: 'received',
    provider,
    providerReference: paid.reference,
    receivedOn: utcDate(now),
    note: fee.description,
    now,
  });
  if (!payment) return undefined;
  await tx.update(feeRequests).set({ status: 'paid', paidAt: now, updatedAt: now }).where(eq(feeRequests.id, fee.id));
  await recordActivity(tx, {
    actorId: null,
    action: 'fee_paid_by_card',
    subjectType: 'fee_request',
    subjectId: fee.id,
    before: { status: fee.status },
    after: { status: 'paid', payment: { id: payment.id, amount: formatMoney({ amount, currency: paid.currency }) } },
  });
  return {
    userId: fee.userId,
    message: `We have received your card payment of <strong>${formatMoney({ amount, currency: paid.currency })}</strong> for ${escapeHtml(fee.description)}.`,
    cta: '/investor/profile/subscription',
  };
}
