import { z } from 'zod';
import { RELIEF_SCHEMES } from '../tax';
import { clearable, idInput, isoDateInput, moneyInput, unitsInput } from './fields';
import { holderFields, holderOf } from './investments';

const reliefFields = {
  share_issue_id: clearable(idInput('share issue')).optional(),
  relief: clearable(z.enum(RELIEF_SCHEMES, { message: 'Choose EIS, SEIS, VCT or none.' })).optional(),
};

/** The follow-ons of one company: `filter[opportunity_id]` is required. */
export const subsequentInvestmentsQuery = z.strictObject({
  'filter[opportunity_id]': idInput('investment').meta({ description: 'The investment whose follow-ons to list.' }),
});

/** Staff record a holder's follow-on: what they paid, the shares it bought, on which day. */
export const subsequentInvestmentBody = z
  .strictObject({
    opportunity_id: idInput('investment'),
    user_id: idInput('investor'),
    amount: moneyInput.refine((v) => Number(v) > 0, 'Enter the amount invested.'),
    shares: unitsInput.refine((v) => Number(v) > 0, 'Enter the number of shares bought.'),
    invested_on: isoDateInput,
    ...holderFields,
    ...reliefFields,
  })
  .transform(holderOf);
export type SubsequentInvestmentInput = z.infer<typeof subsequentInvestmentBody>;

/** Turns a closed pre-emption round's allotments into follow-ons paid on one day. */
export const convertAllotmentsBody = z.strictObject({ invested_on: isoDateInput, ...reliefFields });
export type ConvertAllotmentsInput = z.infer<typeof convertAllotmentsBody>;
