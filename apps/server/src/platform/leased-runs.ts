import { randomUUID } from 'node:crypto';
import { getTableName, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';

/**
 * Background runs worked through by a tick on every instance (`repeatWhileUp`), one worker per run
 * at a time (decision 0029): a run is claimed for a lease when it is not done and no live worker
 * holds it (FOR UPDATE SKIP LOCKED, so two instances never claim the same run), the lease is
 * renewed after every batch, and a worker that dies leaves its lease to run out so the next claim
 * resumes where it stopped. Each batch is its own transaction that also moves the run's progress,
 * so a batch is either done and counted or not done at all.
 *
 * A run table has these columns (`leasedRunColumns` in db/schema/columns.ts): `id`, `status` (`queued`, `running`, `done`), `worker`,
 * `claimed_until`, `started_at`, `finished_at`.
 */
export interface LeasedRunColumns {
  id: PgColumn;
  status: PgColumn;
  worker: PgColumn;
  claimedUntil: PgColumn;
  startedAt: PgColumn;
  finishedAt: PgColumn;
}

export interface LeasedRuns {
  /** Claims the oldest open run no live worker holds, for a lease; its id, or null when there is none. */
  claim(db: Db, now: Date, worker: string): Promise<number | null>;
  /** Renews the lease while this worker still holds it; false when another worker has taken the run over. */
  renew(db: Db, runId: number, now: Date, worker: string): Promise<boolean>;
  /** Marks the run done, if this worker still holds it. */
  finish(db: Db, runId: number, now: Date, worker: string): Promise<void>;
}

/** A name for this process's worker on the runs it claims. */
export const workerName = (kind: string) => `${kind}-${process.pid}-${randomUUID().slice(0, 8)}`;

type Rows = { rows: Array<{ id: number }> };

export function leasedRuns(table: PgTable, c: LeasedRunColumns, leaseMs: number): LeasedRuns {
  const t = sql.identifier(getTableName(table));
  const col = (column: PgColumn) => sql.identifier(column.name);
  const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
  const ids = async (db: Db, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as Rows).rows;
  return {
    async claim(db, now, worker) {
      const [claimed] = await ids(
        db,
        sql`update ${t} set ${col(c.status)} = 'running', ${col(c.worker)} = ${worker},
              ${col(c.claimedUntil)} = ${at(new Date(now.getTime() + leaseMs))},
              ${col(c.startedAt)} = coalesce(${col(c.startedAt)}, ${at(now)})
            where ${col(c.id)} = (
              select ${col(c.id)} from ${t}
              where ${col(c.status)} <> 'done' and (${col(c.claimedUntil)} is null or ${col(c.claimedUntil)} < ${at(now)})
              order by ${col(c.id)} limit 1
              for update skip locked)
            returning ${col(c.id)} as id`,
      );
      return claimed ? Number(claimed.id) : null;
    },
    async renew(db, runId, now, worker) {
      const renewed = await ids(
        db,
        sql`update ${t} set ${col(c.claimedUntil)} = ${at(new Date(now.getTime() + leaseMs))}
            where ${col(c.id)} = ${runId} and ${col(c.worker)} = ${worker} returning ${col(c.id)} as id`,
      );
      return renewed.length > 0;
    },
    async finish(db, runId, now, worker) {
      await db.execute(
        sql`update ${t} set ${col(c.status)} = 'done', ${col(c.finishedAt)} = ${at(now)}, ${col(c.worker)} = null, ${col(c.claimedUntil)} = null
            where ${col(c.id)} = ${runId} and ${col(c.worker)} = ${worker}`,
      );
    },
  };
}
