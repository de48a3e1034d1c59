import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './platform';
import { timestamps } from './columns';

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
  (t) => [index('investment_methods_name_idx').on(t.name), index('investment_methods_type_idx').on(t.type)],
);

/** An investor's (or a lead's) account with an investment method: the holder of a pension investment. */
export const investmentMethodEntities = pgTable(
  'investment_method_entities',
  {
    id: serial('id').primaryKey(),
    investmentMethodId: integer('investment_method_id')
      .notNull()
      .references(() => investmentMethods.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    reference: text('reference'),
    ...timestamps,
  },
  (t) => [index('investment_method_entities_user_idx').on(t.userId), index('investment_method_entities_method_idx').on(t.investmentMethodId)],
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
  (t) => [index('nominees_name_idx').on(t.name)],
);
