import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { pipelineDeals } from './deals-funds';
import { investmentOpportunities, marketSoundingAcceptances } from './opportunities';
import { users } from './platform';
import { isoDate, units } from './columns';

/**
 * The insider register of MAR Art. 18 and personal-account dealing (docs/decisions/0025). Every
 * table here is append-only: triggers of migration 0021 refuse UPDATE and DELETE, so a correction,
 * a cessation, a cleansing or a decision is always a new row pointing at the one it concerns.
 */

/** An opportunity or a pipeline deal that carries inside information: the register's "project". */
export const insiderProjects = pgTable(
  'insider_projects',
  {
    id: serial('id').primaryKey(),
    opportunityId: integer('opportunity_id').references(() => investmentOpportunities.id),
    dealId: integer('deal_id').references(() => pipelineDeals.id),
    name: text('name').notNull(),
    companyName: text('company_name').notNull(),
    /** The inside information as insiders are told it. */
    description: text('description').notNull(),
    openedBy: integer('opened_by').references(() => users.id),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('insider_projects_opportunity_unique').on(t.opportunityId),
    uniqueIndex('insider_projects_deal_unique').on(t.dealId),
    index('insider_projects_company_idx').on(sql`lower(${t.companyName})`),
    index('insider_projects_opened_idx').on(t.openedAt),
    check('insider_projects_one_subject', sql`(${t.opportunityId} is null) <> (${t.dealId} is null)`),
  ],
);

/** The information was made public or the project abandoned: from then on nobody is an insider of it. */
export const insiderProjectCleansings = pgTable(
  'insider_project_cleansings',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => insiderProjects.id),
    reason: text('reason').notNull(),
    note: text('note'),
    cleansedBy: integer('cleansed_by').references(() => users.id),
    cleansedAt: timestamp('cleansed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('insider_project_cleansings_project_unique').on(t.projectId),
    check('insider_project_cleansings_reason', sql`${t.reason} in ('made_public', 'abandoned')`),
  ],
);

/**
 * One person's entry on a project's insider list, with the columns of the insider-list template
 * (Commission Implementing Regulation (EU) 2016/347, Annex I). A correction is a new entry with
 * `corrects_id` (the entry it replaces) and `original_id` (the first of the chain).
 */
export const insiderEntries = pgTable(
  'insider_entries',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => insiderProjects.id),
    userId: integer('user_id').references(() => users.id),
    source: text('source').notNull(),
    marketSoundingAcceptanceId: integer('market_sounding_acceptance_id').references(() => marketSoundingAcceptances.id),
    correctsId: integer('corrects_id').references((): AnyPgColumn => insiderEntries.id),
    originalId: integer('original_id').references((): AnyPgColumn => insiderEntries.id),
    firstName: text('first_name').notNull(),
    surname: text('surname').notNull(),
    birthSurname: text('birth_surname'),
    email: text('email'),
    professionalPhone: text('professional_phone'),
    companyName: text('company_name'),
    companyAddress: text('company_address'),
    function: text('function'),
    reason: text('reason').notNull(),
    /** What the person was shown when they became an insider, word for word. */
    disclosedText: text('disclosed_text'),
    dateOfBirth: isoDate('date_of_birth'),
    nationalId: text('national_id'),
    personalPhone: text('personal_phone'),
    homeAddress: text('home_address'),
    obtainedAt: timestamp('obtained_at', { withTimezone: true }).notNull(),
    /** Null when the platform recorded it on the person's own act (acceptance, opening the project). */
    recordedBy: integer('recorded_by').references(() => users.id),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A person is entered on a project once; later versions are corrections of that entry.
    uniqueIndex('insider_entries_person_unique').on(t.projectId, t.userId).where(sql`${t.originalId} is null and ${t.userId} is not null`),
    uniqueIndex('insider_entries_corrects_unique').on(t.correctsId),
    uniqueIndex('insider_entries_acceptance_unique').on(t.marketSoundingAcceptanceId),
    index('insider_entries_project_idx').on(t.projectId, t.obtainedAt),
    index('insider_entries_user_idx').on(t.userId),
    index('insider_entries_obtained_idx').on(t.obtainedAt),
    index('insider_entries_surname_idx').on(t.surname),
    index('insider_entries_chain_idx').on(sql`coalesce(${t.originalId}, ${t.id})`),
    check('insider_entries_source', sql`${t.source} in ('market_sounding', 'invitation', 'staff_access', 'manual', 'correction')`),
    check('insider_entries_chain', sql`(${t.correctsId} is null) = (${t.originalId} is null)`),
  ],
);

