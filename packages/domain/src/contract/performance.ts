import { z } from 'zod';
import { clearable, idInput, isoDateInput, moneyInput, textInput, unitsInput } from './fields';

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
