import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './platform';
import { timestamps } from './columns';

/**
 * Custom attributes (Settings → Custom Attributes): fields a deployment defines for investors
 * ('user') or contacts ('contact'), and their values per record. A value is JSON: text, an exact
 * decimal as text, a YYYY-MM-DD date, an option or a list of options, or true/false — checked by
 * `checkAttributeValue` in the domain package before it is written.
 */
export const attributes = pgTable(
  'attributes',
  {
    id: serial('id').primaryKey(),
    subjectType: text('subject_type').notNull(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    options: jsonb('options').$type<string[]>().notNull().default([]),
    mode: text('mode').notNull().default('editable'),
    description: text('description'),
    position: integer('position').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('attributes_subject_name_unique').on(t.subjectType, sql`lower(${t.name})`).where(sql`${t.deletedAt} is null`),
    index('attributes_subject_position_idx').on(t.subjectType, t.position),
    check('attributes_subject_type', sql`${t.subjectType} in ('user', 'contact')`),
    check('attributes_type', sql`${t.type} in ('text', 'number', 'date', 'select', 'multi_select', 'boolean')`),
    check('attributes_mode', sql`${t.mode} in ('editable', 'locked')`),
  ],
);

export const attributeValues = pgTable(
  'attribute_values',
  {
    id: serial('id').primaryKey(),
    attributeId: integer('attribute_id')
      .notNull()
      .references(() => attributes.id),
    subjectType: text('subject_type').notNull(),
    subjectId: integer('subject_id').notNull(),
    /**
     * The value as JSON text, written and read by the attributes service only. (Text, not jsonb:
     * the embedded driver stores a top-level JSON string such as "25000.50" as a number.) null:
     * cleared — the row stays, and the activity log holds the history.
     */
    value: text('value'),
    updatedBy: integer('updated_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('attribute_values_unique').on(t.attributeId, t.subjectType, t.subjectId),
    index('attribute_values_subject_idx').on(t.subjectType, t.subjectId),
  ],
);
