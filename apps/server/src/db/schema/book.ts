import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { HoldingListFigures } from '@platform/domain';
import { isoDate, money } from './columns';
import { investmentOpportunities } from './opportunities';
import { users } from './platform';

/**
 * The whole book's figures kept per company, so the portfolio-performance report reads a few
 * thousand rows instead of every investment (decision 0047). Triggers on investments, holders'
 * proceeds, share prices, valuations, outcomes and opportunities bump `version` in the writing
 * transaction; the report brings every row whose `computed_version` lags up to date before it reads
 * (modules/reports/book-figures.ts). Figures count every record, whatever its date: they answer for
 * any as-of date on or after `last_day`.
 */
export const bookCompanies = pgTable(
  'book_companies',
  {
    /** No foreign key: when an opportunity is deleted outright its row stays until the report takes its flows out. */
    opportunityId: integer('opportunity_id').primaryKey(),
    version: bigint('version', { mode: 'number' }).notNull().default(1),
    computedVersion: bigint('computed_version', { mode: 'number' }).notNull().default(0),
    /** The currency its flows are counted under in `book_currency_flows`; null while it holds nothing in the book. */
    currency: text('currency'),
    holdings: integer('holdings').notNull().default(0),
    cost: money('cost').notNull().default('0'),
    currentValue: money('current_value').notNull().default('0'),
    realised: money('realised').notNull().default('0'),
    /** The latest date of any record in these figures (investment, proceeds, price record). */
    lastDay: isoDate('last_day'),
    /** The price record the holdings are valued at (none: each at the price its holder last paid). */
    markDate: isoDate('mark_date'),
    markSource: text('mark_source'),
    markNumerator: numeric('mark_numerator'),
    markDenominator: numeric('mark_denominator'),
  },
  (t) => [index('book_companies_stale_idx').on(t.opportunityId).where(sql`${t.computedVersion} <> ${t.version}`)],
);

/** Each company's money paid in less proceeds received, per day, as last computed (its share of the currency's flows). */
export const bookCompanyFlows = pgTable(
  'book_company_flows',
  {
    opportunityId: integer('opportunity_id')
      .notNull()
      .references(() => bookCompanies.opportunityId, { onDelete: 'cascade' }),
    day: isoDate('day').notNull(),
    paidIn: money('paid_in').notNull(),
  },
  (t) => [primaryKey({ columns: [t.opportunityId, t.day] })],
);

/** The book's flows per currency and day: the sum of `book_company_flows` over the companies counted in that currency. */
export const bookCurrencyFlows = pgTable(
  'book_currency_flows',
  {
    currency: text('currency').notNull(),
    day: isoDate('day').notNull(),
    paidIn: numeric('paid_in').notNull(),
  },
  (t) => [primaryKey({ columns: [t.currency, t.day] })],
);

/**
 * Each investor's holding as the portfolio list last showed it (decision 0071): its figures are a
 * pure function of the company's records, the opportunity's round price and the day, so a row
 * answers while `company_version` is its company's `book_companies.version` (bumped by every write
 * that can change them), `valued_on` is today and `round_price` is the opportunity's share price.
 * The figures are kept as the list answers them, strings and all, so a kept answer is the computed
 * one to the character.
 */
export const holdingFigures = pgTable(
  'holding_figures',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    opportunityId: integer('opportunity_id')
      .notNull()
      .references(() => investmentOpportunities.id, { onDelete: 'cascade' }),
    companyVersion: bigint('company_version', { mode: 'number' }).notNull(),
    valuedOn: isoDate('valued_on').notNull(),
    roundPrice: text('round_price'),
    figures: jsonb('figures').$type<HoldingListFigures>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.opportunityId] })],
);

/**
 * The live investments (not deleted) of each opportunity, currency and status: how many and their
 * amount, kept by statement-level triggers on `investments` in the writing transaction (decision
 * 0076), so the overview's all-time money figures read a few thousand rows instead of every
 * investment. A key whose investments have all gone stays at zero.
 */
export const investmentTotals = pgTable(
  'investment_totals',
  {
    opportunityId: integer('opportunity_id').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull(),
    investments: bigint('investments', { mode: 'number' }).notNull(),
    amount: numeric('amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.opportunityId, t.currency, t.status] })],
);
