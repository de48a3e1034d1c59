import { z } from 'zod';
import { HOLDER_TYPES } from '../investments';
import { namedRef } from './common';

/**
 * What organisations, investment methods and nominees share (decision 0012): the delete that may be
 * permanent, the address their forms ask for, the investor's own investments through one of them,
 * and the holders an investor may invest through.
 */

/** `?permanent=1` removes a holder for good (delete_unsafe), also one already soft-deleted; without it the delete is soft. */
export const holderDeleteQuery = z.strictObject({ permanent: z.enum(['0', '1']).optional() });

/** An organisation's or a nominee's e-mail address. */
export const holderEmailInput = z
  .string()
  .trim()
  .max(254, 'Use at most 254 characters.')
  .email('Enter an email address such as name@example.com.');

/** The investor's own investment through one of their holders, as their portal lists it. */
export const myHeldInvestmentSchema = z.object({
  id: z.number().int(),
  /** The opportunity's name. */
  opportunity: z.string(),
  amount: z.string(),
  currency: z.string(),
  status: z.string(),
  status_label: z.string(),
  created_at: z.string(),
});
export type MyHeldInvestment = z.infer<typeof myHeldInvestmentSchema>;

/** How the investor may hold an investment besides personally; nominees only while the tenant offers them. */
export const myHoldersSchema = z.object({
  organisations: z.array(namedRef),
  /** Their accounts with methods, named "Method (reference)". */
  investment_method_entities: z.array(namedRef),
  nominees: z.array(namedRef),
});
export type MyHolders = z.infer<typeof myHoldersSchema>;

/**
 * One holder's share of a holding (decision 0054): who (the investor personally, their organisation,
 * method account or a nominee), named, and their percentage as an exact decimal string.
 */
export const ownershipShareSchema = z.object({
  holder_type: z.enum(HOLDER_TYPES),
  holder_type_label: z.string(),
  holder_id: z.number().int().nullable(),
  holder_name: z.string(),
  percentage: z.string(),
});
export type OwnershipShare = z.infer<typeof ownershipShareSchema>;
