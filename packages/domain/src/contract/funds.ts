import { z } from 'zod';
import { clearable, currencyInput, idInput, moneyInput, percentInput, requiredText, textInput } from './fields';
import { namedRef, type ListSpec } from './common';

/** The figures of a fund on a date (server: modules/funds/figures.ts `fundFigures`). */
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

/** An investor's position in a fund on a date (server: modules/funds/figures.ts `positionFigures`). */
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
