import { and, asc, count, eq, inArray, isNull, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { LOOKUP_LISTS, type LookupListName, type LookupValue } from '@platform/domain';
import type { Db } from '../../db/client';
import { fundInvestments, investmentOpportunities, lookupValues, pipelineDeals } from '../../db/schema';
import { AppError, notFound, validationError } from '../../platform/errors';

export type LookupRow = typeof lookupValues.$inferSelect;

interface Holder {
  table: PgTable;
  column: PgColumn;
}

/** The record columns whose text is an entry of each list (decision 0027). */
const HOLDERS: Record<LookupListName, Holder[]> = {
  industries: [
    { table: pipelineDeals, column: pipelineDeals.industry },
    { table: fundInvestments, column: fundInvestments.industry },
    { table: investmentOpportunities, column: investmentOpportunities.industry },
  ],
  'investment-types': [{ table: investmentOpportunities, column: investmentOpportunities.type }],
  'investment-sub-types': [{ table: investmentOpportunities, column: investmentOpportunities.subType }],
  'investment-round-types': [{ table: investmentOpportunities, column: investmentOpportunities.roundType }],
  'investment-categories': [{ table: investmentOpportunities, column: investmentOpportunities.category }],
  'investment-characters': [{ table: investmentOpportunities, column: investmentOpportunities.character }],
};

const isSubTypes = (list: LookupListName) => list === 'investment-sub-types';

/** How many records hold each name (deleted records too: the value is still on them). */
async function usage(db: Db, list: LookupListName, names: string[]): Promise<Map<string, number>> {
  const used = new Map<string, number>();
  if (!names.length) return used;
  for (const { table, column } of HOLDERS[list]) {
    const rows = await db
      .select({ name: sql<string>`${column}`, n: count() })
      .from(table)
      .where(inArray(column, names))
      .groupBy(column);
    for (const row of rows) used.set(row.name, (used.get(row.name) ?? 0) + Number(row.n));
  }
  return used;
}

async function present(db: Db, list: LookupListName, rows: LookupRow[]): Promise<LookupValue[]> {
  const used = await usage(
    db,
    list,
    rows.map((r) => r.name),
  );
  const parentIds = [...new Set(rows.flatMap((r) => (r.parentId ? [r.parentId] : [])))];
  const parents = parentIds.length
    ? new Map(
        (
          await db.select({ id: lookupValues.id, name: lookupValues.name }).from(lookupValues).where(inArray(lookupValues.id, parentIds))
        ).map((p) => [p.id, p]),
      )
    : new Map<number, { id: number; name: string }>();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    position: row.position,
    retired: row.retiredAt !== null,
    in_use: used.get(row.name) ?? 0,
    investment_type: row.parentId ? (parents.get(row.parentId) ?? null) : null,
  }));
}

export async function listLookupValues(db: Db, list: LookupListName, where: SQL | undefined): Promise<LookupValue[]> {
  const rows = await db
    .select()
    .from(lookupValues)
    .where(and(eq(lookupValues.list, list), where))
    .orderBy(asc(lookupValues.position), asc(lookupValues.id));
  return present(db, list, rows);
}

export const retiredFilter = (value: string) =>
  ['1', 'true'].includes(value) ? isNotNull(lookupValues.retiredAt) : isNull(lookupValues.retiredAt);

async function findRow(db: Db, list: LookupListName, id: number): Promise<LookupRow> {
  const [row] = await db
    .select()
    .from(lookupValues)
    .where(and(eq(lookupValues.list, list), eq(lookupValues.id, id)));
  if (!row) throw notFound(LOOKUP_LISTS[list].noun);
  return row;
}

export async function findLookupValue(db: Db, list: LookupListName, id: number): Promise<LookupValue> {
  return (await present(db, list, [await findRow(db, list, id)]))[0];
}

/** Sub-types need a live investment type; the other lists take none. */
async function checkParent(db: Db, list: LookupListName, parentId: number | undefined): Promise<void> {
  if (!isSubTypes(list)) {
    if (parentId !== undefined) throw validationError({ investment_type_id: ['Only sub-types belong to an investment type.'] });
    return;
  }
  if (parentId === undefined) throw validationError({ investment_type_id: ['Choose an investment type.'] });
  const [type] = await db
    .select({ id: lookupValues.id })
    .from(lookupValues)
    .where(and(eq(lookupValues.list, 'investment-types'), eq(lookupValues.id, parentId), isNull(lookupValues.retiredAt)));
  if (!type) throw validationError({ investment_type_id: ['Choose an investment type.'] });
}

