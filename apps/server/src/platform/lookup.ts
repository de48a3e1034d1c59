import { inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';

export type Named = { id: number; name: string };
type NamedTable = PgTable & { id: PgColumn; name: PgColumn };

/**
 * `{ id, name }` of the rows a page refers to (owners, stages, funds…): one query for the whole
 * page, whatever its length, instead of one per row.
 */
export async function namesById(db: Db, table: NamedTable, ids: ReadonlyArray<number | null>): Promise<Map<number, Named>> {
  const wanted = [...new Set(ids.filter((id): id is number => id != null))];
  if (!wanted.length) return new Map();
  const rows = (await db
    .select({ id: table.id, name: table.name })
    .from(table as PgTable)
    .where(inArray(table.id, wanted))) as Named[];
  return new Map(rows.map((r) => [r.id, r]));
}
