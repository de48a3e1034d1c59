import type { PublicFlagName } from './flags';
import type { PermissionEvent } from './permissions';

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
