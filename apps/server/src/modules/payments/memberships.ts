import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  type createMembershipPlanBody,
  formatMoney,
  fromMinorUnits,
  MEMBERSHIP_INTERVAL_LABELS,
  MEMBERSHIP_STATUS_LABELS,
  type Membership,
  type MembershipInterval,
  type MembershipPlan,
  type MembershipStatus,
  type updateMembershipPlanBody,
} from '@platform/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { membershipPlans, membershipSubscriptions } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { utcDate } from '../../platform/clock';
import { notFound, validationError } from '../../platform/errors';
import { recordCardPayment } from './card-ledger';
import type { PaymentProvider, ProviderEvent } from './provider';

export type PlanRow = typeof membershipPlans.$inferSelect;
export type MembershipRow = typeof membershipSubscriptions.$inferSelect;
type CreateMembershipPlan = z.output<typeof createMembershipPlanBody>;
type UpdateMembershipPlan = z.output<typeof updateMembershipPlanBody>;

/** How many investors are members on a plan now (paid up or retrying a payment). */
const subscribers = sql<number>`(select count(*)::int from ${membershipSubscriptions} where ${membershipSubscriptions.planId} = ${membershipPlans.id} and ${membershipSubscriptions.status} in ('active', 'past_due'))`;

export function presentPlan(plan: PlanRow, subscriberCount = 0): MembershipPlan {
  const interval = plan.interval as MembershipInterval;
  return {
    id: plan.id,
    name: plan.name,
    description: plan.description,
    amount: plan.amount,
    currency: plan.currency as MembershipPlan['currency'],
    interval,
    interval_label: MEMBERSHIP_INTERVAL_LABELS[interval],
    active: plan.active,
    subscribers: Number(subscriberCount),
  };
}

/** Every plan (staff) or the plans on offer (investors), cheapest first. */
export async function listPlans(db: Db, onlyActive: boolean): Promise<MembershipPlan[]> {
  const rows = await db
    .select({ plan: membershipPlans, subscribers })
    .from(membershipPlans)
    .where(onlyActive ? eq(membershipPlans.active, true) : undefined)
    .orderBy(desc(membershipPlans.active), asc(membershipPlans.amount), asc(membershipPlans.id));
  return rows.map((r) => presentPlan(r.plan, r.subscribers));
}

export async function findPlan(db: Db, id: number): Promise<MembershipPlan> {
  const [row] = await db.select({ plan: membershipPlans, subscribers }).from(membershipPlans).where(eq(membershipPlans.id, id));
  if (!row) throw notFound('membership plan');
  return presentPlan(row.plan, row.subscribers);
}

export function presentMembership(row: MembershipRow, plan: PlanRow): Membership {
  const status = row.status as MembershipStatus;
  const renews = (status === 'active' || status === 'past_due') && !row.cancelAtPeriodEnd && row.currentPeriodEnd;
  return {
    id: row.id,
    plan: presentPlan(plan),
    status,
    status_label: row.cancelAtPeriodEnd && status !== 'ended' ? 'Ends at period end' : MEMBERSHIP_STATUS_LABELS[status],
    cancel_at_period_end: row.cancelAtPeriodEnd,
    current_period_end: row.currentPeriodEnd?.toISOString() ?? null,
    next_payment: renews ? { on: row.currentPeriodEnd!.toISOString(), amount: plan.amount, currency: plan.currency } : null,
    started_at: row.createdAt.toISOString(),
    ended_at: row.endedAt?.toISOString() ?? null,
  };
}

/** Staff add a plan; its price and interval stay as made. */
export async function createPlan(db: Db, input: CreateMembershipPlan, now: Date, request: FastifyRequest): Promise<MembershipPlan> {
  return db.transaction(async (tx) => {
    const [plan] = await tx
      .insert(membershipPlans)
      .values({ ...input, description: input.description ?? null, createdAt: now, updatedAt: now })
      .returning();
    await recordActivity(tx, {
      request,
      action: 'membership_plan_created',
      subjectType: 'membership_plan',
      subjectId: plan.id,
      after: input,
    });
    return presentPlan(plan);
  });
}

