import { z } from 'zod';
import { PRE_EMPTION_CHOICE_IDS } from '../pre-emption';
import { clearable, idInput, isoDateInput, moneyInput, requiredText, unitsInput } from './fields';

/** One holder's entitlement in a pre-emption round, their answer and what it would be allotted. */
export const preEmptionEntitlementSchema = z.object({
  id: z.number().int(),
  round_id: z.number().int(),
  user: z.object({ id: z.number().int(), name: z.string() }),
  holder_type: z.string(),
  holder_type_label: z.string(),
  held_through: z.string().nullable(),
  shares_held: z.string(),
  entitled_shares: z.string(),
  entitled_amount: z.string(),
  choice: z.literal(PRE_EMPTION_CHOICE_IDS),
  choice_key: z.string(),
  choice_label: z.string(),
  requested_amount: z.string().nullable(),
  requested_shares: z.string().nullable(),
  chosen_by: z.object({ id: z.number().int(), name: z.string().nullable() }).nullable(),
  chosen_at: z.string().nullable(),
  allotted_shares: z.string(),
  allotted_amount: z.string(),
});
export type PreEmptionEntitlement = z.infer<typeof preEmptionEntitlementSchema>;

/** The round's totals over every holder (staff only). */
export const preEmptionRoundTotalsSchema = z.object({
  holders: z.number().int(),
  responded: z.number().int(),
  entitled_shares: z.string(),
  entitled_amount: z.string(),
  requested_shares: z.string(),
  requested_amount: z.string(),
  oversubscribed_shares: z.string(),
  allotted_shares: z.string(),
  allotted_amount: z.string(),
  unallotted_shares: z.string(),
  /** Holders per answer, by the answer's key. */
  by_choice: z.record(z.string(), z.number().int()),
});
export type PreEmptionRoundTotals = z.infer<typeof preEmptionRoundTotalsSchema>;

/** A pre-emption round. Staff get every entitlement and the totals; an investor only their own lines. */
export const preEmptionRoundSchema = z.object({
  id: z.number().int(),
  opportunity_id: z.number().int(),
  name: z.string(),
  currency: z.string(),
  price_per_share: z.string(),
  amount_available: z.string(),
  shares_offered: z.string(),
  deadline: z.string(),
  is_open: z.boolean(),
  accepts_choices: z.boolean(),
  created_at: z.string(),
  entitlements: z.array(preEmptionEntitlementSchema),
  totals: preEmptionRoundTotalsSchema.optional(),
});
export type PreEmptionRound = z.infer<typeof preEmptionRoundSchema>;

/** The rounds of one investment: `filter[opportunity_id]` is required, and nothing else is taken. */
export const preEmptionRoundsQuery = z.looseObject({
  'filter[opportunity_id]': z.string().optional().meta({ description: 'The investment whose rounds to list (required).' }),
});

/* Forms */

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

export const createPreEmptionRoundBody = z.strictObject({
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

export const updatePreEmptionRoundBody = z.strictObject({
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

/** Staff record a holder's answer. */
export const staffPreEmptionChoiceBody = z.strictObject({
  entitlement_id: required(idInput('holder'), 'Choose a holder.'),
  choice: choiceInput,
  requested_amount: clearable(moneyInput).optional(),
});

/** The investor answers for their own entitlement. */
export const investorPreEmptionChoiceBody = z.strictObject({
  choice: choiceInput,
  requested_amount: clearable(moneyInput).optional(),
});
