import { z } from 'zod';
import { idInput, idParam, requiredText } from './fields';

/**
 * An opportunity's investment terms, versioned (spec §3 "term conditions", decision 0053). The
 * highest version is the current one; investors accept a version for each investment.
 */

const TERMS_MAX = 200_000;

/** One version as staff manage it. */
export const termConditionSchema = z.object({
  id: z.number().int(),
  opportunity_id: z.number().int(),
  version: z.number().int(),
  /** Sanitised rich text. */
  body: z.string(),
  current: z.boolean(),
  /** Investments that accepted this version. */
  acceptances: z.number().int(),
  /** Whether it may still be corrected: no investor has accepted it. */
  editable: z.boolean(),
  created_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TermCondition = z.infer<typeof termConditionSchema>;

/** The current terms of an opportunity as anyone who may invest reads them; null when none are published. */
export const currentTermConditionSchema = z
  .object({ id: z.number().int(), opportunity_id: z.number().int(), version: z.number().int(), body: z.string(), created_at: z.string() })
  .nullable();
export type CurrentTermCondition = z.infer<typeof currentTermConditionSchema>;

/** One acceptance, as the investor finds it among their documents. */
export const myTermAcceptanceSchema = z.object({
  id: z.number().int(),
  investment_id: z.number().int(),
  accepted_at: z.string(),
  version: z.number().int(),
  body: z.string(),
  opportunity: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }),
});
export type MyTermAcceptance = z.infer<typeof myTermAcceptanceSchema>;

/** Which opportunity's terms: `?opportunity_id=`. */
export const termConditionsQuery = z.strictObject({ opportunity_id: idParam });

export const termConditionBodyField = requiredText(TERMS_MAX, 'Write the terms investors accept.');

/** Publishes a new version (the next number) of an opportunity's terms. */
export const createTermConditionBody = z.strictObject({
  opportunity_id: idInput('opportunity'),
  body: termConditionBodyField,
});
export type CreateTermConditionInput = z.input<typeof createTermConditionBody>;

/** Corrects a version no investor has accepted yet. */
export const updateTermConditionBody = z.strictObject({ body: termConditionBodyField });

/** The investor accepts this exact version for one of their investments. */
export const acceptTermConditionBody = z.strictObject({ term_condition_id: idInput('version of the terms') });
export type AcceptTermConditionInput = z.input<typeof acceptTermConditionBody>;
