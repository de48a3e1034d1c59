import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { LOOKUP_LIST_NAMES } from '@platform/domain';

/**
 * The lookup lists of spec §2.2 settings (decision 0027): industries, investment types, sub-types
 * (each under a type) and round types, one row per entry. Records keep the entry's name in their
 * text columns; a retired entry stays on the records that hold it and is no longer offered.
 * Positions are dense per list, 0..n-1.
 */
export const lookupValues = pgTable(
  'lookup_values',
  {
    id: serial('id').primaryKey(),
    list: text('list').notNull(),
    name: text('name').notNull(),
    /** Sub-types: the investment type they belong to (null only for sub-types migrated without one). */
    parentId: integer('parent_id').references((): AnyPgColumn => lookupValues.id),
    position: integer('position').notNull(),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('lookup_values_list_name_unique').on(t.list, t.name),
    index('lookup_values_list_position_idx').on(t.list, t.position),
    index('lookup_values_parent_idx').on(t.parentId),
    check('lookup_values_list_check', sql.raw(`list in (${LOOKUP_LIST_NAMES.map((n) => `'${n}'`).join(', ')})`)),
  ],
);