/** Locks the list's rows (in id order) so concurrent moves queue; returns them in list order. */
async function lockList(tx: Db, list: LookupListName): Promise<LookupRow[]> {
  const rows = await tx.select().from(lookupValues).where(eq(lookupValues.list, list)).orderBy(asc(lookupValues.id)).for('update');
  return rows.sort((a, b) => a.position - b.position || a.id - b.id);
}

/** Writes dense positions 0..n-1 in the given order, touching only rows that move. */
async function renumber(tx: Db, ordered: LookupRow[]): Promise<void> {
  for (const [position, row] of ordered.entries()) {
    if (row.position !== position) await tx.update(lookupValues).set({ position }).where(eq(lookupValues.id, row.id));
  }
}

/** A new entry goes to the end of its list. */
export async function createLookupValue(
  tx: Db,
  list: LookupListName,
  input: { name: string; investment_type_id?: number },
): Promise<LookupRow> {
  await checkParent(tx, list, input.investment_type_id);
  const rows = await lockList(tx, list);
  const [created] = await tx
    .insert(lookupValues)
    .values({ list, name: input.name, parentId: input.investment_type_id ?? null, position: rows.length })
    .returning();
  return created;
}

/**
 * Rename (the records holding the old name follow), move to `position`, change a sub-type's type,
 * retire or bring back. Returns the row before and after.
 */
export async function updateLookupValue(
  tx: Db,
  list: LookupListName,
  id: number,
  input: { name?: string; investment_type_id?: number; position?: number; retired?: boolean },
  now: Date,
): Promise<{ before: LookupRow; after: LookupRow }> {
  if (input.investment_type_id !== undefined) await checkParent(tx, list, input.investment_type_id);
  const rows = await lockList(tx, list);
  const before = rows.find((r) => r.id === id);
  if (!before) throw notFound(LOOKUP_LISTS[list].noun);
  if (input.position !== undefined) {
    const others = rows.filter((r) => r.id !== id);
    others.splice(Math.min(input.position, others.length), 0, before);
    await renumber(tx, others);
  }
  const name = input.name ?? before.name;
  const [after] = await tx
    .update(lookupValues)
    .set({
      name,
      parentId: input.investment_type_id ?? before.parentId,
      retiredAt: input.retired === undefined ? before.retiredAt : input.retired ? (before.retiredAt ?? now) : null,
      updatedAt: now,
    })
    .where(eq(lookupValues.id, id))
    .returning();
  if (name !== before.name) {
    for (const { table, column } of HOLDERS[list]) {
      await tx.execute(sql`update ${table} set ${sql.identifier(column.name)} = ${name} where ${column} = ${before.name}`);
    }
  }
  return { before, after };
}

/** Only an entry no record holds (and, for a type, with no sub-types) can be deleted; else 409. */
export async function deleteLookupValue(tx: Db, list: LookupListName, id: number): Promise<LookupRow> {
  const rows = await lockList(tx, list);
  const row = rows.find((r) => r.id === id);
  if (!row) throw notFound(LOOKUP_LISTS[list].noun);
  const inUse = (await usage(tx, list, [row.name])).get(row.name) ?? 0;
  if (inUse > 0) {
    throw new AppError(
      'conflict',
      `${row.name} is used by ${inUse} ${inUse === 1 ? 'record' : 'records'} and cannot be deleted. Retire it instead: it stays on those records and is no longer offered.`,
    );
  }
  if (list === 'investment-types') {
    const [children] = await tx.select({ n: count() }).from(lookupValues).where(eq(lookupValues.parentId, id));
    if (Number(children.n) > 0)
      throw new AppError('conflict', `${row.name} has sub-types. Delete or move them first, or retire it instead.`);
  }
  await tx.delete(lookupValues).where(eq(lookupValues.id, id));
  await renumber(
    tx,
    rows.filter((r) => r.id !== id),
  );
  return row;
}

/**
 * What a deal, company or opportunity may hold in a list's field: a live entry of the list, or the
 * value the record already holds (a retired entry stays on old records). Blank clears the field.
 */
export async function assertListed(
  db: Db,
  list: LookupListName,
  field: string,
  value: string | null | undefined,
  current: string | null = null,
): Promise<void> {
  if (value === undefined || value === null || value === current) return;
  const [entry] = await db
    .select({ id: lookupValues.id })
    .from(lookupValues)
    .where(and(eq(lookupValues.list, list), eq(lookupValues.name, value), isNull(lookupValues.retiredAt)));
  if (!entry) throw validationError({ [field]: [`Choose ${article(LOOKUP_LISTS[list].noun)} from the list.`] });
}

const article = (noun: string) => (/^[aeiou]/i.test(noun) ? `an ${noun}` : `a ${noun}`);
