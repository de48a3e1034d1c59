import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { investmentOpportunities, investments } from './opportunities';
import { users } from './platform';

/**
 * The investment terms of an opportunity, one row per version (spec §3 "term conditions", decision
 * 0053). The highest version is the current one. A version nobody accepted may still be corrected;
 * once an investor accepted it, it never changes (a trigger refuses the update).
 */
export const termConditions = pgTable(
  'term_conditions',
  {
    id: serial('id').primaryKey(),
    opportunityId: integer('opportunity_id')
      .notNull()
      .references(() => investmentOpportunities.id),
    version: integer('version').notNull(),
    /** Sanitised rich text. */
    body: text('body').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('term_conditions_opportunity_version_unique').on(t.opportunityId, t.version),
    check('term_conditions_version_check', sql`${t.version} >= 1`),
  ],
);

/**
 * An investor's acceptance of one version of an opportunity's terms for one investment: who, when
 * and from where. Rows are only added; the investment's `terms_version` and `terms_accepted_at` are
 * the latest of them, written in the same transaction.
 */
export const termConditionAcceptances = pgTable(
  'term_condition_acceptances',
  {
    id: serial('id').primaryKey(),
    termConditionId: integer('term_condition_id')
      .notNull()
      .references(() => termConditions.id),
    investmentId: integer('investment_id')
      .notNull()
      .references(() => investments.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    ip: text('ip'),
    userAgent: text('user_agent'),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('term_condition_acceptances_unique').on(t.investmentId, t.termConditionId),
    index('term_condition_acceptances_term_idx').on(t.termConditionId),
    index('term_condition_acceptances_user_idx').on(t.userId, t.acceptedAt),
  ],
);
