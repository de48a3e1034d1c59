import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { funds } from './deals-funds';
import { investmentOpportunities } from './opportunities';
import { users } from './platform';
import { timestamps } from './columns';

/**
 * Update reports — investor news (spec §2.2, §2.3; decision 0024). An update is written as a draft
 * (status 1) and published (status 2) now or at `publish_at`; publishing fixes its audience as rows
 * of `update_report_recipients`, which also record when each investor opened it. Investors ask
 * questions on an update; staff answer privately or to the whole audience.
 */

/** Report types and their sub-types (a sub-type has a parent): settings-managed lists. */
export const reportTypes = pgTable(
  'report_types',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id'),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    ...timestamps,
  },
  (t) => [index('report_types_parent_idx').on(t.parentId, t.position)],
);

/** Named groups of investors kept by staff, to address updates to. */
export const clientGroups = pgTable(
  'client_groups',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description'),
    ...timestamps,
  },
  (t) => [index('client_groups_name_idx').on(t.name), index('client_groups_created_idx').on(t.createdAt)],
);

export const clientGroupMembers = pgTable(
  'client_group_members',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => clientGroups.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('client_group_members_user_idx').on(t.userId)],
);

export const updateReports = pgTable(
  'update_reports',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    status: integer('status').notNull().default(1),
    reportTypeId: integer('report_type_id').references(() => reportTypes.id),
    reportSubTypeId: integer('report_sub_type_id').references(() => reportTypes.id),
    /** Sanitised rich text. */
    body: text('body').notNull(),
    /** The existing investment (an opportunity with status 5 or 6) it is about, or the fund; or neither. */
    opportunityId: integer('opportunity_id').references(() => investmentOpportunities.id),
    fundId: integer('fund_id').references(() => funds.id),
    audience: text('audience').notNull(),
    publishAt: timestamp('publish_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id),
    ...timestamps,
  },
  (t) => [
    index('update_reports_status_published_idx').on(t.status, t.publishedAt),
    index('update_reports_published_idx').on(t.publishedAt),
    index('update_reports_created_idx').on(t.createdAt),
    index('update_reports_title_idx').on(t.title),
    index('update_reports_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
    index('update_reports_type_idx').on(t.reportTypeId),
    index('update_reports_opportunity_idx').on(t.opportunityId),
    index('update_reports_fund_idx').on(t.fundId),
    // The publishing tick looks only at scheduled drafts.
    index('update_reports_due_idx').on(t.publishAt).where(sql`${t.status} = 1 and ${t.publishAt} is not null and ${t.deletedAt} is null`),
    check('update_reports_status', sql`${t.status} in (1, 2)`),
    check('update_reports_audience', sql`${t.audience} in ('all', 'holders', 'groups')`),
    check('update_reports_one_subject', sql`${t.opportunityId} is null or ${t.fundId} is null`),
  ],
);

export const updateReportClientGroups = pgTable(
  'update_report_client_groups',
  {
    updateReportId: integer('update_report_id')
      .notNull()
      .references(() => updateReports.id),
    groupId: integer('group_id')
      .notNull()
      .references(() => clientGroups.id),
  },
  (t) => [primaryKey({ columns: [t.updateReportId, t.groupId] })],
);

/** The investors an update reached, fixed when it was published, and when each first opened it. */
export const updateReportRecipients = pgTable(
  'update_report_recipients',
  {
    updateReportId: integer('update_report_id')
      .notNull()
      .references(() => updateReports.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    openedAt: timestamp('opened_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.updateReportId, t.userId] }), index('update_report_recipients_user_idx').on(t.userId, t.updateReportId)],
);

export const updateReportQuestions = pgTable(
  'update_report_questions',
  {
    id: serial('id').primaryKey(),
    updateReportId: integer('update_report_id')
      .notNull()
      .references(() => updateReports.id),
    askedBy: integer('asked_by')
      .notNull()
      .references(() => users.id),
    question: text('question').notNull(),
    answer: text('answer'),
    answerVisibility: text('answer_visibility'),
    answeredBy: integer('answered_by').references(() => users.id),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('update_report_questions_report_idx').on(t.updateReportId, t.createdAt),
    check('update_report_questions_visibility', sql`${t.answerVisibility} is null or ${t.answerVisibility} in ('private', 'audience')`),
  ],
);
