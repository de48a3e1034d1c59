import Decimal from 'decimal.js';
import { z } from 'zod';
import { LEDGER_KINDS } from '../funds';
import { clearable, currencyInput, idInput, isoDateInput, moneyInput, percentInput, requiredText, textInput, unitsInput } from './fields';
import { namedRef, type ListSpec } from './common';

/** The figures of a fund on a date. */
export const fundFiguresSchema = z.object({
  as_of: z.string(),
  latest_nav: z.object({ date: z.string(), nav: z.string(), units_in_issue: z.string(), nav_per_unit: z.string().nullable() }).nullable(),
  units_issued: z.string(),
  paid_in: z.string(),
  distributions: z.string(),
  redemptions: z.string(),
  fees: z.string(),
  dpi: z.string().nullable(),
  rvpi: z.string().nullable(),
  tvpi: z.string().nullable(),
});
export type FundFigures = z.infer<typeof fundFiguresSchema>;

/** A fund; `manager` with `include=manager`, `figures` with `append=figures`. */
export const fundSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.string(),
  vintage: z.number().int(),
  currency: z.string(),
  target_size: z.string().nullable(),
  management_fee: z.string().nullable(),
  performance_fee: z.string().nullable(),
  manager_id: z.number().int().nullable(),
  description: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  manager: namedRef.nullable().optional(),
  figures: fundFiguresSchema.optional(),
});
export type Fund = z.infer<typeof fundSchema>;

export const FUNDS_LIST = {
  name: 'funds',
  filters: ['search', 'type', 'vintage', 'currency', 'manager_id'],
  sorts: ['name', 'type', 'vintage', 'target_size', 'created_at'],
  includes: ['manager'],
  appends: ['figures'],
  /** `as_of` dates the figures (today when absent). */
  params: ['as_of'],
} as const satisfies ListSpec;

const fundFields = {
  name: requiredText(200, 'Enter the fund name.'),
  type: requiredText(60, 'Enter the fund type, e.g. EIS.'),
  vintage: z.coerce
    .number({ message: 'Enter the vintage year.' })
    .int('Enter the vintage year.')
    .min(1900, 'Enter a year from 1900.')
    .max(2200, 'Enter a year before 2200.'),
  currency: currencyInput,
  target_size: clearable(moneyInput),
  management_fee: clearable(percentInput),
  performance_fee: clearable(percentInput),
  manager_id: clearable(idInput('manager')),
  description: clearable(textInput(200_000)),
};

/** The new-fund form: name, type and vintage are required. */
export const createFundBody = z.strictObject({
  ...z.object(fundFields).partial().shape,
  name: fundFields.name,
  type: fundFields.type,
  vintage: fundFields.vintage,
});
/** The edit-fund form: any field, each checked as on creation. */
export const updateFundBody = z.strictObject(fundFields).partial();

/** An investor's position in a fund on a date: units, their value at the latest priced NAV, money in and out, multiples. */
export const positionFiguresSchema = z.object({
  as_of: z.string(),
  units: z.string(),
  nav_per_unit: z.string().nullable(),
  nav_date: z.string().nullable(),
  value: z.string().nullable(),
  paid_in: z.string(),
  distributions: z.string(),
  redemptions: z.string(),
  fees: z.string(),
  dpi: z.string().nullable(),
  rvpi: z.string().nullable(),
  tvpi: z.string().nullable(),
  gain: z.string().nullable(),
});
export type PositionFigures = z.infer<typeof positionFiguresSchema>;

/** The fund's Transactions tab summary: one position per investor. */
export const fundPositionsResponse = z.object({
  data: z.array(positionFiguresSchema.extend({ investor: namedRef })),
  meta: z.object({ fund_id: z.number().int(), currency: z.string(), as_of: z.string() }),
});
export type FundPositions = z.infer<typeof fundPositionsResponse>;

