import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './platform';
import { LEDGER_KINDS, MATURITY_STATUSES } from '@platform/domain';
import { isoDate, money, timestamps, units } from './columns';

/** Shared with the web through the domain package; re-exported for the server's modules. */
export { LEDGER_KINDS, MATURITY_STATUSES };

/**
 * Deal flow (pipelines, stages, deals) and funds (NAVs, ledgers, fund investments). Money is
 * numeric(20,2); unit counts, prices and NAV per unit numeric(24,6) — read as exact strings.
 *
 * Positions: a live stage or deal has a dense position 0..n-1 in its pipeline or stage; a soft-deleted
 * one has none. Uniqueness of (pipeline, position) and (stage, position) is a DEFERRABLE constraint
 * added in migration 0004 (Drizzle cannot declare one): shifting a range of positions collides
 * row by row inside one statement, and the check belongs at commit. See docs/decisions/0007.
 */

const livePosition = (t: { position: unknown; deletedAt: unknown }) => sql`(${t.deletedAt} is null) = (${t.position} is not null)`;

export interface KeyDate {
  label: string;
  date: string;
}

export const pipelines = pgTable(
  'pipelines',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    ...timestamps,
  },
  (t) => [index('pipelines_name_idx').on(t.name), index('pipelines_created_idx').on(t.createdAt)],
);

export const pipelineStages = pgTable(
  'pipeline_stages',
  {
    id: serial('id').primaryKey(),
    pipelineId: integer('pipeline_id')
      .notNull()
      .references(() => pipelines.id),
    name: text('name').notNull(),
    position: integer('position'),
    ...timestamps,
  },
  // The unique (pipeline_id, position) constraint of migration 0004 is also the index the board reads by.
  (t) => [check('pipeline_stages_live_position', livePosition(t))],
);

export const pipelineDeals = pgTable(
  'pipeline_deals',
  {
    id: serial('id').primaryKey(),
    pipelineId: integer('pipeline_id')
      .notNull()
      .references(() => pipelines.id),
    stageId: integer('stage_id')
      .notNull()
      .references(() => pipelineStages.id),
    position: integer('position'),
    companyName: text('company_name').notNull(),
    ownerId: integer('owner_id').references(() => users.id),
    source: text('source'),
    amountSought: money('amount_sought'),
    preMoneyValuation: money('pre_money_valuation'),
    currency: text('currency').notNull().default('GBP'),
    industry: text('industry'),
    summary: text('summary'),
    keyInformation: text('key_information'),
    keyDates: jsonb('key_dates').$type<KeyDate[]>().notNull().default([]),
    performanceNotes: text('performance_notes'),
    ...timestamps,
  },
  (t) => [
    index('pipeline_deals_board_idx').on(t.pipelineId, t.stageId, t.position),
    index('pipeline_deals_owner_idx').on(t.ownerId),
    index('pipeline_deals_industry_idx').on(t.industry),
    index('pipeline_deals_company_idx').on(t.companyName),
    index('pipeline_deals_company_trgm_idx').using('gin', sql`${t.companyName} gin_trgm_ops`),
    index('pipeline_deals_amount_idx').on(t.amountSought),
    index('pipeline_deals_valuation_idx').on(t.preMoneyValuation),
    index('pipeline_deals_created_idx').on(t.createdAt),
    index('pipeline_deals_updated_idx').on(t.updatedAt),
    check('pipeline_deals_live_position', livePosition(t)),
    check('pipeline_deals_amounts', sql`coalesce(${t.amountSought}, 0) >= 0 and coalesce(${t.preMoneyValuation}, 0) >= 0`),
  ],
);

export const funds = pgTable(
  'funds',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    vintage: integer('vintage').notNull(),
    currency: text('currency').notNull().default('GBP'),
    targetSize: money('target_size'),
    /** Annual management fee and performance fee (carry), in percent: 2.5000 is 2.5%. */
    managementFee: numeric('management_fee', { precision: 7, scale: 4 }),
    performanceFee: numeric('performance_fee', { precision: 7, scale: 4 }),
    managerId: integer('manager_id').references(() => users.id),
    description: text('description'),
    ...timestamps,
  },
  (t) => [
    index('funds_name_idx').on(t.name),
    index('funds_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('funds_type_idx').on(t.type),
    index('funds_vintage_idx').on(t.vintage),
    index('funds_currency_idx').on(t.currency),
    index('funds_manager_idx').on(t.managerId),
    index('funds_target_idx').on(t.targetSize),
    index('funds_created_idx').on(t.createdAt),
  ],
);

