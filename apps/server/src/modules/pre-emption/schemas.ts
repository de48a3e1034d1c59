import { z } from 'zod';
import { PRE_EMPTION_CHOICE_IDS } from '@platform/domain';
import { clearable, idInput, isoDateInput, moneyInput, requiredText, unitsInput } from '@platform/domain';

/** A field the form must send: absent or blank gets this message rather than a type error. */
function required<S extends z.ZodType>(schema: S, message: string) {
  return z.unknown().transform((value, ctx): z.output<S> => {
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
      return z.NEVER;
    }
    return parsed.data;
  });
}

// The inputs are exact decimal strings already; any non-zero one is positive (no sign is accepted).
const isPositive = (value: string) => /[1-9]/.test(value);

export const createRoundSchema = z.strictObject({
  opportunity_id: idInput('investment'),
  name: required(requiredText(200, 'Name the round, e.g. "Series B pre-emption".'), 'Name the round, e.g. "Series B pre-emption".'),
  price_per_share: required(
    unitsInput.refine(isPositive, 'The price per share must be more than zero.'),
    'Enter the price per share of the new shares.',
  ),
  amount_available: required(
    moneyInput.refine(isPositive, 'The amount available must be more than zero.'),
    'Enter the amount the company is raising from its holders.',
  ),
  deadline: required(isoDateInput, 'Enter the last day holders may answer.'),
});

export const updateRoundSchema = z.strictObject({
  name: requiredText(200, 'Name the round, e.g. "Series B pre-emption".').optional(),
  deadline: isoDateInput.optional(),
  is_open: z
    .preprocess(
      (v) => (v === '1' || v === 'true' ? true : v === '0' || v === 'false' ? false : v),
      z.boolean({ message: 'Choose open or closed.' }),
    )
    .optional(),
});

const choiceInput = required(
  z.coerce
    .number({ message: 'Choose an answer.' })
    .refine(
      (v): v is (typeof PRE_EMPTION_CHOICE_IDS)[number] => (PRE_EMPTION_CHOICE_IDS as readonly number[]).includes(v),
      'Choose an answer.',
    ),
  'Choose an answer.',
);

export const staffChoiceSchema = z.strictObject({
  entitlement_id: required(idInput('holder'), 'Choose a holder.'),
  choice: choiceInput,
  requested_amount: clearable(moneyInput).optional(),
});

export const investorChoiceSchema = z.strictObject({
  choice: choiceInput,
  requested_amount: clearable(moneyInput).optional(),
});
