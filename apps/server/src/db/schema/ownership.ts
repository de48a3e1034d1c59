import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { holderColumns } from './people';
import { users } from './platform';

/**
 * Whole-ownership choices (decision 0054): an investor's saved ways of holding an investment, each
 * with its holders and their shares. At most one per investor is the default (a partial unique
 * index). A choice is the investor's preference, not a business record: deleting one removes it.
 */
export const ownershipChoices = pgTable(
  'ownership_choices',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ownership_choices_user_idx').on(t.userId),
    uniqueIndex('ownership_choices_one_default').on(t.userId).where(sql`${t.isDefault}`),
  ],
);

/** One holder of a choice, in register order, and their share in percent (numeric(7,4), exact). */
export const ownershipChoiceShares = pgTable(
  'ownership_choice_shares',
  {
    id: serial('id').primaryKey(),
    choiceId: integer('choice_id')
      .notNull()
      .references(() => ownershipChoices.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    ...holderColumns(),
    percentage: numeric('percentage', { precision: 7, scale: 4 }).notNull(),
  },
  (t) => [
    uniqueIndex('ownership_choice_shares_position').on(t.choiceId, t.position),
    index('ownership_choice_shares_organisation_idx').on(t.organisationId),
    index('ownership_choice_shares_method_entity_idx').on(t.investmentMethodEntityId),
    index('ownership_choice_shares_nominee_idx').on(t.nomineeId),
    check('ownership_choice_shares_percentage', sql`${t.percentage} > 0 and ${t.percentage} <= 100`),
    check(
      'ownership_choice_shares_holder',
      sql`case ${t.holderType}
        when 'personal' then ${t.organisationId} is null and ${t.investmentMethodEntityId} is null and ${t.nomineeId} is null
        when 'organisation' then ${t.organisationId} is not null
        when 'investment_method' then ${t.investmentMethodEntityId} is not null
        when 'nominee' then ${t.nomineeId} is not null
        else false end`,
    ),
  ],
);
