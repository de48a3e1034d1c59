import { z } from 'zod';
import { cashIncentiveIn, cashIncentiveMessage } from '../rewards';
import { clearable, idInput, idParam, moneyInput, requiredText, textInput } from './fields';

/**
 * Investor perks of an opportunity (spec §3 "rewards", decision 0063): tiers by the minimum amount
 * invested, each with a title, a description and how to claim it. Plain text throughout.
 */

/** A perk as staff manage it. */
export const rewardSchema = z.object({
  id: z.number().int(),
  opportunity_id: z.number().int(),
  /** The least an investor must have invested to qualify (a decimal string in the opportunity's currency). */
  min_amount: z.string(),
  currency: z.string(),
  title: z.string(),
  description: z.string(),
  /** A code or instructions, shown to investors only once they qualify. */
  how_to_claim: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Reward = z.infer<typeof rewardSchema>;

/** A perk as an investor sees it: the claim instructions only on a tier they qualify for. */
export const myRewardSchema = rewardSchema.pick({ id: true, min_amount: true, currency: true, title: true, description: true }).extend({
  qualified: z.boolean(),
  how_to_claim: z.string().nullable(),
});
export type MyReward = z.infer<typeof myRewardSchema>;

/** The perks of one opportunity for the signed-in investor, with what they hold in it. */
export const myRewardsSchema = z.object({
  opportunity_id: z.number().int(),
  currency: z.string(),
  /** Paid and completed investments in it (their holding's cost), "0.00" before any. */
  invested: z.string(),
  perks: z.array(myRewardSchema),
});
export type MyRewards = z.infer<typeof myRewardsSchema>;

/** Which opportunity's perks: `?opportunity_id=`. */
export const rewardsQuery = z.strictObject({ opportunity_id: idParam });

/** A text field that refuses obvious cash incentives with the same message on the server and in the form. */
const perkText = <S extends z.ZodType<string | null | undefined>>(schema: S) =>
  schema.superRefine((value, ctx) => {
    const found = cashIncentiveIn(value);
    if (found) ctx.addIssue({ code: 'custom', message: cashIncentiveMessage(found) });
  });

const rewardFields = {
  min_amount: moneyInput,
  title: perkText(requiredText(120, 'Name the perk, such as “20% off all orders”.')),
  description: perkText(requiredText(2000, 'Describe the perk.')),
  how_to_claim: perkText(clearable(textInput(500)).optional()),
};

export const createRewardBody = z.strictObject({ opportunity_id: idInput('opportunity'), ...rewardFields });
export type CreateRewardInput = z.input<typeof createRewardBody>;

export const updateRewardBody = z.strictObject(rewardFields).partial();
export type UpdateRewardInput = z.input<typeof updateRewardBody>;
