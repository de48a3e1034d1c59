import { z } from 'zod';
import { CURRENCIES } from '../currencies';
import { FEE_REQUEST_STATUSES, MEMBERSHIP_INTERVALS, MEMBERSHIP_STATUSES } from '../memberships';
import { PAYMENT_STATES } from '../cash-calls';
import { namedRef } from './common';
import { clearable, currencyInput, idInput, moneyInput, requiredText, textInput } from './fields';

const positiveMoney = (message: string) => moneyInput.refine((value) => Number(value) > 0, message);

/** A membership plan staff offer (Settings › Membership Plans). */
export const membershipPlanSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  amount: z.string(),
  currency: z.enum(CURRENCIES),
  interval: z.enum(MEMBERSHIP_INTERVALS),
  interval_label: z.string(),
  active: z.boolean(),
  subscribers: z.number().int(),
});
export type MembershipPlan = z.infer<typeof membershipPlanSchema>;

/** A new plan: its price and interval are fixed once made (a new price is a new plan). */
export const createMembershipPlanBody = z.strictObject({
  name: requiredText(120, 'Enter the plan name.'),
  description: clearable(textInput(500)).optional(),
  amount: positiveMoney('Enter what the plan costs each interval.'),
  currency: currencyInput.default('GBP'),
  interval: z.enum(MEMBERSHIP_INTERVALS, { message: 'Choose monthly or yearly.' }),
});
export type CreateMembershipPlanInput = z.input<typeof createMembershipPlanBody>;

/** What may change on a plan: its wording, and whether new members may choose it. */
export const updateMembershipPlanBody = z.strictObject({
  name: requiredText(120, 'Enter the plan name.').optional(),
  description: clearable(textInput(500)).optional(),
  active: z.boolean({ message: 'Say whether the plan is offered.' }).optional(),
});

/** An investor's membership: its plan, where it stands and what the next payment will be. */
export const membershipSchema = z.object({
  id: z.number().int(),
  plan: membershipPlanSchema,
  status: z.enum(MEMBERSHIP_STATUSES),
  status_label: z.string(),
  cancel_at_period_end: z.boolean(),
  current_period_end: z.string().nullable(),
  /** The next renewal, when one will be taken: none while awaiting the first payment or once cancelled. */
  next_payment: z.object({ on: z.string(), amount: z.string(), currency: z.string() }).nullable(),
  started_at: z.string(),
  ended_at: z.string().nullable(),
});
export type Membership = z.infer<typeof membershipSchema>;

/** A card payment of the investor's membership or fees, as the investor and their record show it. */
export const cardPaymentSchema = z.object({
  id: z.number().int(),
  amount: z.string(),
  currency: z.string(),
  state: z.enum(PAYMENT_STATES),
  state_label: z.string(),
  received_on: z.string(),
  description: z.string().nullable(),
});
export type CardPayment = z.infer<typeof cardPaymentSchema>;

/** The investor's membership, its payments, and (for the investor) the plans they may choose. */
export const membershipOverviewSchema = z.object({
  subscription: membershipSchema.nullable(),
  payments: z.array(cardPaymentSchema),
  plans: z.array(membershipPlanSchema),
});
export type MembershipOverview = z.infer<typeof membershipOverviewSchema>;

/** Start a membership on a plan, or move to another plan. */
export const choosePlanBody = z.strictObject({ plan_id: idInput('plan') });

/** A one-off payment staff ask of an investor, which the investor pays by card. */
export const feeRequestSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  description: z.string(),
  amount: z.string(),
  currency: z.string(),
  status: z.enum(FEE_REQUEST_STATUSES),
  status_label: z.string(),
  requested_by: namedRef.nullable(),
  paid_at: z.string().nullable(),
  created_at: z.string(),
});
export type FeeRequest = z.infer<typeof feeRequestSchema>;

export const createFeeRequestBody = z.strictObject({
  user_id: idInput('investor'),
  description: requiredText(200, 'Say what the fee is for.'),
  amount: positiveMoney('Enter the amount of the fee.'),
  currency: currencyInput.default('GBP'),
});
export type CreateFeeRequestInput = z.input<typeof createFeeRequestBody>;
