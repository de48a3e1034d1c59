import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { holderColumns } from './people';
import { investmentOpportunities, investments } from './opportunities';
import { users } from './platform';
import { isoDate, money, timestamps, units } from './columns';

/**
 * Pre-emption rounds on existing investments (DOMAIN.md step 5, docs/decisions/0013): the new
 * shares a company offers its existing holders, and each holder's entitlement and choice. The
 * entitlements are a snapshot of the holdings on the round's record date (its creation).
 */
export const preEmptionRounds = pgTable(
  'pre_emption_rounds',
  {
    id: serial('id').primaryKey(),
    opportunityId: integer('opportunity_id')
      .notNull()
      .references(() => investmentOpportunities.id),
    name: text('name').notNull(),
    pricePerShare: units('price_per_share').notNull(),
    amountAvailable: money('amount_available').notNull(),
    /** Whole shares the amount buys at the price. */
    sharesOffered: units('shares_offered').notNull(),
    /** The last day (UTC) holders may answer. */
    deadline: isoDate('deadline').notNull(),
    isOpen: boolean('is_open').notNull().default(true),
    createdBy: integer('created_by').references(() => users.id),
    ...timestamps,
  },
  (t) => [
    index('pre_emption_rounds_opportunity_idx').on(t.opportunityId, t.createdAt),
    check('pre_emption_rounds_positive', sql`${t.pricePerShare} > 0 and ${t.amountAvailable} > 0 and ${t.sharesOffered} >= 0`),
  ],
);

export const preEmptionEntitlements = pgTable(
  'pre_emption_entitlements',
  {
    id: serial('id').primaryKey(),
    roundId: integer('round_id')
      .notNull()
      .references(() => preEmptionRounds.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    ...holderColumns(),
    sharesHeld: units('shares_held').notNull(),
    entitledShares: units('entitled_shares').notNull(),
    entitledAmount: money('entitled_amount').notNull(),
    /** Spec §4 pre-emption choice: 1 dontTake, 2 maintain, 3 increase, 4 notApplicable, 5 awaiting, 6 decrease. */
    choice: integer('choice').notNull().default(5),
    requestedAmount: money('requested_amount'),
    requestedShares: units('requested_shares'),
    chosenBy: integer('chosen_by').references(() => users.id),
    chosenAt: timestamp('chosen_at', { withTimezone: true }),
    /** The follow-on investment the line's allotment became once the round closed (decision 0060). */
    investmentId: integer('investment_id').references(() => investments.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('pre_emption_entitlements_round_idx').on(t.roundId),
    index('pre_emption_entitlements_user_idx').on(t.userId, t.roundId),
    uniqueIndex('pre_emption_entitlements_investment_unique').on(t.investmentId),
    check('pre_emption_entitlements_choice', sql`${t.choice} between 1 and 6`),
    check(
      'pre_emption_entitlements_requested',
      sql`(${t.choice} in (2, 3, 6)) = (${t.requestedAmount} is not null and ${t.requestedShares} is not null)`,
    ),
  ],
);