/** Staff reword a plan or take it off (or back on) offer; its members keep it either way. */
export async function updatePlan(db: Db, id: number, input: UpdateMembershipPlan, now: Date, request: FastifyRequest) {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(membershipPlans).where(eq(membershipPlans.id, id)).for('update');
    if (!before) throw notFound('membership plan');
    await tx
      .update(membershipPlans)
      .set({ ...input, updatedAt: now })
      .where(eq(membershipPlans.id, id));
    await recordActivity(tx, {
      request,
      action: 'membership_plan_updated',
      subjectType: 'membership_plan',
      subjectId: id,
      before: { name: before.name, description: before.description, active: before.active },
      after: input,
    });
  });
  return findPlan(db, id);
}

/** The investor's membership: the one in progress, else the last that ended; null if never a member. */
export async function latestMembership(db: Db, userId: number): Promise<{ row: MembershipRow; plan: PlanRow } | null> {
  const [found] = await db
    .select({ row: membershipSubscriptions, plan: membershipPlans })
    .from(membershipSubscriptions)
    .innerJoin(membershipPlans, eq(membershipPlans.id, membershipSubscriptions.planId))
    .where(eq(membershipSubscriptions.userId, userId))
    .orderBy(sql`${membershipSubscriptions.status} = 'ended'`, desc(membershipSubscriptions.id))
    .limit(1);
  return found ?? null;
}

/** The membership in progress, locked for the caller's transaction. */
async function openMembershipForUpdate(tx: Db, userId: number): Promise<MembershipRow | undefined> {
  const [row] = await tx
    .select()
    .from(membershipSubscriptions)
    .where(and(eq(membershipSubscriptions.userId, userId), ne(membershipSubscriptions.status, 'ended')))
    .for('update');
  return row;
}

/** A plan an investor may choose: on offer, with the provider's price made the first time it is chosen. */
async function offeredPlanWithPrice(db: Db, provider: PaymentProvider, planId: number): Promise<PlanRow & { providerPriceRef: string }> {
  const [plan] = await db.select().from(membershipPlans).where(eq(membershipPlans.id, planId));
  if (!plan?.active) throw validationError({ plan_id: ['Choose one of the plans on offer.'] });
  if (plan.providerPriceRef) return { ...plan, providerPriceRef: plan.providerPriceRef };
  const priceRef = await provider.createPlanPrice({ ...plan, interval: plan.interval as MembershipInterval });
  await db.update(membershipPlans).set({ providerPriceRef: priceRef }).where(eq(membershipPlans.id, plan.id));
  return { ...plan, providerPriceRef: priceRef };
}

/**
 * The investor starts a membership: a pending one is made (or an abandoned checkout's reused with
 * the plan now chosen) and the provider's hosted checkout opened for it.
 */
export async function startMembership(
  db: Db,
  provider: PaymentProvider,
  input: { userId: number; email: string; planId: number; appUrl: string; now: Date; request: FastifyRequest },
) {
  const plan = await offeredPlanWithPrice(db, provider, input.planId);
  const membership = await db.transaction(async (tx) => {
    const open = await openMembershipForUpdate(tx, input.userId);
    if (open && open.status !== 'pending') throw validationError({ plan_id: ['You are already a member: change your plan instead.'] });
    const [row] = open
      ? await tx
          .update(membershipSubscriptions)
          .set({ planId: plan.id, updatedAt: input.now })
          .where(eq(membershipSubscriptions.id, open.id))
          .returning()
      : await tx
          .insert(membershipSubscriptions)
          .values({ userId: input.userId, planId: plan.id, provider: provider.name, createdAt: input.now, updatedAt: input.now })
          .returning();
    return row;
  });
  const back = `${input.appUrl}/investor/profile/subscription`;
  const checkout = await provider.startMembership({
    membershipId: membership.id,
    planId: plan.id,
    priceRef: plan.providerPriceRef,
    customerEmail: input.email,
    successUrl: `${back}?payment=done`,
    cancelUrl: `${back}?payment=cancelled`,
  });
  await db.transaction(async (tx) => {
    await tx.update(membershipSubscriptions).set({ checkoutRef: checkout.reference }).where(eq(membershipSubscriptions.id, membership.id));
    await recordActivity(tx, {
      request: input.request,
      action: 'membership_checkout_started',
      subjectType: 'membership',
      subjectId: membership.id,
      after: { plan: plan.name, checkout: checkout.reference },
    });
  });
  return checkout;
}

