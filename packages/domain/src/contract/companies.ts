import { z } from 'zod';
import { MATURITY_STATUSES } from '../funds';
import { clearable, idInput, isoDateInput, moneyInput, requiredText, textInput } from './fields';
import { namedRef, type ListSpec } from './common';

/** A fund investment, the spec's "company"; `fund` (with its currency: the amounts are in it) with `include=fund`. */
export const companySchema = z.object({
  id: z.number().int(),
  fund_id: z.number().int(),
  company_name: z.string(),
  industry: z.string().nullable(),
  stage: z.string().nullable(),
  investment_date: z.string().nullable(),
  cost: z.string(),
  current_valuation: z.string().nullable(),
  valuation_date: z.string().nullable(),
  maturity_status: z.enum(MATURITY_STATUSES),
  description: z.string().nullable(),
  key_information: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  fund: z.object({ id: z.number().int(), name: z.string(), currency: z.string() }).nullable().optional(),
});
export type Company = z.infer<typeof companySchema>;

/** The companies list; a fund's Portfolio tab lists its own with the same query. */
export const COMPANIES_LIST = {
  name: 'companies',
  filters: ['fund_id', 'industry', 'stage', 'maturity_status', 'search', 'investment_date_from', 'investment_date_to'],
  sorts: [
    'company_name',
    'industry',
    'stage',
    'investment_date',
    'cost',
    'current_valuation',
    'maturity_status',
    'created_at',
    'updated_at',
  ],
  includes: ['fund'],
  fields: [
    'fund_id',
    'company_name',
    'industry',
    'stage',
    'investment_date',
    'cost',
    'current_valuation',
    'valuation_date',
    'maturity_status',
    'description',
    'key_information',
    'created_at',
    'updated_at',
  ],
} as const satisfies ListSpec;

/** One entry of a fund investment's maturity-status history. */
export const maturityStatusEntrySchema = z.object({
  id: z.number().int(),
  fund_investment_id: z.number().int(),
  status: z.enum(MATURITY_STATUSES),
  date: z.string(),
  note: z.string().nullable(),
  recorded_by: namedRef.nullable(),
  created_at: z.string(),
});
export type MaturityStatusEntry = z.infer<typeof maturityStatusEntrySchema>;

/** Recording a status answers the entry and the investment as it now stands. */
export const recordedMaturityStatusResponse = z.object({ data: maturityStatusEntrySchema, company: companySchema });

const maturityStatus = z.enum(MATURITY_STATUSES, { message: `Choose one of ${MATURITY_STATUSES.join(', ')}.` });

/** Missing or empty, the cost is asked for by name; given, it must be an amount. */
const costInput = z
  .unknown()
  .refine((value) => value !== undefined && value !== null && String(value).trim() !== '', 'Enter the cost.')
  .pipe(moneyInput);

const companyFields = {
  fund_id: idInput('fund'),
  company_name: requiredText(200, 'Enter the company name.'),
  industry: clearable(textInput(120)),
  stage: clearable(textInput(120)),
  investment_date: clearable(isoDateInput),
  cost: costInput,
  current_valuation: clearable(moneyInput),
  valuation_date: clearable(isoDateInput),
  description: clearable(textInput(5000)),
  key_information: clearable(textInput(200_000)),
};

export const createCompanyBody = z.strictObject({
  ...z.object(companyFields).partial().shape,
  fund_id: companyFields.fund_id,
  company_name: companyFields.company_name,
  cost: companyFields.cost,
  /** The first entry of the maturity-status history, dated the investment date (or today). Active when absent. */
  maturity_status: maturityStatus.optional(),
});

/** The maturity status is not edited here: it changes by recording a status, so its history stays whole. */
export const updateCompanyBody = z.strictObject(companyFields).partial();

export const createMaturityStatusBody = z.strictObject({
  status: maturityStatus,
  date: isoDateInput,
  note: clearable(textInput(2000)).optional(),
});
