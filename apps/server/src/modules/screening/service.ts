import { aliasedTable, and, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  type DecideScreeningMatchInput,
  SCREENING_LIST_KINDS,
  SCREENING_MATCH_STATUSES,
  SCREENING_MATCHES_LIST,
  type ScreeningList,
  type ScreeningListKind,
  type ScreeningMatch,
  type ScreeningMatchStatus,
} from '@platform/domain';
import type { Db } from '../../db/client';
import { screeningDecisions, screeningEntries, screeningLists, screeningMatches, type screeningRuns, users } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { AppError, notFound } from '../../platform/errors';
import type { UploadedFile } from '../../platform/form';
import { idList, oneOfFilter } from '../../platform/list-filters';
import { listResource } from '../../platform/list-query';
import { flagOn, loadSettings } from '../../shared/settings';
import { LIST_PARSERS } from './parse';
import { queueScreeningRun } from './runs';

/** Screening is behind `enableScreening` (user_screening_enabled): off, its pages do not exist. */
export async function assertScreeningOn(db: Db): Promise<void> {
  if (!flagOn(await loadSettings(db), 'user_screening_enabled')) throw new AppError('not_found', 'Screening is not enabled.');
}

const uploader = aliasedTable(users, 'uploader');
const investor = aliasedTable(users, 'investor');
const decider = aliasedTable(users, 'decider');

export async function listScreeningLists(db: Db): Promise<ScreeningList[]> {
  const rows = await db
    .select({ list: screeningLists, by: { id: uploader.id, name: uploader.name, email: uploader.email } })
    .from(screeningLists)
    .leftJoin(uploader, eq(uploader.id, screeningLists.uploadedBy))
    .orderBy(desc(screeningLists.uploadedAt), desc(screeningLists.id));
  return rows.map(({ list, by }) => ({
    id: list.id,
    kind: list.kind as ScreeningListKind,
    file_name: list.fileName,
    list_updated: list.listUpdated,
    entry_count: list.entryCount,
    skipped_count: list.skippedCount,
    uploaded_by: by,
    uploaded_at: list.uploadedAt.toISOString(),
    superseded_at: list.supersededAt?.toISOString() ?? null,
  }));
}

const ENTRY_BATCH = 1000;

