import Decimal from 'decimal.js';
import { z } from 'zod';
import { HOLDER_TYPES } from '../investments';
import { namedRef } from './common';
import { clearable, idInput, idParam, isoDateInput, moneyInput, percentInput, textInput, unitsInput } from './fields';

/**
 * A company's price history (the Performance tab): share prices, valuations and outcomes, each
 * dated, listed for one opportunity (`filter[opportunity_id]`), added and deleted.
 */
export const COMPANY_OUTCOME_KINDS = ['exit', 'partial-realisation', 'write-off'] as const;

/** `filter[opportunity_id]` is required: the history of one company. */
export const priceHistoryQuery = z.looseObject({
  'filter[opportunity_id]': z.string().optional().meta({ description: 'The opportunity whose history to list (required).' }),
});

const dated = {
  id: z.number().int(),
  opportunity_id: z.number().int(),
  date: z.string(),
  note: z.string().nullable(),
  created_at: z.string(),
};
const datedFields = { opportunity_id: idInput('opportunity'), date: isoDateInput, note: clearable(textInput(2000)).optional() };

export const sharePriceSchema = z.object({ ...dated, price: z.string() });
export type SharePriceRecord = z.infer<typeof sharePriceSchema>;
export const createSharePriceBody = z.strictObject({ ...datedFields, price: unitsInput });

export const companyValuationSchema = z.object({ ...dated, valuation: z.string(), shares_outstanding: z.string() });
export type CompanyValuationRecord = z.infer<typeof companyValuationSchema>;
export const createCompanyValuationBody = z.strictObject({ ...datedFields, valuation: moneyInput, shares_outstanding: unitsInput });

export const companyOutcomeSchema = z.object({ ...dated, kind: z.enum(COMPANY_OUTCOME_KINDS), price: z.string().nullable() });
export type CompanyOutcomeRecord = z.infer<typeof companyOutcomeSchema>;
/** An exit or partial realisation has a price per share; a write-off values the shares at zero. */
export const createCompanyOutcomeBody = z
  .strictObject({
    ...datedFields,
    kind: z.enum(COMPANY_OUTCOME_KINDS, { message: 'Choose exit, partial-realisation or write-off.' }),
    price: clearable(unitsInput).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.kind !== 'write-off' && v.price == null)
      ctx.addIssue({ code: 'custom', path: ['price'], message: 'Enter the price per share of the deal.' });
    if (v.kind === 'write-off' && v.price != null)
      ctx.addIssue({ code: 'custom', path: ['price'], message: 'A write-off has no price: the shares are valued at zero.' });
  });

/** `?as_of=`: the date to value on, today when absent. */
export const asOfQuery = z.strictObject({ as_of: isoDateInput.optional() });

/** The price a holding is valued at, and where it comes from (a share price, a valuation, an outcome or the price paid). */
const priceMarkSchema = z.object({ date: z.string(), source: z.string(), price_per_share: z.string() });

/** A holding's figures on the date (decision 0006): money to 2 dp, shares to 6; MOIC and IRR null where undefined. */
export const holdingFiguresSchema = z.object({
  cost: z.string(),
  shares_held: z.string(),
  current_value: z.string(),
  realised: z.string(),
  gain: z.string(),
  moic: z.string().nullable(),
  irr: z.string().nullable(),
  price: priceMarkSchema.nullable(),
});
export type HoldingFigures = z.infer<typeof holdingFiguresSchema>;

/** One line of a company's register: an investor, and how they hold (personally or through something). */
const holderIdentity = {
  /** Stable within the company: `userId:holderType:entityId`. */
  key: z.string(),
  user_id: z.number().int(),
  name: z.string(),
  holder_type: z.enum(HOLDER_TYPES),
  holder_type_label: z.string(),
  /** The organisation, investment method or nominee's name; null when held personally. */
  held_through: z.string().nullable(),
  organisation_id: z.number().int().nullable(),
  investment_method_entity_id: z.number().int().nullable(),
  nominee_id: z.number().int().nullable(),
};

