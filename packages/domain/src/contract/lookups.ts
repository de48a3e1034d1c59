import { z } from 'zod';
import { namedRef, type ListSpec } from './common';
import { idInput, requiredText } from './fields';
import type { LookupListName } from '../lookups';

export const lookupValueSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** 0-based place in the list. */
  position: z.number().int(),
  /** Retired: kept on the records that hold it, not offered for new ones. */
  retired: z.boolean(),
  /** How many records (deals, companies, opportunities) hold this value. */
  in_use: z.number().int(),
  /** Sub-types only: the investment type the sub-type belongs to. */
  investment_type: namedRef.nullable(),
});
export type LookupValue = z.infer<typeof lookupValueSchema>;

export const lookupListSpec = (name: LookupListName) =>
  ({ name, filters: ['retired', 'investment_type_id'], sorts: [] }) as const satisfies ListSpec;

const yesNo = z
  .union([z.boolean(), z.enum(['1', '0', 'true', 'false'])], { message: 'Choose yes or no.' })
  .transform((v) => v === true || v === '1' || v === 'true');

const lookupName = requiredText(100, 'Enter the name.');
/** `investment_type_id` is required for sub-types and refused for the other lists. */
export const createLookupValueBody = z.strictObject({
  name: lookupName,
  investment_type_id: idInput('investment type').optional(),
});
export type CreateLookupValueInput = z.input<typeof createLookupValueBody>;

/** Rename, move (`position`, 0-based), retire or bring back (`retired`). */
export const updateLookupValueBody = z.strictObject({
  name: lookupName.optional(),
  investment_type_id: idInput('investment type').optional(),
  position: z.coerce
    .number({ message: 'Enter a position of 0 or more.' })
    .int('Enter a whole number.')
    .min(0, 'Enter a position of 0 or more.')
    .optional(),
  retired: yesNo.optional(),
});
export type UpdateLookupValueInput = z.input<typeof updateLookupValueBody>;
