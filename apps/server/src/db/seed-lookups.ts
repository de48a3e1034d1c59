import type { LookupListName } from '@platform/domain';
import type { Db } from './client';
import { lookupValues } from './schema';

/** The demo's lookup lists (decision 0027): every value its deals, companies and opportunities hold, and a few more. */
const DEMO_LISTS: Record<LookupListName, string[]> = {
  industries: [
    'Advanced materials',
    'Aerospace',
    'Clean energy',
    'Climate',
    'Consumer',
    'Cyber security',
    'Education',
    'Fintech',
    'Food & drink',
    'Healthcare',
    'Life sciences',
    'Logistics',
    'Manufacturing',
    'Media',
    'Robotics',
    'Software',
    'Transport',
  ],
  'investment-types': ['Equity', 'Debt', 'Fund'],
  'investment-sub-types': [],
  'investment-round-types': ['Pre-seed', 'Seed', 'Series A', 'Series B', 'Bridge', 'Placing'],
  'investment-categories': ['Venture', 'Growth', 'Impact'],
  'investment-characters': ['Unlisted', 'AIM-listed'],
};
/** Sub-types by the type they belong to. */
const DEMO_SUB_TYPES: Record<string, string[]> = {
  Equity: ['Ordinary shares', 'Preference shares'],
  Debt: ['Convertible loan note', 'Venture debt'],
};

/** Skipped when any list has an entry, so a firm's own lists (or migrated values) are never touched. */
export async function seedLookups(db: Db): Promise<void> {
  if ((await db.select({ id: lookupValues.id }).from(lookupValues).limit(1)).length) return;
  for (const [list, names] of Object.entries(DEMO_LISTS)) {
    if (names.length) await db.insert(lookupValues).values(names.map((name, position) => ({ list, name, position })));
  }
  const types = await db.select().from(lookupValues);
  let position = 0;
  for (const type of types.filter((t) => t.list === 'investment-types')) {
    for (const name of DEMO_SUB_TYPES[type.name] ?? []) {
      await db.insert(lookupValues).values({ list: 'investment-sub-types', name, parentId: type.id, position: position++ });
    }
  }
}