const ofCompany = { opportunity_id: z.number().int(), currency: z.string(), as_of: z.string() };

/**
 * The cap table on a date: each holder's shares and cost, their share of what the platform's holders
 * own, and of the company when a valuation gives its shares outstanding (percentages to 2 dp).
 */
export const capTableSchema = z.object({
  ...ofCompany,
  shares_outstanding: z.object({ date: z.string(), shares: z.string() }).nullable(),
  total: z.object({ holders: z.number().int(), shares: z.string(), cost: z.string(), percent_of_company: z.string().nullable() }),
  holders: z.array(
    z.object({
      ...holderIdentity,
      shares: z.string(),
      cost: z.string(),
      percent_of_holders: z.string().nullable(),
      percent_of_company: z.string().nullable(),
    }),
  ),
});
export type CapTable = z.infer<typeof capTableSchema>;

/** Each register line's returns, and the company's (null when nobody holds shares). */
export const capTablePerformanceSchema = z.object({
  ...ofCompany,
  total: holdingFiguresSchema.nullable(),
  holders: z.array(holdingFiguresSchema.extend(holderIdentity)),
});
export type CapTablePerformance = z.infer<typeof capTablePerformanceSchema>;

/** The Performance tab: each investor's figures and the company's, with the price per share over time (6 dp). */
export const companyPerformanceSchema = z.object({
  ...ofCompany,
  total: holdingFiguresSchema.nullable(),
  holders: z.array(holdingFiguresSchema.extend({ user_id: z.number().int(), name: z.string() })),
  series: z.array(z.object({ date: z.string(), source: z.string(), price: z.string() })),
});
export type CompanyPerformance = z.infer<typeof companyPerformanceSchema>;

/** What a register line received for shares sold: from an outcome (`outcome_id`) or a sale of its own. */
export const realisationSchema = z.object({
  id: z.number().int(),
  opportunity_id: z.number().int(),
  holder_key: z.string(),
  /** `name` is null once the line no longer holds shares in the company. */
  user: z.object({ id: z.number().int(), name: z.string().nullable() }),
  holder_type: z.enum(HOLDER_TYPES),
  held_through: z.string().nullable(),
  outcome_id: z.number().int().nullable(),
  date: z.string(),
  shares: z.string(),
  proceeds: z.string(),
  note: z.string().nullable(),
  created_at: z.string(),
});
export type Realisation = z.infer<typeof realisationSchema>;

/** A line of the company's register a sale may be recorded for, with the shares it holds today. */
export const registerLineSchema = z.object({
  key: z.string(),
  user: namedRef,
  held_through: z.string().nullable(),
  shares_held: z.string(),
  /** The end of the line's tax relief holding period, while tax relief is on and it claims any (decision 0060). */
  relief_ends_on: z.string().nullable(),
});
export type RegisterLine = z.infer<typeof registerLineSchema>;

/** A company's recorded proceeds, oldest first, and the register lines a sale may be recorded for. */
export const realisationsResponse = z.object({ data: z.array(realisationSchema), holders: z.array(registerLineSchema) });

/** A recorded sale or exit, with warnings for disposals inside a tax relief holding period (decision 0060). */
export const recordedRealisationResponse = <T extends z.ZodType>(data: T) => z.object({ data, warnings: z.array(z.string()) });

/** One line's sale of its own (a secondary sale, a buy-back); never more shares than it held on the date. */
export const createRealisationBody = z.strictObject({
  holder_key: z.string({ message: 'Choose the holder.' }).trim().min(1, 'Choose the holder.'),
  date: isoDateInput,
  shares: unitsInput.refine((v) => new Decimal(v).gt(0), 'Enter the number of shares sold.'),
  proceeds: moneyInput,
  note: clearable(textInput(2000)).optional(),
});

/** Every holder's proceeds from an exit, or from a partial realisation of `percentage` of each holding. */
export const realisationsFromOutcomeBody = z.strictObject({
  outcome_id: idInput('exit or partial realisation'),
  percentage: clearable(percentInput).optional(),
});

export const realisationParams = z.object({ id: idParam, realisationId: idParam });
