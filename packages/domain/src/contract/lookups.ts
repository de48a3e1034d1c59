import { z } from 'zod';
import type { PublicFlagName } from '../flags';
import type { PermissionEvent } from '../permissions';
import { namedRef, type ListSpec } from './common';
import { idInput, requiredText } from './fields';

/**
 * Lookup lists (spec §2.2 settings industries, investment-types, investment-sub-types and,
 * behind their flags, investment-categories and investment-characters; decision 0027): the values opportunities, deals and companies choose from. Each list is served at
 * `/api/<list>` and `/api/<list>/{id}`, ordered by `position`. An entry that records hold cannot be
 * deleted, only retired: it stays on those records and is no longer offered for new ones.
 */
export const LOOKUP_LISTS = {
  industries: { event: 'settings_industries', title: 'Industries', noun: 'industry' },
  'investment-types': { event: 'settings_types', title: 'Investment Types', noun: 'investment type' },
  'investment-sub-types': { event: 'settings_sub_types', title: 'Investment Sub-types', noun: 'investment sub-type' },
  'investment-round-types': { event: 'settings_types', title: 'Investment Round Types', noun: 'round type' },
  'investment-categories': {
    event: 'settings_types',
    title: 'Investment Categories',
    noun: 'investment category',
    flag: 'investment_categories_enabled',
  },
  'investment-characters': {
    event: 'settings_types',
    title: 'Investment Characters',
    noun: 'investment character',
    flag: 'investment_characters_enabled',
  },
} as const satisfies Record<string, { event: PermissionEvent; title: string; noun: string; flag?: PublicFlagName }>;

/** The flag a list lives behind, if any: with it off the list's routes answer 404 and its fields are hidden. */
export const lookupListFlag = (list: LookupListName): PublicFlagName | undefined =>
  'flag' in LOOKUP_LISTS[list] ? (LOOKUP_LISTS[list] as { flag: PublicFlagName }).flag : undefined;

export type LookupListName = keyof typeof LOOKUP_LISTS;
export const LOOKUP_LIST_NAMES = Object.keys(LOOKUP_LISTS) as LookupListName[];

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
