import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { isoDate, money, timestamps } from './columns';
import { investmentOpportunities, investments } from './opportunities';
import { users } from './platform';

/**
 * The payments ledger (decision 0050): every money movement against an investment — a bank
 * transfer staff record, a card payment, "mark payment received" — with its method, state and
 * the provider's reference, unique per provider so a notification delivered twice is one row.
 * The investment's `received_amount` is the sum of its received payments, kept in the same
 * transaction. Opportunity and investor are the investment's, copied so the ledger filters
 * without joins.
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
  ],
);
