import Decimal from 'decimal.js';
import { z } from 'zod';
import { TAX_RELIEFS } from '@platform/domain';
import { clearable, currencyInput, idInput, isoDateInput, moneyInput, requiredText, textInput, unitsInput } from '@platform/domain';

/** Input of the opportunity forms (DOMAIN.md lifecycle step 2). */

/** FormData sends lists as JSON text; JSON bodies send the list itself. */
function jsonList<S extends z.ZodType>(item: S, max: number, what: string) {
  return z.preprocess(
    (value) => {
      if (typeof value !== 'string') return value;
      try {
        return JSON.parse(value);
      } catch {
        return value;
      }
    },
    z.array(item, { message: `Send the ${what} as a list.` }).max(max, `Keep to ${max} ${what}.`),
  );
}

const booleanInput = z.preprocess(
  (value) => (value === '1' || value === 'true' ? true : value === '0' || value === 'false' ? false : value),
  z.boolean({ message: 'Choose yes or no.' }),
);

const keyDate = z.strictObject({ label: requiredText(120, 'Name the date.'), date: isoDateInput });
const teamMember = z.strictObject({ name: requiredText(120, 'Enter the name.'), role: textInput(120), bio: textInput(2000).optional() });

const opportunityFields = {
  name: requiredText(200, 'Enter the opportunity name.'),
  company_name: requiredText(200, 'Enter the company name.'),
  type: clearable(textInput(120)),
  sub_type: clearable(textInput(120)),
  industry: clearable(textInput(120)),
  round_type: clearable(textInput(120)),
  currency: currencyInput,
  target_raise: clearable(moneyInput),
  maximum_raise: clearable(moneyInput),
  minimum_investment: clearable(moneyInput),
  maximum_investment: clearable(moneyInput),
  share_price: clearable(unitsInput),
  pre_money_valuation: clearable(moneyInput),
  opens_at: clearable(isoDateInput),
  closes_at: clearable(isoDateInput),
  tax_relief: z.enum(TAX_RELIEFS, { message: 'Choose EIS, SEIS or none.' }),
  fees: clearable(textInput(1000)),
  summary: clearable(textInput(2000)),
  description: clearable(textInput(200_000)),
  key_points: jsonList(requiredText(300, 'Write the key point.'), 20, 'key points'),
  team: jsonList(teamMember, 30, 'team members'),
  key_dates: jsonList(keyDate, 50, 'key dates'),
  market_sounding_required: booleanInput,
  investment_terms: clearable(textInput(200_000)),
  bank_account_name: clearable(textInput(140)),
  bank_sort_code: clearable(
    z
      .string()
      .trim()
      .regex(/^\d{2}-?\d{2}-?\d{2}$/, 'Enter a sort code such as 12-34-56.'),
  ),
  bank_account_number: clearable(
    z
      .string()
      .trim()
      .regex(/^\d{8}$/, 'Enter an 8-digit account number.'),
  ),
  bank_iban: clearable(
    z
      .string()
      .trim()
      .regex(/^[A-Z]{2}\d{2}[A-Z0-9 ]{10,32}$/, 'Enter an IBAN such as GB29 NWBK 6016 1331 9268 19.'),
  ),
};

/** Cross-field rules shared by create and update (applied to the merged record). */
export function limitErrors(v: {
  target_raise?: string | null;
  maximum_raise?: string | null;
  minimum_investment?: string | null;
  maximum_investment?: string | null;
  opens_at?: string | null;
  closes_at?: string | null;
}): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const n = (x: string | null | undefined) => (x == null ? null : new Decimal(x));
  const [target, maxRaise, min, max] = [n(v.target_raise), n(v.maximum_raise), n(v.minimum_investment), n(v.maximum_investment)];
  if (maxRaise && target && maxRaise.lt(target)) errors.maximum_raise = ['The maximum raise cannot be below the target raise.'];
  if (min && max && max.lt(min)) errors.maximum_investment = ['The maximum investment cannot be below the minimum investment.'];
  const cap = maxRaise ?? target;
  if (min && cap && min.gt(cap)) errors.minimum_investment = ['The minimum investment cannot be above the raise.'];
  if (v.opens_at && v.closes_at && v.closes_at < v.opens_at) errors.closes_at = ['The closing date cannot be before the opening date.'];
  return errors;
}

export const createOpportunitySchema = z.strictObject({
  ...z.object(opportunityFields).partial().shape,
  name: opportunityFields.name,
  company_name: opportunityFields.company_name,
});

export const updateOpportunitySchema = z.strictObject(opportunityFields).partial();

export const transitionSchema = z.strictObject({
  status: z.coerce.number({ message: 'Choose a status.' }).int().min(1, 'Choose a status.').max(6, 'Choose a status.'),
});

export const invitationsSchema = z.strictObject({
  user_ids: jsonList(idInput('investor'), 1000, 'investors').refine((ids) => ids.length > 0, 'Choose at least one investor.'),
});

/**
 * An investment the firm already holds (made before the platform, or outside it), recorded straight
 * as Completed (decision 0008): it needs the date it completed and the price its shares were bought
 * at, since holdings are valued by their shares.
 */
export const createExistingSchema = z.strictObject({
  ...createOpportunitySchema.shape,
  share_price: unitsInput.refine((value) => new Decimal(value).gt(0), 'Enter the price the shares were bought at.'),
  completed_at: isoDateInput,
});

export type CreateOpportunityInput = z.infer<typeof createOpportunitySchema>;
export type CreateExistingInput = z.infer<typeof createExistingSchema>;
export type UpdateOpportunityInput = z.infer<typeof updateOpportunitySchema>;
