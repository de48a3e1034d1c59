import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { isoDate, money, timestamps } from './columns';
import { investmentOpportunities, investments } from './opportunities';
import { users } from './platform';

/**
 * The payments ledger (decision 0050): every money movement against an investment — a bank
 * transfer staff record, a card payment, "mark payment received" — with its method, state and
 * the provider's reference, unique per provider so a notification delivered twice is one row.
 * The investment's `received_amount` is the sum of its received payments, kept in the same
 * transaction. Opportunity and investor are the investment's, copied so the ledger filters
 * without joins. A membership invoice (`subscription_id`) or a fee an investor paid by card
 * (`fee_request_id`, decision 0058) has no investment: its `purpose` says what the money was for.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    investmentId: integer('investment_id').references(() => investments.id),
    opportunityId: integer('opportunity_id').references(() => investmentOpportunities.id),
    userId: integer('user_id').references(() => users.id),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    method: text('method').notNull(),
    state: text('state').notNull().default('received'),
    provider: text('provider'),
    providerReference: text('provider_reference'),
    receivedOn: isoDate('received_on').notNull(),
    note: text('note'),
    recordedBy: integer('recorded_by').references(() => users.id),
    purpose: text('purpose').notNull().default('investment'),
    subscriptionId: integer('subscription_id').references(() => membershipSubscriptions.id),
    feeRequestId: integer('fee_request_id').references(() => feeRequests.id),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('payments_provider_reference_unique').on(t.provider, t.providerReference).where(sql`${t.providerReference} is not null`),
    index('payments_investment_idx').on(t.investmentId),
    index('payments_opportunity_idx').on(t.opportunityId, t.receivedOn),
    index('payments_user_idx').on(t.userId, t.receivedOn),
    index('payments_received_on_idx').on(t.receivedOn),
    check('payments_amount_positive', sql`${t.amount} > 0`),
    check('payments_method', sql`${t.method} in ('bank_transfer', 'card', 'subscription', 'refund', 'manual')`),
    check('payments_state', sql`${t.state} in ('pending', 'received', 'failed', 'refunded')`),
    check('payments_purpose', sql`${t.purpose} in ('investment', 'fee', 'membership')`),
    index('payments_subscription_idx').on(t.subscriptionId, t.receivedOn),
    index('payments_fee_request_idx').on(t.feeRequestId),
  ],
);

/**
 * Membership plans of the network (decision 0058): what staff offer investors as a recurring card
 * payment. Amount, currency and interval are fixed once made (a new price is a new plan), so every
 * subscriber of a plan pays what it says; `active` offers it to new subscribers. The provider's
 * price is made the first time someone subscribes and kept.
 */
export const membershipPlans = pgTable(
  'membership_plans',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description'),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    interval: text('interval').notNull(),
    active: boolean('active').notNull().default(true),
    providerPriceRef: text('provider_price_ref'),
    ...timestamps,
  },
  (t) => [
    check('membership_plans_amount_positive', sql`${t.amount} > 0`),
    check('membership_plans_interval', sql`${t.interval} in ('month', 'year')`),
    uniqueIndex('membership_plans_price_unique').on(t.providerPriceRef),
  ],
);

/**
 * An investor's membership (decision 0058): the plan, the provider's subscription and customer,
 * and its state as the provider's signed notifications last told it. `provider_seen_at` is the
 * time of the newest notification applied, so an older one arriving late changes nothing; an
 * ended membership stays ended. One membership in progress per investor.
 */
export const membershipSubscriptions = pgTable(
  'membership_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    planId: integer('plan_id')
      .notNull()
      .references(() => membershipPlans.id),
    status: text('status').notNull().default('pending'),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    provider: text('provider').notNull(),
    checkoutRef: text('checkout_ref'),
    providerSubscriptionRef: text('provider_subscription_ref'),
    providerCustomerRef: text('provider_customer_ref'),
    providerSeenAt: timestamp('provider_seen_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('membership_subscriptions_open_unique').on(t.userId).where(sql`${t.status} <> 'ended'`),
    uniqueIndex('membership_subscriptions_provider_unique').on(t.provider, t.providerSubscriptionRef),
    index('membership_subscriptions_user_idx').on(t.userId, t.createdAt),
    check('membership_subscriptions_status', sql`${t.status} in ('pending', 'active', 'past_due', 'ended')`),
  ],
);

/**
 * A one-off payment staff ask of an investor (decision 0058): a membership joining fee, an
 * arrangement fee, a due-diligence fee. The investor pays it by card; the signed notification
 * records it in the ledger and marks it paid. Staff may withdraw one not yet paid.
 */