export const netAssetValues = pgTable(
  'net_asset_values',
  {
    id: serial('id').primaryKey(),
    fundId: integer('fund_id')
      .notNull()
      .references(() => funds.id),
    date: isoDate('date').notNull(),
    nav: money('nav').notNull(),
    unitsInIssue: units('units_in_issue').notNull(),
    /** NAV ÷ units in issue, 6 dp half-up; null when no units are in issue. Stored so history never shifts. */
    navPerUnit: units('nav_per_unit'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('net_asset_values_fund_date_unique').on(t.fundId, t.date).where(sql`${t.deletedAt} is null`),
    index('net_asset_values_date_idx').on(t.date),
    check('net_asset_values_non_negative', sql`${t.nav} >= 0 and ${t.unitsInIssue} >= 0`),
  ],
);

/** One investor's money movements with a fund. Amounts are positive; the kind says which way. */
export const ledgers = pgTable(
  'ledgers',
  {
    id: serial('id').primaryKey(),
    fundId: integer('fund_id')
      .notNull()
      .references(() => funds.id),
    investorId: integer('investor_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    date: isoDate('date').notNull(),
    amount: money('amount').notNull(),
    /** Units issued (subscription) or cancelled (redemption); null for distributions and fees. */
    units: units('units'),
    /** The NAV per unit the units were dealt at, when they were derived from one. */
    navPerUnit: units('nav_per_unit'),
    reference: text('reference'),
    notes: text('notes'),
    ...timestamps,
  },
  (t) => [
    index('ledgers_fund_date_idx').on(t.fundId, t.date),
    index('ledgers_investor_fund_idx').on(t.investorId, t.fundId, t.date),
    index('ledgers_kind_idx').on(t.kind),
    index('ledgers_date_idx').on(t.date),
    index('ledgers_amount_idx').on(t.amount),
    index('ledgers_created_idx').on(t.createdAt),
    check('ledgers_kind', sql`${t.kind} in ('subscription', 'redemption', 'distribution', 'fee')`),
    check('ledgers_amount_positive', sql`${t.amount} > 0`),
    check(
      'ledgers_units',
      sql`case when ${t.kind} in ('subscription', 'redemption') then ${t.units} is not null and ${t.units} > 0 else ${t.units} is null end`,
    ),
  ],
);

/** A fund's holding in a company — the spec's "companies" (fund investments). */
export const fundInvestments = pgTable(
  'fund_investments',
  {
    id: serial('id').primaryKey(),
    fundId: integer('fund_id')
      .notNull()
      .references(() => funds.id),
    companyName: text('company_name').notNull(),
    industry: text('industry'),
    stage: text('stage'),
    investmentDate: isoDate('investment_date'),
    cost: money('cost').notNull(),
    currentValuation: money('current_valuation'),
    valuationDate: isoDate('valuation_date'),
    maturityStatus: text('maturity_status', { enum: MATURITY_STATUSES }).notNull().default('active'),
    description: text('description'),
    keyInformation: text('key_information'),
    ...timestamps,
  },
  (t) => [
    index('fund_investments_fund_idx').on(t.fundId),
    index('fund_investments_company_idx').on(t.companyName),
    index('fund_investments_company_trgm_idx').using('gin', sql`${t.companyName} gin_trgm_ops`),
    index('fund_investments_industry_idx').on(t.industry),
    index('fund_investments_stage_idx').on(t.stage),
    index('fund_investments_status_idx').on(t.maturityStatus),
    index('fund_investments_cost_idx').on(t.cost),
    index('fund_investments_valuation_idx').on(t.currentValuation),
    index('fund_investments_date_idx').on(t.investmentDate),
    index('fund_investments_created_idx').on(t.createdAt),
    check('fund_investments_amounts', sql`${t.cost} >= 0 and coalesce(${t.currentValuation}, 0) >= 0`),
    check('fund_investments_status', sql`${t.maturityStatus} in ('active', 'partially_realised', 'matured', 'exited', 'written_off')`),
  ],
);

/** History of a fund investment's maturity status; the latest by date is copied onto the investment. */
export const fundInvestmentStatuses = pgTable(
  'fund_investment_statuses',
  {
    id: serial('id').primaryKey(),
    fundInvestmentId: integer('fund_investment_id')
      .notNull()
      .references(() => fundInvestments.id),
    status: text('status', { enum: MATURITY_STATUSES }).notNull(),
    date: isoDate('date').notNull(),
    note: text('note'),
    recordedBy: integer('recorded_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('fund_investment_statuses_investment_idx').on(t.fundInvestmentId, t.date),
    check('fund_investment_statuses_status', sql`${t.status} in ('active', 'partially_realised', 'matured', 'exited', 'written_off')`),
  ],
);