/** Stores an uploaded list with its entries; it replaces the list of its kind in force, and queues the run that screens everyone again. */
export async function storeScreeningList(
  db: Db,
  request: FastifyRequest,
  input: { kind: ScreeningListKind; file: UploadedFile; fileName: string },
  now: Date,
): Promise<{ id: number; run: typeof screeningRuns.$inferSelect }> {
  const parsed = LIST_PARSERS[input.kind](input.file.data);
  return db.transaction(async (tx) => {
    await tx
      .update(screeningLists)
      .set({ supersededAt: now })
      .where(and(eq(screeningLists.kind, input.kind), isNull(screeningLists.supersededAt)));
    const [list] = await tx
      .insert(screeningLists)
      .values({
        kind: input.kind,
        fileName: input.fileName,
        listUpdated: parsed.listUpdated,
        entryCount: parsed.entries.length,
        skippedCount: parsed.skipped,
        uploadedBy: request.user?.id ?? null,
        uploadedAt: now,
      })
      .returning();
    for (let i = 0; i < parsed.entries.length; i += ENTRY_BATCH)
      await tx.insert(screeningEntries).values(parsed.entries.slice(i, i + ENTRY_BATCH).map((entry) => ({ ...entry, listId: list.id })));
    await recordActivity(tx, {
      request,
      action: 'screening_list_uploaded',
      subjectType: 'screening_list',
      subjectId: list.id,
      after: list,
    });
    return { id: list.id, run: await queueScreeningRun(tx, list.id, request.user?.id ?? null, now) };
  });
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The review queue's filters and sorts; each filtered column is indexed. */
export const MATCHES_RESOURCE = listResource(SCREENING_MATCHES_LIST, {
  filters: {
    status: oneOfFilter('status', screeningMatches.status, SCREENING_MATCH_STATUSES),
    kind: oneOfFilter('kind', screeningLists.kind, SCREENING_LIST_KINDS),
    user_id: (v) => inArray(screeningMatches.userId, idList('user_id', v)),
    search: (v) => {
      const text = v.trim();
      if (!text) return undefined;
      const like = `%${escapeLike(text)}%`;
      return or(sql`${investor.name} ilike ${like}`, sql`${investor.email} ilike ${like}`, sql`${screeningEntries.name} ilike ${like}`);
    },
  },
  sorts: { score: screeningMatches.score, created_at: screeningMatches.createdAt, updated_at: screeningMatches.updatedAt },
  defaultSort: '-score',
});

/** The query of the queue: each match with its investor, the entry and the list it was found on. */
export function matchesQuery(db: Db, where: SQL | undefined) {
  return db
    .select({ match: screeningMatches, investor, entry: screeningEntries, list: screeningLists })
    .from(screeningMatches)
    .innerJoin(investor, eq(investor.id, screeningMatches.userId))
    .innerJoin(screeningEntries, eq(screeningEntries.id, screeningMatches.entryId))
    .innerJoin(screeningLists, eq(screeningLists.id, screeningEntries.listId))
    .where(where)
    .$dynamic();
}

export function matchesCount(db: Db, where: SQL | undefined) {
  return db
    .select({ total: sql<number>`count(*)` })
    .from(screeningMatches)
    .innerJoin(investor, eq(investor.id, screeningMatches.userId))
    .innerJoin(screeningEntries, eq(screeningEntries.id, screeningMatches.entryId))
    .innerJoin(screeningLists, eq(screeningLists.id, screeningEntries.listId))
    .where(where)
    .$dynamic();
}

type MatchRow = Awaited<ReturnType<ReturnType<typeof matchesQuery>['execute']>>[number];

export async function presentMatches(db: Db, rows: MatchRow[]): Promise<ScreeningMatch[]> {
  const ids = rows.map((r) => r.match.id);
  const decisions = ids.length
    ? await db
        .select({ decision: screeningDecisions, by: { id: decider.id, name: decider.name, email: decider.email } })
        .from(screeningDecisions)
        .leftJoin(decider, eq(decider.id, screeningDecisions.decidedBy))
        .where(inArray(screeningDecisions.matchId, ids))
        .orderBy(screeningDecisions.decidedAt, screeningDecisions.id)
    : [];
  return rows.map(({ match, investor: who, entry, list }) => ({
    id: match.id,
    status: match.status as ScreeningMatchStatus,
    score: match.score,
    investor: {
      id: who.id,
      name: who.name,
      email: who.email,
      date_of_birth: who.dateOfBirth,
      nationality: who.nationality,
      country: who.country,
    },
    list: { id: list.id, kind: list.kind as ScreeningListKind, file_name: list.fileName },
    listed: {
      name: entry.name,
      alias_type: entry.aliasType,
      date_of_birth: entry.dateOfBirth,
      nationality: entry.nationality,
      country: entry.country,
      position: entry.position,
      regime: entry.regime,
      reference: entry.reference,
    },
    created_at: match.createdAt.toISOString(),
    updated_at: match.updatedAt.toISOString(),
    decisions: decisions
      .filter((d) => d.decision.matchId === match.id)
      .map(({ decision, by }) => ({
        id: decision.id,
        decision: decision.decision as ScreeningMatch['decisions'][number]['decision'],
        reason: decision.reason,
        decided_by: by,
        decided_at: decision.decidedAt.toISOString(),
      })),
  }));
}

export async function findMatch(db: Db, id: number): Promise<ScreeningMatch> {
  const rows = await matchesQuery(db, eq(screeningMatches.id, id));
  if (!rows.length) throw notFound('screening match');
  return (await presentMatches(db, rows))[0];
}

/**
 * Compliance clears (a false positive) or confirms a match, or reverses an earlier decision; the
 * decision is added to the match's history, which is never changed. A lapsed match (the listed
 * person left the list before review) takes no decision.
 */
export async function decideMatch(db: Db, request: FastifyRequest, id: number, input: DecideScreeningMatchInput, now: Date) {
  await db.transaction(async (tx) => {
    const [match] = await tx.select().from(screeningMatches).where(eq(screeningMatches.id, id)).for('update');
    if (!match) throw notFound('screening match');
    if (match.status === 'lapsed')
      throw new AppError('conflict', 'This match lapsed: the person is no longer found on the lists in force. It takes no decision.');
    if (match.status === input.decision) throw new AppError('conflict', `This match is already ${input.decision}.`);
    const [after] = await tx
      .update(screeningMatches)
      .set({ status: input.decision, updatedAt: now })
      .where(eq(screeningMatches.id, id))
      .returning();
    await tx
      .insert(screeningDecisions)
      .values({ matchId: id, decision: input.decision, reason: input.reason, decidedBy: request.user?.id ?? null, decidedAt: now });
    await recordActivity(tx, {
      request,
      action: `screening_match_${input.decision}`,
      subjectType: 'user',
      subjectId: match.userId,
      before: { match_id: id, status: match.status },
      after: { match_id: id, status: after.status, reason: input.reason },
    });
  });
}