/** A net asset value of a fund; the NAV per unit is null when no units were in issue. */
export const navSchema = z.object({
  id: z.number().int(),
  fund_id: z.number().int(),
  date: z.string(),
  nav: z.string(),
  units_in_issue: z.string(),
  nav_per_unit: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Nav = z.infer<typeof navSchema>;

export const NAVS_LIST = {
  name: 'net_asset_values',
  filters: ['fund_id', 'date_from', 'date_to'],
  sorts: ['date', 'nav', 'created_at'],
} as const satisfies ListSpec;

export const createNavBody = z.strictObject({
  fund_id: idInput('fund'),
  date: isoDateInput,
  nav: moneyInput,
  /** The units the fund's ledgers show on that date when absent. */
  units_in_issue: unitsInput.optional(),
});
export const updateNavBody = z.strictObject({ date: isoDateInput, nav: moneyInput, units_in_issue: unitsInput }).partial();

/** A ledger entry: one investor's subscription, redemption, distribution or fee; `fund`/`investor` with `include=`. */
export const ledgerEntrySchema = z.object({
  id: z.number().int(),
  fund_id: z.number().int(),
  investor_id: z.number().int(),
  kind: z.enum(LEDGER_KINDS),
  date: z.string(),
  amount: z.string(),
  units: z.string().nullable(),
  nav_per_unit: z.string().nullable(),
  reference: z.string().nullable(),
  notes: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  fund: namedRef.nullable().optional(),
  investor: namedRef.nullable().optional(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

export const LEDGERS_LIST = {
  name: 'ledgers',
  filters: ['fund_id', 'investor_id', 'kind', 'date_from', 'date_to'],
  sorts: ['date', 'amount', 'kind', 'created_at'],
  includes: ['fund', 'investor'],
} as const satisfies ListSpec;

const positiveMoney = moneyInput.refine((v) => new Decimal(v).gt(0), 'Enter an amount greater than zero.');
const positiveUnits = unitsInput.refine((v) => new Decimal(v).gt(0), 'Enter a number of units greater than zero.');

export const createLedgerBody = z.strictObject({
  fund_id: idInput('fund'),
  investor_id: idInput('investor', 'Choose an investor.'),
  kind: z.enum(LEDGER_KINDS, { message: `Choose one of ${LEDGER_KINDS.join(', ')}.` }),
  date: isoDateInput,
  amount: positiveMoney,
  /** Subscriptions: derived from the NAV per unit on the date when absent. Redemptions: required. */
  units: clearable(positiveUnits).optional(),
  reference: clearable(textInput(120)).optional(),
  notes: clearable(textInput(5000)).optional(),
});
/** Fund, investor and kind are what an entry is: changing them is a new entry, not an edit. */
export const updateLedgerBody = z
  .strictObject({
    date: isoDateInput,
    amount: positiveMoney,
    units: clearable(positiveUnits),
    reference: clearable(textInput(120)),
    notes: clearable(textInput(5000)),
  })
  .partial();

/** One group of a fund's portfolio analysis (an industry or a stage; `key` null for 'Unspecified'). */
export const analysisGroupSchema = z.object({
  key: z.string().nullable(),
  label: z.string(),
  count: z.number().int(),
  cost: z.string(),
  value: z.string(),
  cost_share: z.string().nullable(),
  value_share: z.string().nullable(),
});
export type AnalysisGroup = z.infer<typeof analysisGroupSchema>;

/** A fund's diversification: its investments' cost and value by industry and by stage. */
export const portfolioAnalysisSchema = z.object({
  fund_id: z.number().int(),
  currency: z.string(),
  totals: z.object({ count: z.number().int(), cost: z.string(), value: z.string() }),
  by_industry: z.array(analysisGroupSchema),
  by_stage: z.array(analysisGroupSchema),
});
export type PortfolioAnalysis = z.infer<typeof portfolioAnalysisSchema>;

/** A fund as its investor sees it (no fees or manager), with their position in it. */
export const investorFundSchema = fundSchema
  .pick({ id: true, name: true, type: true, vintage: true, currency: true, description: true })
  .extend({ position: positionFiguresSchema });
export type InvestorFund = z.infer<typeof investorFundSchema>;

/** One fund of the investor portal: their position, the fund's NAV history and their own entries (no staff notes). */
export const investorFundDetailSchema = investorFundSchema.extend({
  nav_history: z.array(z.object({ date: z.string(), nav: z.string(), nav_per_unit: z.string().nullable() })),
  transactions: z.array(
    z.object({
      id: z.number().int(),
      kind: z.enum(LEDGER_KINDS),
      date: z.string(),
      amount: z.string(),
      units: z.string().nullable(),
      nav_per_unit: z.string().nullable(),
      reference: z.string().nullable(),
    }),
  ),
});
export type InvestorFundDetail = z.infer<typeof investorFundDetailSchema>;
