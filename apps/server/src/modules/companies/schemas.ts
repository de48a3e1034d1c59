import { z } from 'zod';
import { MATURITY_STATUSES } from '../../db/schema';
import { clearable, idInput, isoDateInput, moneyInput, requiredText, textInput } from '@platform/domain';

/** Input of the fund investment ("company") forms and its maturity-status history. */

const maturityStatus = z.enum(MATURITY_STATUSES, { message: `Choose one of ${MATURITY_STATUSES.join(', ')}.` });

const companyFields = {
  fund_id: idInput('fund'),
  company_name: requiredText(200, 'Enter the company name.'),
  industry: clearable(textInput(120)),
  stage: clearable(textInput(120)),
  investment_date: clearable(isoDateInput),
  cost: moneyInput,
  current_valuation: clearable(moneyInput),
  valuation_date: clearable(isoDateInput),
  description: clearable(textInput(5000)),
  key_information: clearable(textInput(200_000)),
};

export const createCompanySchema = z.strictObject({
  ...z.object(companyFields).partial().shape,
  fund_id: companyFields.fund_id,
  company_name: companyFields.company_name,
  cost: companyFields.cost,
  /** The first entry of the maturity-status history, dated the investment date (or today). Active when absent. */
  maturity_status: maturityStatus.optional(),
});

/** The maturity status is not edited here: it changes by recording a status, so its history stays whole. */
export const updateCompanySchema = z.strictObject(companyFields).partial();

export const createMaturityStatusSchema = z.strictObject({
  status: maturityStatus,
  date: isoDateInput,
  note: clearable(textInput(2000)).optional(),
});

export type CreateCompanyInput = z.infer<typeof createCompanySchema>;
export type UpdateCompanyInput = z.infer<typeof updateCompanySchema>;
export type CreateMaturityStatusInput = z.infer<typeof createMaturityStatusSchema>;
