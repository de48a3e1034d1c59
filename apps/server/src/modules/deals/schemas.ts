import { z } from 'zod';
import { clearable, currencyInput, idInput, isoDateInput, moneyInput, requiredText, textInput } from '@platform/domain';

/** Input of the deal forms (spec §2.2 Deals; DOMAIN.md lifecycle step 1). */

const keyDate = z.strictObject({ label: requiredText(120, 'Name the date.'), date: isoDateInput });

/** FormData sends the key dates as JSON text; JSON bodies send the array itself. */
const keyDates = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  },
  z.array(keyDate, { message: 'Send the key dates as a list of { label, date }.' }).max(50, 'Keep to 50 key dates.'),
);

const dealFields = {
  company_name: requiredText(200, 'Enter the company name.'),
  owner_id: clearable(idInput('owner')),
  source: clearable(textInput(200)),
  amount_sought: clearable(moneyInput),
  pre_money_valuation: clearable(moneyInput),
  currency: currencyInput,
  industry: clearable(textInput(120)),
  summary: clearable(textInput(5000)),
  key_information: clearable(textInput(200_000)),
  key_dates: keyDates,
  performance_notes: clearable(textInput(200_000)),
};

export const createDealSchema = z.strictObject({
  pipeline_id: idInput('pipeline'),
  /** The first stage of the pipeline when absent. */
  stage_id: idInput('stage').optional(),
  ...z.object(dealFields).partial().shape,
  company_name: dealFields.company_name,
});

/** A stage change through the edit form puts the deal at the end of that stage. */
export const updateDealSchema = z.strictObject({ ...dealFields, stage_id: idInput('stage') }).partial();

export const moveDealSchema = z.strictObject({
  stage_id: idInput('stage'),
  /** 0-based place in the stage; the end when absent or beyond it. */
  position: z.coerce.number().int('Enter a whole number.').min(0, 'Enter 0 or more.').optional(),
});

export type CreateDealInput = z.infer<typeof createDealSchema>;
export type UpdateDealInput = z.infer<typeof updateDealSchema>;
