import type { FastifyRequest } from 'fastify';
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type CreateStatementRunInput, Role, type StatementRun, type StatementRunStatus } from '@platform/domain';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../db/client';
import { clientGroupMembers, clientGroups, statementRunItems, statementRuns, users } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { plainMail } from '../../platform/mail';
import { leasedRuns, workerName } from '../../platform/leased-runs';
import { notFound, validationError } from '../../platform/errors';
import { insertNotificationsFor, pushNotifications } from '../../shared/notifications';
import { loadTerminology } from '../../shared/settings';
import { storeDocument } from '../records';
import { statementDay } from './format';
import { buildStatement, findStatementInvestor } from './statement';

/**
 * Bulk statements (decision 0029). Creating a run fixes its audience as items in one INSERT …
 * SELECT. A tick on every instance (`repeatWhileUp`) claims one open run whose lease is free or
 * has run out (FOR UPDATE SKIP LOCKED), then files the statements of its pending items a batch at
 * a time, each in its own transaction that also marks the item and counts it on the run; the
 * lease is renewed after every batch. A worker that dies leaves its lease to run out and its
 * pending items pending: the next claim resumes there, and an item filed once is never filed again.
 */
type RunRow = typeof statementRuns.$inferSelect;
/** The mail queue and config are the app's; the demo seed files its statements without them (no e-mail). */
type Deps = Pick<AppContext, 'db' | 'clock' | 'storage' | 'realtime'> & Partial<Pick<AppContext, 'mailer' | 'config'>>;

export const RUN_TICK_MS = 5_000;
export const RUN_LEASE_MS = 2 * 60_000;
export const RUN_BATCH = 20;
/** This process's name on the runs it claims. */
const WORKER = workerName('statements');

export async function presentRuns(db: Db, rows: RunRow[]): Promise<StatementRun[]> {
  const groupIds = [...new Set(rows.map((r) => r.clientGroupId).filter((id): id is number => id !== null))];
  const userIds = [...new Set(rows.map((r) => r.requestedBy).filter((id): id is number => id !== null))];
  const [groups, people] = await Promise.all([
    groupIds.length
      ? db.select({ id: clientGroups.id, name: clientGroups.name }).from(clientGroups).where(inArray(clientGroups.id, groupIds))
      : [],
    userIds.length ? db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, userIds)) : [],
  ]);
  const group = new Map(groups.map((g) => [g.id, g]));
  const person = new Map(people.map((p) => [p.id, p]));
  return rows.map((r) => ({
    id: r.id,
    status: r.status as StatementRunStatus,
    as_at: r.asAt,
    from: r.periodFrom,
    client_group: r.clientGroupId === null ? null : (group.get(r.clientGroupId) ?? null),
    total: r.total,
    done: r.done,
    failed: r.failed,
    requested_by: r.requestedBy === null ? null : (person.get(r.requestedBy) ?? null),
    created_at: r.createdAt.toISOString(),
    started_at: r.startedAt?.toISOString() ?? null,
    finished_at: r.finishedAt?.toISOString() ?? null,
  }));
}

export async function findRun(db: Db, id: number): Promise<RunRow> {
  const [row] = await db.select().from(statementRuns).where(eq(statementRuns.id, id));
  if (!row) throw notFound('statement run');
  return row;
}

/** The latest runs, newest first. */
export function latestRuns(db: Db, limit = 20) {
  return db.select().from(statementRuns).orderBy(desc(statementRuns.createdAt), desc(statementRuns.id)).limit(limit);
}

/** Queues a run for every live investor, or a client group's live investor members. */
export async function createRun(db: Db, request: FastifyRequest, input: CreateStatementRunInput, requestedBy: number): Promise<RunRow> {
  return db.transaction(async (tx) => {
    const groupId = input.client_group_id ?? null;
    if (groupId !== null) {
      const [group] = await tx
        .select({ id: clientGroups.id })
        .from(clientGroups)
        .where(and(eq(clientGroups.id, groupId), isNull(clientGroups.deletedAt)));
      if (!group) throw validationError({ client_group_id: ['Choose a client group.'] });
    }
    const [run] = await tx
      .insert(statementRuns)
      .values({ asAt: input.as_at, periodFrom: input.from, clientGroupId: groupId, requestedBy })
      .returning();
    const members =
      groupId === null
        ? undefined
        : tx.select({ id: clientGroupMembers.userId }).from(clientGroupMembers).where(eq(clientGroupMembers.groupId, groupId));
    const audience = and(eq(users.roleId, Role.User), isNull(users.deletedAt), members ? inArray(users.id, members) : undefined);
    await tx.execute(
      sql`insert into ${statementRunItems} (run_id, investor_id) select ${run.id}, ${users.id} from ${users} where ${audience}`,
    );
    const [{ total }] = await tx.select({ total: count() }).from(statementRunItems).where(eq(statementRunItems.runId, run.id));
    const status: StatementRunStatus = total ? 'queued' : 'done';
    const [after] = await tx
      .update(statementRuns)
      .set({ total, status, finishedAt: total ? null : run.createdAt })
      .where(eq(statementRuns.id, run.id))
      .returning();
    await recordActivity(tx, {
      request,
      action: 'statement_run_created',
      subjectType: 'statement_run',
      subjectId: run.id,
      after: { as_at: after.asAt, from: after.periodFrom, client_group_id: groupId, total: after.total },
    });
    return after;
  });
}

