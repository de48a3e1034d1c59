import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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

/**
 * A request to a company's contact for one period's KPIs (decision 0026). `status` is what happened
 * last; a 'sent' request whose `expires_at` has passed reads as expired. `next_reminder_at` is the
 * next reminder still to go out (null once all have), claimed by the reminder tick.
 */
export const kpiRequests = pgTable(
  'kpi_requests',
  {
    id: serial('id').primaryKey(),
    opportunityId: integer('opportunity_id')
      .notNull()
      .references(() => investmentOpportunities.id),
    frequency: text('frequency', { enum: KPI_FREQUENCIES }).notNull(),
    periodStart: isoDate('period_start').notNull(),
    contactName: text('contact_name').notNull(),
    contactEmail: text('contact_email').notNull(),
    message: text('message'),
    status: text('status', { enum: ['sent', 'submitted', 'accepted', 'rejected', 'cancelled'] })
      .notNull()
      .default('sent'),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    remindersSent: integer('reminders_sent').notNull().default(0),
    nextReminderAt: timestamp('next_reminder_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    founderComment: text('founder_comment'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: integer('reviewed_by').references(() => users.id),
    rejectionReason: text('rejection_reason'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id),
    ...timestamps,
  },
  (t) => [
    index('kpi_requests_sent_idx').on(t.sentAt),
    index('kpi_requests_expires_idx').on(t.expiresAt),
    index('kpi_requests_opportunity_idx').on(t.opportunityId, t.sentAt),
    index('kpi_requests_status_idx').on(t.status, t.expiresAt),
    index('kpi_requests_reminder_idx').on(t.nextReminderAt).where(sql`${t.status} = 'sent'`),
    check('kpi_requests_status', sql`${t.status} in ('sent', 'submitted', 'accepted', 'rejected', 'cancelled')`),
    check('kpi_requests_frequency', sql`${t.frequency} in ('monthly', 'quarterly', 'annual')`),
  ],
);

/** The KPIs a request asks for, what the founder submitted and what staff accepted. */
export const kpiRequestItems = pgTable(
  'kpi_request_items',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => kpiRequests.id, { onDelete: 'cascade' }),
    kpiId: integer('kpi_id')
      .notNull()
      .references(() => kpis.id),
    submittedValue: numeric('submitted_value', { precision: 24, scale: 6 }),
    acceptedValue: numeric('accepted_value', { precision: 24, scale: 6 }),
  },
  (t) => [uniqueIndex('kpi_request_items_unique').on(t.requestId, t.kpiId), index('kpi_request_items_kpi_idx').on(t.kpiId)],
);

/**
 * The links mailed for a request, each a random token kept only as its SHA-256. The first mail and
 * every reminder carry their own link (the raw token is never stored, so a reminder cannot repeat
 * the first one); all of a request's links open the same form until it is answered or expires.
 * Resending replaces them.
 */
export const kpiRequestLinks = pgTable(
  'kpi_request_links',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => kpiRequests.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('kpi_request_links_token_unique').on(t.tokenHash), index('kpi_request_links_request_idx').on(t.requestId)],
);
