import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './platform';
import { timestamps } from './columns';

/**
 * Leads: prospective investors without an account (DOMAIN.md "People records"), their
 * configurable lead statuses, and the questionnaires staff keep for leads and investors alike.
 */

export const leadStatuses = pgTable(
  'lead_statuses',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('lead_statuses_name_unique').on(sql`lower(${t.name})`).where(sql`${t.deletedAt} is null`),
    index('lead_statuses_position_idx').on(t.position),
  ],
);

export const contacts = pgTable(
  'contacts',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    company: text('company'),
    source: text('source'),
    /** 'finance in place', 'no finance in place', 'not interested' (spec §4). */
    interest: text('interest'),
    /** 1 active, 2 inactive, 3 investment (spec §4). */
    status: integer('status').notNull().default(1),
    leadStatusId: integer('lead_status_id').references(() => leadStatuses.id),
    ownerId: integer('owner_id').references(() => users.id),
    /** Set when the lead became an investor; the contact stays as the record of where they came from. */
    convertedUserId: integer('converted_user_id').references(() => users.id),
    convertedAt: timestamp('converted_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id),
    ...timestamps,
  },
  (t) => [
    // One live lead per address; converted leads keep theirs, the investor account has it too.
    uniqueIndex('contacts_email_unique').on(sql`lower(${t.email})`).where(sql`${t.deletedAt} is null and ${t.email} is not null`),
    index('contacts_name_idx').on(t.name),
    index('contacts_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('contacts_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    index('contacts_phone_trgm_idx').using('gin', sql`${t.phone} gin_trgm_ops`),
    index('contacts_company_idx').on(t.company),
    index('contacts_status_idx').on(t.status, t.createdAt),
    index('contacts_lead_status_idx').on(t.leadStatusId),
    index('contacts_owner_idx').on(t.ownerId),
    index('contacts_interest_idx').on(t.interest),
    index('contacts_source_idx').on(t.source),
    index('contacts_created_idx').on(t.createdAt),
    index('contacts_updated_idx').on(t.updatedAt),
    index('contacts_converted_user_idx').on(t.convertedUserId),
    check('contacts_status', sql`${t.status} in (1, 2, 3)`),
    check(
      'contacts_interest',
      sql`${t.interest} is null or ${t.interest} in ('finance in place', 'no finance in place', 'not interested')`,
    ),
  ],
);

/**
 * One answer set per subject and form (registration, fact-find, risk profile, consent, a lead's
 * category). Subject 'user' is an investor, 'contact' a lead; converting a lead moves its answers.
 */
export const questionnaireAnswers = pgTable(
  'questionnaire_answers',
  {
    id: serial('id').primaryKey(),
    subjectType: text('subject_type', { enum: ['user', 'contact'] }).notNull(),
    subjectId: integer('subject_id').notNull(),
    form: text('form').notNull(),
    answers: jsonb('answers').$type<Record<string, unknown>>().notNull(),
    /** What the answers work out to, e.g. the risk profile's score and band. */
    result: jsonb('result').$type<Record<string, unknown> | null>(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    submittedBy: integer('submitted_by').references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => users.id),
  },
  (t) => [
    uniqueIndex('questionnaire_answers_subject_form_unique').on(t.subjectType, t.subjectId, t.form),
    check('questionnaire_answers_subject_type', sql`${t.subjectType} in ('user', 'contact')`),
  ],
);
