import { getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';

/**
 * Items sent to another system one by one, with retries (the accounting sync, decision 0059;
 * trigger deliveries, decision 0066). Each row has `id` and `next_attempt_at`: when a worker may take
 * it next. Taking moves that time on by a lease in one statement (FOR UPDATE SKIP LOCKED), so two
 * instances never take the same item, and an item whose worker died is taken again once the lease
 * runs out. The worker then writes the outcome: done, or failed with the next attempt after a back-off.
 */

/** Automatic retries stop after this many failed attempts; staff can still retry by hand. */
export const MAX_ATTEMPTS = 8;
/** Back-off after the n-th failure: one minute, doubling, at most six hours. */
export const retryDelayMs = (attempts: number) => Math.min(60_000 * 2 ** (attempts - 1), 6 * 60 * 60 * 1000);
/** When a failed item is tried again: after its back-off, or never once it has had its attempts. */
export const nextAttemptAfterFailure = (now: Date, attempts: number) =>
  attempts < MAX_ATTEMPTS ? new Date(now.getTime() + retryDelayMs(attempts)) : null;

const ts = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** Takes up to `batch` due items of `table` matching `where`, in `orderBy` order, for a lease; their ids. */
export async function takeDueItems(
  db: Db,
  table: PgTable,
  { where, orderBy, now, leaseMs, batch }: { where: SQL; orderBy: SQL; now: Date; leaseMs: number; batch: number },
): Promise<number[]> {
  const t = sql.identifier(getTableName(table));
  const { rows } = (await db.execute(sql`
    update ${t} set next_attempt_at = ${ts(new Date(now.getTime() + leaseMs))}
    where id in (
      select id from ${t}
      where ${where} and next_attempt_at <= ${ts(now)}
      order by ${orderBy}
      limit ${batch}
      for update skip locked)
    returning id`)) as unknown as { rows: Array<{ id: number }> };
  return rows.map((row) => Number(row.id));
}