export const feeRequests = pgTable(
  'fee_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    description: text('description').notNull(),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull().default('open'),
    checkoutRef: text('checkout_ref'),
    requestedBy: integer('requested_by').references(() => users.id),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('fee_requests_user_idx').on(t.userId, t.createdAt),
    check('fee_requests_amount_positive', sql`${t.amount} > 0`),
    check('fee_requests_status', sql`${t.status} in ('open', 'paid', 'withdrawn')`),
  ],
);

/**
 * Every signed provider notification taken (decision 0058), by the provider's event id: the same
 * event delivered again finds its row and changes nothing.
 */
export const providerEvents = pgTable(
  'provider_events',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    eventRef: text('event_ref').notNull(),
    type: text('type').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('provider_events_unique').on(t.provider, t.eventRef), index('provider_events_received_idx').on(t.receivedAt)],
);

/**
 * Bank statements staff upload (decision 0055): the file's name and format, who uploaded it, and
 * what it held beyond its credit lines (debits, and lines imported before, both skipped).
 */
export const bankStatements = pgTable('bank_statements', {
  id: serial('id').primaryKey(),
  filename: text('filename').notNull(),
  format: text('format').notNull(),
  account: text('account'),
  debitsSkipped: integer('debits_skipped').notNull().default(0),
  duplicatesSkipped: integer('duplicates_skipped').notNull().default(0),
  uploadedBy: integer('uploaded_by').references(() => users.id),
  ...timestamps,
});

/**
 * One credit on a statement and what it was matched to: paid automatically by its reference
 * (`matched`), a cash call offered for a click (`suggested`), nothing (`unmatched`), or set aside
 * (`ignored`). A line is paid once: its payment is unique in the ledger (provider `bank_statement`,
 * the line's id as reference) and the line's `payment_id`. The fingerprint (account, day, amount,
 * reference and its occurrence in the file) is unique, so the same line imported again is skipped.
 */
export const bankStatementLines = pgTable(
  'bank_statement_lines',
  {
    id: serial('id').primaryKey(),
    statementId: integer('statement_id')
      .notNull()
      .references(() => bankStatements.id, { onDelete: 'cascade' }),
    /** The line (CSV, XML) or transaction number in the file, for people to find it. */
    position: integer('position').notNull(),
    bookedOn: isoDate('booked_on').notNull(),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    reference: text('reference').notNull().default(''),
    /** A payment reference found in `reference` (upper case), matched exactly to a cash call's. */
    referenceKey: text('reference_key'),
    payerName: text('payer_name').notNull().default(''),
    account: text('account'),
    fingerprint: text('fingerprint').notNull(),
    status: text('status').notNull(),
    matchKind: text('match_kind'),
    investmentId: integer('investment_id').references(() => investments.id),
    paymentId: integer('payment_id').references(() => payments.id),
    resolvedBy: integer('resolved_by').references(() => users.id),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('bank_statement_lines_fingerprint_unique').on(t.fingerprint),
    uniqueIndex('bank_statement_lines_payment_unique').on(t.paymentId),
    index('bank_statement_lines_statement_idx').on(t.statementId, t.position),
    index('bank_statement_lines_investment_idx').on(t.investmentId),
    /** The credits still to resolve, across statements (decision 0055). */
    index('bank_statement_lines_unresolved_idx').on(t.statementId, t.position).where(sql`${t.status} in ('suggested', 'unmatched')`),
    check('bank_statement_lines_amount_positive', sql`${t.amount} > 0`),
    check('bank_statement_lines_status', sql`${t.status} in ('matched', 'suggested', 'unmatched', 'ignored')`),
    check('bank_statement_lines_match_kind', sql`${t.matchKind} in ('reference', 'amount_and_name', 'staff')`),
  ],
);

/**
 * Reminders of an unpaid cash call sent to its investor (decisions 0055, 0061): one per scheduled stage
 * and investment (unique, so a retried tick never sends a stage twice), and any number sent by hand.
 */
export const cashCallReminders = pgTable(
  'cash_call_reminders',
  {
    id: serial('id').primaryKey(),
    investmentId: integer('investment_id')
      .notNull()
      .references(() => investments.id),
    stage: text('stage').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    sentBy: integer('sent_by').references(() => users.id),
  },
  (t) => [
    uniqueIndex('cash_call_reminders_stage_unique').on(t.investmentId, t.stage).where(sql`${t.stage} <> 'manual'`),
    index('cash_call_reminders_investment_idx').on(t.investmentId, t.sentAt),
    check('cash_call_reminders_stage', sql`${t.stage} ~ '^((before|after):[1-9][0-9]*|due|manual)$'`),
  ],
);
