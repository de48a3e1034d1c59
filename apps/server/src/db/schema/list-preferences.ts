import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './platform';

/**
 * What a member of staff keeps about a staff list (decision 0039): the columns they hid and the
 * order they put them in, one row per person and list.
 */
export const listPreferences = pgTable(
  'list_preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    list: text('list').notNull(),
    hidden: jsonb('hidden').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    order: jsonb('order').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.list] })],
);

/**
 * A saved view of a staff list: a named URL state (filters and sort) and, optionally, the columns
 * hidden with it. Private to its owner unless shared with every member of staff who may open the
 * list; only the owner renames, changes or deletes it.
 */
export const savedViews = pgTable(
  'saved_views',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    list: text('list').notNull(),
    name: text('name').notNull(),
    state: jsonb('state').$type<Record<string, string | number>>().notNull(),
    hiddenColumns: jsonb('hidden_columns').$type<string[] | null>(),
    shared: boolean('shared').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('saved_views_user_list_name_unique').on(t.userId, t.list, sql`lower(${t.name})`),
    index('saved_views_list_shared_idx').on(t.list).where(sql`${t.shared}`),
  ],
);