/** The lease on open runs (platform/leased-runs.ts): claimed, renewed after every batch, finished by the one worker holding it. */
const LEASE = leasedRuns(statementRuns, statementRuns, RUN_LEASE_MS);

/** Marks an item (still pending: an item is filed once) done or failed and counts it on its run, in the caller's transaction. */
async function settleItem(
  tx: Db,
  runId: number,
  investorId: number,
  now: Date,
  outcome: { documentId: number } | { error: string },
): Promise<boolean> {
  const settled = await tx
    .update(statementRunItems)
    .set(
      'documentId' in outcome
        ? { status: 'done', documentId: outcome.documentId, processedAt: now }
        : { status: 'failed', error: outcome.error.slice(0, 500), processedAt: now },
    )
    .where(and(eq(statementRunItems.runId, runId), eq(statementRunItems.investorId, investorId), eq(statementRunItems.status, 'pending')))
    .returning({ investorId: statementRunItems.investorId });
  if (!settled.length) return false;
  await tx
    .update(statementRuns)
    .set('documentId' in outcome ? { done: sql`${statementRuns.done} + 1` } : { failed: sql`${statementRuns.failed} + 1` })
    .where(eq(statementRuns.id, runId));
  return true;
}

/** Where the investor finds their filed statements (notification and e-mail link). */
const STATEMENTS_PATH = '/investor/profile/documents';

/**
 * Builds one investor's statement, files it on their record (public: theirs to read) and tells them:
 * a notification and one e-mail, queued in the same transaction, with a link to their documents and
 * no attachment — a financial document stays behind sign-in (decision 0029).
 */
async function fileStatement(deps: Deps, run: RunRow, investorId: number) {
  const now = deps.clock.now();
  const investor = await findStatementInvestor(deps.db, investorId);
  const statement = await buildStatement(deps.db, investor, { asAt: run.asAt, from: run.periodFrom }, now);
  // The PDF writer (pdf-lib) loads with the first statement drawn, not with the server.
  const { statementPdf } = await import('./pdf');
  const pdf = Buffer.from(await statementPdf(statement));
  const title = `Portfolio statement ${statementDay(run.asAt)}`;
  const stored = await deps.db.transaction(async (tx) => {
    // Locks the item: a second worker that got here too waits, then finds it settled and files nothing.
    const [pending] = await tx
      .select()
      .from(statementRunItems)
      .where(
        and(eq(statementRunItems.runId, run.id), eq(statementRunItems.investorId, investorId), eq(statementRunItems.status, 'pending')),
      )
      .for('update');
    if (!pending) return [];
    const document = await storeDocument(
      { db: tx, storage: deps.storage },
      { actorId: run.requestedBy },
      {
        subject: { type: 'investor', id: investorId },
        file: { filename: `statement-${run.asAt}.pdf`, mimetype: 'application/pdf', data: pdf },
        name: title,
        visibility: 'public',
        folder: { name: 'Statements' },
        origin: 'statement',
      },
    );
    await settleItem(tx, run.id, investorId, now, { documentId: document.id });
    if (deps.mailer && deps.config)
      await deps.mailer.enqueue(
        plainMail(
          investor.email,
          `Your portfolio statement as at ${statementDay(run.asAt)} is ready`,
          [
            `Hello ${investor.name},`,
            `Your portfolio statement as at ${statementDay(run.asAt)} is ready in your documents. Sign in to read or download it.`,
          ],
          [{ label: 'Open your documents', url: `${deps.config.appUrl}${STATEMENTS_PATH}` }],
          (await loadTerminology(tx)).pageTitle,
        ),
        tx,
      );
    return insertNotificationsFor(tx, sql`select ${investorId}::integer as user_id`, {
      message: `<p>Your <strong>${title}</strong> is ready in your documents.</p>`,
      icon: 'update_reports',
      cta: STATEMENTS_PATH,
    });
  });
  await pushNotifications(deps.realtime, stored);
}

/**
 * Works through open runs until none is left to claim: the tick's work, also called directly by
 * tests. Answers how many statements it settled (filed or failed).
 */
export async function processStatementRuns(deps: Deps, log?: { warn: (o: object, m: string) => void }, worker = WORKER): Promise<number> {
  let settled = 0;
  for (let id = await LEASE.claim(deps.db, deps.clock.now(), worker); id; id = await LEASE.claim(deps.db, deps.clock.now(), worker)) {
    const run = await findRun(deps.db, id);
    for (;;) {
      const batch = await deps.db
        .select({ investorId: statementRunItems.investorId })
        .from(statementRunItems)
        .where(and(eq(statementRunItems.runId, run.id), eq(statementRunItems.status, 'pending')))
        .orderBy(asc(statementRunItems.investorId))
        .limit(RUN_BATCH);
      if (!batch.length) {
        await LEASE.finish(deps.db, run.id, deps.clock.now(), worker);
        break;
      }
      for (const { investorId } of batch) {
        try {
          await fileStatement(deps, run, investorId);
        } catch (error) {
          log?.warn({ err: error, runId: run.id, investorId }, 'statement failed');
          await deps.db.transaction((tx) => settleItem(tx, run.id, investorId, deps.clock.now(), { error: String(error) }));
        }
        settled += 1;
      }
      if (!(await LEASE.renew(deps.db, run.id, deps.clock.now(), worker))) break;
    }
  }
  return settled;
}
