import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './platform';
import { timestamps } from './columns';
import { documents } from './records';
import { contacts } from './contacts';

/**
 * The holders an investor may invest through (DOMAIN.md "People records"): organisations with
 * their linked users, investment methods (SIPP, ISA, nominee account…) with each investor's
 * method entity (their account with it), and nominees that hold shares for investors.
 */

export const organisations = pgTable(
  'organisations',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** company, trust, charity, partnership, other */
    type: text('type').notNull().default('company'),
    companyNumber: text('company_number'),
    country: text('country'),
    address: text('address'),
    email: text('email'),
    phone: text('phone'),
    ...timestamps,
  },
  (t) => [
    index('organisations_name_idx').on(t.name),
    index('organisations_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('organisations_type_idx').on(t.type),
    index('organisations_created_idx').on(t.createdAt),
    index('organisations_company_number_trgm_idx').using('gin', sql`${t.companyNumber} gin_trgm_ops`),
  ],
);

/** A user's link to an organisation, with their role in it (director, trustee…). */
export const organisationUsers = pgTable(
  'organisation_users',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    role: text('role'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('organisation_users_unique').on(t.organisationId, t.userId), index('organisation_users_user_idx').on(t.userId)],
);

export const investmentMethods = pgTable(
  'investment_methods',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** sipp, ssas, isa, nominee_account, other */
    type: text('type').notNull().default('other'),
    provider: text('provider'),
    description: text('description'),
    ...timestamps,
  },
  (t) => [
    index('investment_methods_name_idx').on(t.name),
    index('investment_methods_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('investment_methods_provider_trgm_idx').using('gin', sql`${t.provider} gin_trgm_ops`),
    index('investment_methods_type_idx').on(t.type),
    index('investment_methods_created_idx').on(t.createdAt),
  ],
);

/** An investor's (or a lead's) account with an investment method: the holder of a pension investment. */
export const investmentMethodEntities = pgTable(
  'investment_method_entities',
  {
    id: serial('id').primaryKey(),
    investmentMethodId: integer('investment_method_id')
      .notNull()
      .references(() => investmentMethods.id),
    /** The investor's account; or, for a lead not yet an investor, contactId (exactly one is set). */
    userId: integer('user_id').references(() => users.id),
    contactId: integer('contact_id').references(() => contacts.id),
    /** The lead the account was opened for, kept when the lead became an investor and the account moved to them. */
    openedForContactId: integer('opened_for_contact_id').references(() => contacts.id),
    reference: text('reference'),
    ...timestamps,
  },
  (t) => [
    index('investment_method_entities_user_idx').on(t.userId),
    index('investment_method_entities_contact_idx').on(t.contactId),
    check('investment_method_entities_holder', sql`num_nonnulls(${t.userId}, ${t.contactId}) = 1`),
    index('investment_method_entities_method_idx').on(t.investmentMethodId, t.createdAt),
    index('investment_method_entities_method_reference_idx').on(t.investmentMethodId, t.reference),
  ],
);

export const nominees = pgTable(
  'nominees',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    companyNumber: text('company_number'),
    email: text('email'),
    address: text('address'),
    ...timestamps,
  },
  (t) => [
    index('nominees_name_idx').on(t.name),
    index('nominees_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('nominees_company_number_trgm_idx').using('gin', sql`${t.companyNumber} gin_trgm_ops`),
    index('nominees_created_idx').on(t.createdAt),
  ],
);

/**
 * An investor's request to act for an organisation (spec §2.3 /investor/profile/organisation-apply).
 * Staff approve — creating the organisation, or linking the applicant to the one named — or reject
 * with a reason. The supporting document is filed privately on the investor's record.
 */
export const organisationApplications = pgTable(
  'organisation_applications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The organisation the application became (or was linked to) on approval. */
    organisationId: integer('organisation_id').references(() => organisations.id),
    name: text('name').notNull(),
    type: text('type').notNull(),
    companyNumber: text('company_number'),
    /** The capacity the applicant asks to act in (ORGANISATION_ROLES). */
    role: text('role').notNull(),
    documentId: integer('document_id').references(() => documents.id),
    status: text('status').notNull().default('pending'),
    reason: text('reason'),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('organisation_applications_user_idx').on(t.userId),
    index('organisation_applications_status_idx').on(t.status, t.createdAt),
    index('organisation_applications_created_idx').on(t.createdAt),
    index('organisation_applications_name_idx').on(t.name),
    index('organisation_applications_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    check('organisation_applications_status', sql`${t.status} in ('pending', 'approved', 'rejected')`),
  ],
);

/**
 * The way an investor holds a position — personally, through an organisation, an investment-method
 * account or a nominee — as investments, pre-emption entitlements and realisations record it.
 */
export function holderColumns() {
  return {
    holderType: text('holder_type').notNull().default('personal'),
    organisationId: integer('organisation_id').references(() => organisations.id),
    investmentMethodEntityId: integer('investment_method_entity_id').references(() => investmentMethodEntities.id),
    nomineeId: integer('nominee_id').references(() => nominees.id),
  };
}
