import { eq } from 'drizzle-orm';
import type { LookupListName } from '@platform/domain';
import { lookupValues } from '../db/schema';
import type { TestApp } from './harness';

/** Entries appended to a lookup list, so records may hold them (decision 0027). */
export async function addLookupValues(t: TestApp, list: LookupListName, names: string[], parentId: number | null = null) {
  const existing = await t.db.$count(lookupValues, eq(lookupValues.list, list));
  return t.db
    .insert(lookupValues)
    .values(names.map((name, i) => ({ list, name, parentId, position: existing + i })))
    .onConflictDoNothing()
    .returning();
}