/** When an entry's person ceased to be an insider; keyed by the first entry of its chain. */
export const insiderCessations = pgTable(
  'insider_cessations',
  {
    id: serial('id').primaryKey(),
    entryId: integer('entry_id')
      .notNull()
      .references(() => insiderEntries.id),
    cleansingId: integer('cleansing_id').references(() => insiderProjectCleansings.id),
    reason: text('reason').notNull(),
    ceasedAt: timestamp('ceased_at', { withTimezone: true }).notNull(),
    recordedBy: integer('recorded_by').references(() => users.id),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('insider_cessations_entry_unique').on(t.entryId), index('insider_cessations_ceased_idx').on(t.ceasedAt)],
);

/** Companies staff put on the restricted list by hand (projects with inside information are on it anyway). */
export const restrictedListEntries = pgTable(
  'restricted_list_entries',
  {
    id: serial('id').primaryKey(),
    companyName: text('company_name').notNull(),
    reason: text('reason').notNull(),
    addedBy: integer('added_by').references(() => users.id),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('restricted_list_entries_company_idx').on(sql`lower(${t.companyName})`)],
);

export const restrictedListRemovals = pgTable(
  'restricted_list_removals',
  {
    id: serial('id').primaryKey(),
    entryId: integer('entry_id')
      .notNull()
      .references(() => restrictedListEntries.id),
    reason: text('reason').notNull(),
    removedBy: integer('removed_by').references(() => users.id),
    removedAt: timestamp('removed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('restricted_list_removals_entry_unique').on(t.entryId)],
);

/** A staff member's request to deal for their own account; its state is its latest step. */
export const paDealRequests = pgTable(
  'pa_deal_requests',
  {
    id: serial('id').primaryKey(),
    requesterId: integer('requester_id')
      .notNull()
      .references(() => users.id),
    companyName: text('company_name').notNull(),
    direction: text('direction').notNull(),
    quantity: units('quantity').notNull(),
    expectedPrice: units('expected_price').notNull(),
    currency: text('currency').notNull().default('GBP'),
    reason: text('reason').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('pa_deal_requests_requester_idx').on(t.requesterId, t.requestedAt),
    index('pa_deal_requests_requested_idx').on(t.requestedAt),
    index('pa_deal_requests_company_idx').on(t.companyName),
    check('pa_deal_requests_direction', sql`${t.direction} in ('buy', 'sell')`),
    check('pa_deal_requests_amounts', sql`${t.quantity} > 0 and ${t.expectedPrice} >= 0`),
  ],
);

/** Each step of a PA deal: requested, approved or refused (with a reason), executed (with the details). */
export const paDealSteps = pgTable(
  'pa_deal_steps',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => paDealRequests.id),
    status: text('status').notNull(),
    /** Null when the platform itself refused the request (insider or restricted list). */
    actorId: integer('actor_id').references(() => users.id),
    reason: text('reason'),
    executedQuantity: units('executed_quantity'),
    executedPrice: units('executed_price'),
    executedOn: isoDate('executed_on'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('pa_deal_steps_request_idx').on(t.requestId, t.id),
    // One decision and one execution per request, whoever races.
    uniqueIndex('pa_deal_steps_decision_unique').on(t.requestId).where(sql`${t.status} in ('approved', 'refused')`),
    uniqueIndex('pa_deal_steps_execution_unique').on(t.requestId).where(sql`${t.status} = 'executed'`),
    check('pa_deal_steps_status', sql`${t.status} in ('requested', 'approved', 'refused', 'executed')`),
  ],
);

/** Who looked at the register, when, and with which filter (list, export or a project's PDF). */
export const insiderRegisterViews = pgTable(
  'insider_register_views',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    view: text('view').notNull(),
    filters: jsonb('filters').$type<Record<string, string>>().notNull().default({}),
    projectId: integer('project_id').references(() => insiderProjects.id),
    ip: text('ip'),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('insider_register_views_viewed_idx').on(t.viewedAt),
    index('insider_register_views_user_idx').on(t.userId, t.viewedAt),
    check('insider_register_views_view', sql`${t.view} in ('list', 'export_csv', 'export_xlsx', 'pdf')`),
  ],
);
