import { sql } from 'drizzle-orm';
import { check, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { PORTFOLIO_COLUMN_OPTIONS, PORTFOLIO_STAT_NAMES, PORTFOLIO_TABLES } from '@platform/domain';

const listOf = (values: readonly (string | number)[]) => values.map((v) => (typeof v === 'number' ? String(v) : `'${v}'`)).join(', ');

/**
 * The columns staff chose for each investor portfolio table (spec §3 portfolio tables, options and
 * columns): which, in what order (positions dense per table, 0..n-1) and under what label (null
 * follows the terminology). A table without rows shows its default columns.
 */
export const portfolioTableColumns = pgTable(
  'portfolio_table_columns',
  {
    id: serial('id').primaryKey(),
    tableId: integer('table_id').notNull(),
    option: text('option').notNull(),
    position: integer('position').notNull(),
    label: text('label'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('portfolio_table_columns_option_unique').on(t.tableId, t.option),
    uniqueIndex('portfolio_table_columns_position_unique').on(t.tableId, t.position),
    check('portfolio_table_columns_table_check', sql.raw(`table_id in (${listOf(PORTFOLIO_TABLES.map((table) => table.id))})`)),
    check('portfolio_table_columns_option_check', sql.raw(`option in (${listOf(Object.keys(PORTFOLIO_COLUMN_OPTIONS))})`)),
  ],
);

/** The headline figures investors see (one row, id 1; none until staff choose, and the defaults apply). */
export const portfolioStatSettings = pgTable(
  'portfolio_stat_settings',
  {
    id: integer('id').primaryKey(),
    stats: text('stats').array().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('portfolio_stat_settings_single', sql`${t.id} = 1`),
    check('portfolio_stat_settings_stats_check', sql.raw(`stats <@ array[${listOf(PORTFOLIO_STAT_NAMES)}]::text[]`)),
  ],
);
