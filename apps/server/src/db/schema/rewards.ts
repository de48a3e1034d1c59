import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { money, timestamps } from './columns';
import { investmentOpportunities } from './opportunities';
import { users } from './platform';

/**
 * Investor perks (spec §3 "rewards", decision 0063): what an opportunity's company offers its
 * investors, one row per tier. An investor qualifies for every tier whose `min_amount` their paid
 * and completed investments in the opportunity reach. Deleting a perk stamps `deleted_at`.
 */
export const rewards = pgTable(
  'rewards',
  {
    id: serial('id').primaryKey(),
    opportunityId: integer('opportunity_id')
      .notNull()
      .references(() => investmentOpportunities.id),
    minAmount: money('min_amount').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    howToClaim: text('how_to_claim'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('rewards_opportunity_idx').on(t.opportunityId, t.minAmount), check('rewards_min_amount_check', sql`${t.minAmount} >= 0`)],
);