/** The investor's paid-up membership, or a 422 naming why it cannot be changed. */
async function liveMembership(tx: Db, userId: number): Promise<MembershipRow & { providerSubscriptionRef: string }> {
  const open = await openMembershipForUpdate(tx, userId);
  if (!open || open.status === 'pending' || !open.providerSubscriptionRef)
    throw validationError({ plan_id: ['You have no membership to change yet: start one first.'] });
  return { ...open, providerSubscriptionRef: open.providerSubscriptionRef };
}

/** Moves the membership to another plan at the provider (prorated) and here; a cancellation pending is withdrawn. */
export async function changeMembershipPlan(
  db: Db,
  provider: PaymentProvider,
  input: { userId: number; planId: number; now: Date; request: FastifyRequest },
) {
  const plan = await offeredPlanWithPrice(db, provider, input.planId);
  await db.transaction(async (tx) => {
    const live = await liveMembership(tx, input.userId);
    if (live.planId === plan.id && !live.cancelAtPeriodEnd) throw validationError({ plan_id: ['You are already on this plan.'] });
    await provider.changeMembershipPrice(live.providerSubscriptionRef, plan.providerPriceRef);
    await tx
      .update(membershipSubscriptions)
      .set({ planId: plan.id, cancelAtPeriodEnd: false, updatedAt: input.now })
      .where(eq(membershipSubscriptions.id, live.id));
    await recordActivity(tx, {
      request: input.request,
      action: 'membership_plan_changed',
      subjectType: 'membership',
      subjectId: live.id,
      before: { plan_id: live.planId, cancel_at_period_end: live.cancelAtPeriodEnd },
      after: { plan_id: plan.id, cancel_at_period_end: false },
    });
  });
}

/** Cancels at the end of the period paid for: the membership stays active until the provider ends it. */
export async function cancelMembership(db: Db, provider: PaymentProvider, input: { userId: number; now: Date; request: FastifyRequest }) {
  await db.transaction(async (tx) => {
    const live = await liveMembership(tx, input.userId).catch(() => {
      throw validationError({ status: ['You have no membership to cancel.'] });
    });
    if (live.cancelAtPeriodEnd) throw validationError({ status: ['Your membership already ends at the end of this period.'] });
    await provider.cancelMembershipAtPeriodEnd(live.providerSubscriptionRef);
    await tx
      .update(membershipSubscriptions)
      .set({ cancelAtPeriodEnd: true, updatedAt: input.now })
      .where(eq(membershipSubscriptions.id, live.id));
    await recordActivity(tx, {
      request: input.request,
      action: 'membership_cancelled',
      subjectType: 'membership',
      subjectId: live.id,
      before: { cancel_at_period_end: false },
      after: { cancel_at_period_end: true },
    });
  });
}

type MembershipEvent = Extract<ProviderEvent, { kind: 'membership_checkout' | 'membership_invoice' | 'membership_changed' }>;

/** The membership an event is about: by the id we gave the provider, else by the provider's subscription. */
async function membershipOfEvent(tx: Db, provider: string, event: MembershipEvent): Promise<MembershipRow | undefined> {
  const byId = event.membershipId
    ? and(eq(membershipSubscriptions.id, event.membershipId), eq(membershipSubscriptions.provider, provider))
    : undefined;
  const [row] = await tx
    .select()
    .from(membershipSubscriptions)
    .where(
      byId ??
        and(eq(membershipSubscriptions.provider, provider), eq(membershipSubscriptions.providerSubscriptionRef, event.subscriptionRef)),
    )
    .for('update');
  // A subscription already linked to another of the provider's subscriptions is not this one.
  if (row?.providerSubscriptionRef && row.providerSubscriptionRef !== event.subscriptionRef) return undefined;
  return row;
}

