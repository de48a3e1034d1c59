import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { money } from './columns';
import { pipelineDeals } from './deals-funds';
import { users } from './platform';
import { clientGroups } from './update-reports';

/**
 * Soft-circling a pipeline deal before it launches (decision 0062): staff place the deal with
 * investors, who state a non-binding intent under the current intent terms.
 */

/** A deal placed with investors; one live placement per deal, withdrawn rather than deleted. */
export const dealPlacements = pgTable(
  'deal_placements',
  {
    id: serial('id').primaryKey(),
    dealId: integer('deal_id')
      .notNull()
      .references(() => pipelineDeals.id),
    /** Sanitised rich text the placed investors read. */
    teaser: text('teaser').notNull(),
    /** The deal held inside information when placed: investors accept the market sounding first. */
    insideInformation: boolean('inside_information').notNull().default(false),
    placedBy: integer('placed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    withdrawnBy: integer('withdrawn_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('deal_placements_live_deal_unique').on(t.dealId).where(sql`${t.withdrawnAt} is null`)],
);

/** An investor a placement reaches: chosen directly (no group) or as a member of a client group when placed. */
export const dealPlacementRecipients = pgTable(
  'deal_placement_recipients',
  {
    id: serial('id').primaryKey(),
    placementId: integer('placement_id')
      .notNull()
      .references(() => dealPlacements.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    clientGroupId: integer('client_group_id').references(() => clientGroups.id),
    /** When the investor accepted the market sounding of an inside-information placement. */
    marketSoundingAcceptedAt: timestamp('market_sounding_accepted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('deal_placement_recipients_unique').on(t.placementId, t.userId),
    index('deal_placement_recipients_user_idx').on(t.userId),
  ],
);

/** The non-binding terms investors accept before stating interest; versions are only added. */
export const intentTerms = pgTable(
  'intent_terms',
  {
    id: serial('id').primaryKey(),
    version: integer('version').notNull(),
    /** Sanitised rich text. */
    body: text('body').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('intent_terms_version_unique').on(t.version), check('intent_terms_version_check', sql`${t.version} >= 1`)],
);

/** An investor's current answer to a placed deal: one per investor and deal; changes are in the activity log. */
export const intents = pgTable(
  'intents',
  {
    id: serial('id').primaryKey(),
    dealId: integer('deal_id')
      .notNull()
      .references(() => pipelineDeals.id),
    placementId: integer('placement_id')
      .notNull()
      .references(() => dealPlacements.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** finance_in_place | no_finance_in_place | not_interested (spec §4). */
    option: text('option').notNull(),
    /** Indicative amount, in the deal's currency; null when not interested. */
    amount: money('amount'),
    intentTermsId: integer('intent_terms_id').references(() => intentTerms.id),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('intents_deal_user_unique').on(t.dealId, t.userId),
    index('intents_placement_idx').on(t.placementId),
    check('intents_option_check', sql`${t.option} in ('finance_in_place', 'no_finance_in_place', 'not_interested')`),
    check(
      'intents_amount_check',
      sql`(${t.option} = 'not_interested' and ${t.amount} is null) or (${t.option} <> 'not_interested' and ${t.amount} > 0 and ${t.intentTermsId} is not null)`,
    ),
  ],
);
