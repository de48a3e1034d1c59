import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, numeric, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { KPI_FREQUENCIES, KPI_UNITS } from '@platform/domain';
import { users } from './platform';
import { investmentOpportunities } from './opportunities';
import { isoDate, timestamps } from './columns';

/**
 * KPIs (decision 0026): definitions in categories, and one value per existing investment, KPI and
 * period. A period is stored as its first day (`period_start`); values are exact numeric(24,6).
 */

export const kpiCategories = pgTable(
  'kpi_categories',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('kpi_categories_name_unique').on(sql`lower(${t.name})`).where(sql`${t.deletedAt} is null`)],
);

export const kpis = pgTable(
  'kpis',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => kpiCategories.id),
    unit: text('unit', { enum: KPI_UNITS }).notNull(),
    frequency: text('frequency', { enum: KPI_FREQUENCIES }).notNull(),
    investorVisible: boolean('investor_visible').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('kpis_name_unique').on(sql`lower(${t.name})`).where(sql`${t.deletedAt} is null`),
    index('kpis_category_idx').on(t.categoryId),
    index('kpis_frequency_idx').on(t.frequency),
    index('kpis_created_idx').on(t.createdAt),
    check('kpis_unit', sql`${t.unit} in ('currency', 'number', 'percentage')`),
    check('kpis_frequency', sql`${t.frequency} in ('monthly', 'quarterly', 'annual')`),
  ],
);

export const kpiValues = pgTable(
  'kpi_values',
  {
    id: serial('id').primaryKey(),
    kpiId: integer('kpi_id')
      .notNull()
      .references(() => kpis.id),
    opportunityId: integer('opportunity_id')
      .notNull()
      .references(() => investmentOpportunities.id),
    periodStart: isoDate('period_start').notNull(),
    value: numeric('value', { precision: 24, scale: 6 }).notNull(),
    note: text('note'),
    createdBy: integer('created_by').references(() => users.id),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('kpi_values_period_unique').on(t.opportunityId, t.kpiId, t.periodStart).where(sql`${t.deletedAt} is null`),
    index('kpi_values_kpi_period_idx').on(t.kpiId, t.periodStart),
  ],
);