/** Whom to tell of an event applied, and what. */
export interface Told {
  userId: number;
  message: string;
  cta?: string;
}

/**
 * Applies one signed membership event in the caller's transaction, whatever order events come in:
 * money goes to the ledger whenever it is told (unique by invoice); the state moves only with an
 * event newer than the last applied, and an ended membership stays ended. Returns what to tell
 * the investor, if anything; null when the event is about no membership of ours.
 */
export async function applyMembershipEvent(tx: Db, provider: string, event: MembershipEvent, now: Date): Promise<Told | undefined | null> {
  const row = await membershipOfEvent(tx, provider, event);
  if (!row) return null;
  const newer = !row.providerSeenAt || event.createdAt >= row.providerSeenAt;
  const changes: Partial<MembershipRow> = {
    providerSubscriptionRef: event.subscriptionRef,
    ...(event.kind === 'membership_checkout' && event.customerRef ? { providerCustomerRef: event.customerRef } : {}),
  };
  let told: Told | undefined;
  if (event.kind === 'membership_invoice') {
    const [plan] = await tx.select().from(membershipPlans).where(eq(membershipPlans.id, row.planId));
    const amount = fromMinorUnits(event.amountMinor);
    const payment =
      event.amountMinor > 0
        ? await recordCardPayment(tx, {
            userId: row.userId,
            purpose: 'membership',
            subscriptionId: row.id,
            amount,
            currency: event.currency,
            state: event.paid ? 'received' : 'failed',
            provider,
            providerReference: event.invoiceRef,
            receivedOn: utcDate(event.createdAt),
            note: plan.name,
            now,
          })
        : undefined;
    if (payment) {
      const money = formatMoney({ amount, currency: event.currency });
      told = {
        userId: row.userId,
        message: event.paid
          ? `We have received your membership payment of <strong>${money}</strong>.`
          : `Your membership payment of <strong>${money}</strong> did not go through. Please check your card.`,
        cta: '/investor/profile/subscription',
      };
    }
  }
  const status = nextStatus(row, event);
  if (newer && row.status !== 'ended') {
    Object.assign(changes, { providerSeenAt: event.createdAt }, status ? { status } : {});
    if (status === 'ended') changes.endedAt = event.createdAt;
    if (event.kind === 'membership_changed') {
      changes.cancelAtPeriodEnd = event.cancelAtPeriodEnd;
      if (event.currentPeriodEnd) changes.currentPeriodEnd = event.currentPeriodEnd;
      const [plan] = event.priceRef
        ? await tx.select().from(membershipPlans).where(eq(membershipPlans.providerPriceRef, event.priceRef))
        : [];
      if (plan) changes.planId = plan.id;
    }
  }
  const [after] = await tx
    .update(membershipSubscriptions)
    .set({ ...changes, updatedAt: now })
    .where(eq(membershipSubscriptions.id, row.id))
    .returning();
  if (after.status !== row.status || after.planId !== row.planId || after.cancelAtPeriodEnd !== row.cancelAtPeriodEnd)
    await recordActivity(tx, {
      actorId: null,
      action: after.status === 'ended' ? 'membership_ended' : 'membership_updated',
      subjectType: 'membership',
      subjectId: row.id,
      before: { status: row.status, plan_id: row.planId, cancel_at_period_end: row.cancelAtPeriodEnd },
      after: { status: after.status, plan_id: after.planId, cancel_at_period_end: after.cancelAtPeriodEnd, event: event.type },
    });
  return told;
}

/** The state an event says the membership is in, if it says one. */
function nextStatus(row: MembershipRow, event: MembershipEvent): MembershipStatus | null {
  switch (event.kind) {
    case 'membership_checkout':
      return row.status === 'pending' ? 'active' : null;
    case 'membership_invoice':
      return event.paid ? 'active' : 'past_due';
    case 'membership_changed':
      return event.status;
  }
}
