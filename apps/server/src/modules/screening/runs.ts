import { and, asc, count, desc, eq, gt, inArray, isNull, lte, max, sql } from 'drizzle-orm';
import { Role, type ScreeningRun } from '@platform/domain';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../db/client';
import { screeningRuns, users } from '../../db/schema';
import { notFound } from '../../platform/errors';
import { leasedRuns, workerName } from '../../platform/leased-runs';
import { listScreeningProvider, type ScreeningProvider, screenBatch } from '../../shared/screening';

/**
 * Screening everyone again after a list upload (decision 0032), as a background run with the lease
 * of bulk statements (platform/leased-runs.ts): the upload creates the run, fixing its audience as
 * the live investors up to the highest id then; a tick on every instance claims it and screens a
 * batch at a time, each batch one transaction that files the matches and moves the run's cursor
 * and counts. A run taken over after its lease ran out resumes after the last investor counted,
 * so no investor is screened twice by one run and no match is raised twice.
 */
type RunRow = typeof screeningRuns.$inferSelect;
type Deps = Pick<AppContext, 'db' | 'clock'>;

export const SCREENING_TICK_MS = 3_000;
export const SCREENING_LEASE_MS = 2 * 60_000;
export const SCREENING_BATCH = 200;
const WORKER = workerName('screening');
const LEASE = leasedRuns(screeningRuns, screeningRuns, SCREENING_LEASE_MS);

const liveInvestors = and(eq(users.roleId, Role.User), isNull(users.deletedAt));

export async function presentScreeningRuns(db: Db, rows: RunRow[]): Promise<ScreeningRun[]> {
  const ids = [...new Set(rows.map((r) => r.requestedBy).filter((id): id is number => id !== null))];
  const people = ids.length
    ? await db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(inArray(users.id, ids))
    : [];
  const person = new Map(people.map((p) => [p.id, p]));
  return rows.map((r) => ({
    id: r.id,
    list_id: r.listId,
    status: r.status as ScreeningRun['status'],
    total: r.total,
    screened: r.screened,
    new_matches: r.newMatches,
    requested_by: r.requestedBy === null ? null : (person.get(r.requestedBy) ?? null),
    created_at: r.createdAt.toISOString(),
    started_at: r.startedAt?.toISOString() ?? null,
    finished_at: r.finishedAt?.toISOString() ?? null,
  }));
}

export async function findScreeningRun(db: Db, id: number): Promise<RunRow> {
  const [row] = await db.select().from(screeningRuns).where(eq(screeningRuns.id, id));
  if (!row) throw notFound('screening run');
  return row;
}

export function latestScreeningRuns(db: Db, limit = 10) {
  return db.select().from(screeningRuns).orderBy(desc(screeningRuns.createdAt), desc(screeningRuns.id)).limit(limit);
}

/** Queues the screening of every live investor after an upload, in the upload's transaction. */
export async function queueScreeningRun(tx: Db, listId: number, requestedBy: number | null, now: Date): Promise<RunRow> {
  const [audience] = await tx
    .select({ total: count(), last: max(users.id) })
    .from(users)
    .where(liveInvestors);
  const [run] = await tx
    .insert(screeningRuns)
    .values({
      listId,
      lastInvestorId: audience.last ?? 0,
      total: audience.total,
      requestedBy,
      createdAt: now,
      ...(audience.total ? {} : { status: 'done', finishedAt: now }),
    })
    .returning();
  return run;
}

/**
 * (Exported for the tests of a take-over.) Screens the next batch of a run this worker holds, in one transaction with the run's progress;
 * answers how many investors it screened: 0 when there is nothing left (or the run is no longer this worker's).
 */
export async function screenNextBatch(deps: Deps, runId: number, worker: string, provider: ScreeningProvider): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const [run] = await tx
      .select()
      .from(screeningRuns)
      .where(and(eq(screeningRuns.id, runId), eq(screeningRuns.worker, worker)))
      .for('update');
    if (!run) return 0;
    const batch = await tx
      .select({ id: users.id, name: users.name, dateOfBirth: users.dateOfBirth })
      .from(users)
      .where(and(liveInvestors, gt(users.id, run.screenedThrough), lte(users.id, run.lastInvestorId)))
      .orderBy(asc(users.id))
      .limit(SCREENING_BATCH);
    if (!batch.length) return 0;
    const raised = await screenBatch(tx, provider, batch, deps.clock.now());
    await tx
      .update(screeningRuns)
      .set({
        screenedThrough: batch[batch.length - 1].id,
        screened: sql`${screeningRuns.screened} + ${batch.length}`,
        newMatches: sql`${screeningRuns.newMatches} + ${raised}`,
      })
      .where(eq(screeningRuns.id, runId));
    return batch.length;
  });
}

/**
 * Works through open screening runs until none is left to claim: the tick's work, also called
 * directly by tests. Answers how many investors it screened.
 */
export async function processScreeningRuns(deps: Deps, options: { worker?: string; provider?: ScreeningProvider } = {}): Promise<number> {
  const { worker = WORKER, provider = listScreeningProvider } = options;
  let screened = 0;
  for (let id = await LEASE.claim(deps.db, deps.clock.now(), worker); id; id = await LEASE.claim(deps.db, deps.clock.now(), worker)) {
    // Nothing to screen against (every list withdrawn) is not a clear result: the run ends, nobody is marked screened.
    let more = await provider.ready(deps.db);
    while (more) {
      const batch = await screenNextBatch(deps, id, worker, provider);
      if (!batch) break;
      screened += batch;
      more = await LEASE.renew(deps.db, id, deps.clock.now(), worker);
    }
    if (more || !(await provider.ready(deps.db))) await LEASE.finish(deps.db, id, deps.clock.now(), worker);
  }
  return screened;
}
