import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { normaliseName, Role, SCREENING_MATCH_THRESHOLD, type ScreeningState } from '@platform/domain';
import type { Db } from '../db/client';
import { investorScreenings, screeningDecisions, screeningEntries, screeningLists, screeningMatches, users } from '../db/schema';
import { matchScore } from './screening-score';
import { flagOn, loadSettings } from './settings';

/** A person as screening sees them: the name and date of birth on their investor record. */
export interface ScreenedPerson {
  id: number;
  name: string;
  dateOfBirth: string | null;
}

/** A listed person a screened person resembles: the best-scoring of the listed person's names. */
export interface ProviderMatch {
  personId: number;
  /** The listed person, the same across versions of a list (OFSI's Group ID). */
  subjectKey: string;
  entryId: number;
  /** 0–100. */
  score: number;
}

/**
 * Where screening results come from. The built-in provider matches against the lists the firm
 * uploads; a commercial service (World-Check, ComplyAdvantage…) would answer the same question.
 * People come in batches so a provider can narrow candidates for many at once.
 */
export interface ScreeningProvider {
  /** Whether there is anything to screen against (the built-in provider: a list is in force). */
  ready(db: Db): Promise<boolean>;
  screen(db: Db, people: readonly ScreenedPerson[]): Promise<ProviderMatch[]>;
}

/** Candidates are narrowed by PostgreSQL (pg_trgm on the GIN index), then scored here. */
const CANDIDATE_SIMILARITY = 0.3;

/** The lists investors are screened against: the newest of each kind. */
export async function listsInForce(db: Db): Promise<number[]> {
  const rows = await db.select({ id: screeningLists.id }).from(screeningLists).where(isNull(screeningLists.supersededAt));
  return rows.map((r) => r.id);
}

/**
 * The built-in provider: names (every alias) and dates of birth on the uploaded lists in force.
 * One query per batch finds the entries whose folded name shares enough trigrams with a
 * person's (an index lookup each, not a scan of the list); Jaro-Winkler and the dates of birth
 * then score those few candidates.
 */
export const listScreeningProvider: ScreeningProvider = {
  ready: async (db) => (await listsInForce(db)).length > 0,
  async screen(db, people) {
    const lists = await listsInForce(db);
    const named = people.map((p) => ({ ...p, normalizedName: normaliseName(p.name) })).filter((p) => p.normalizedName);
    if (!lists.length || !named.length) return [];
    const values = sql.join(
      named.map((p) => sql`(${p.id}::integer, ${p.normalizedName}::text)`),
      sql`, `,
    );
    const result = await db.execute(sql`
      select s.person_id, e.id, e.subject_key, e.normalized_name, e.date_of_birth
      from (values ${values}) as s(person_id, name)
      join ${screeningEntries} e on e.normalized_name % s.name
      where e.list_id in ${lists} and similarity(e.normalized_name, s.name) >= ${CANDIDATE_SIMILARITY}`);
    const candidates = (
      result as unknown as {
        rows: Array<{ person_id: number; id: number; subject_key: string; normalized_name: string; date_of_birth: string | null }>;
      }
    ).rows;
    const byId = new Map(named.map((p) => [p.id, p]));
    const best = new Map<string, ProviderMatch>();
    for (const c of candidates) {
      const person = byId.get(Number(c.person_id))!;
      const score = matchScore(person, { normalizedName: c.normalized_name, dateOfBirth: c.date_of_birth });
      const key = `${person.id}|${c.subject_key}`;
      if (score >= SCREENING_MATCH_THRESHOLD && score > (best.get(key)?.score ?? -1))
        best.set(key, { personId: person.id, subjectKey: c.subject_key, entryId: Number(c.id), score });
    }
    return [...best.values()];
  },
};

/**
 * Screens one batch of people in the caller's transaction and files what is found (see
 * `screenInvestors`); answers how many new matches it raised.
 */
export async function screenBatch(tx: Db, provider: ScreeningProvider, batch: readonly ScreenedPerson[], now: Date): Promise<number> {
  let newMatches = 0;
  const found = await provider.screen(tx, batch);
  const ids = batch.map((p) => p.id);
  const existing = await tx.select().from(screeningMatches).where(inArray(screeningMatches.userId, ids));
  const known = new Map(existing.map((m) => [`${m.userId}|${m.subjectKey}`, m]));
  const foundKeys = new Set<string>();
  for (const match of found) {
    const key = `${match.personId}|${match.subjectKey}`;
    foundKeys.add(key);
    const before = known.get(key);
    if (!before) {
      await tx.insert(screeningMatches).values({
        userId: match.personId,
        subjectKey: match.subjectKey,
        entryId: match.entryId,
        score: match.score,
        status: 'potential',
        createdAt: now,
        updatedAt: now,
      });
      newMatches += 1;
      continue;
    }
    const reopen = before.status === 'lapsed';
    await tx
      .update(screeningMatches)
      .set({ entryId: match.entryId, score: match.score, updatedAt: now, ...(reopen ? { status: 'potential' } : {}) })
      .where(eq(screeningMatches.id, before.id));
    if (reopen)
      await tx
        .insert(screeningDecisions)
        .values({ matchId: before.id, decision: 'reopened', reason: 'Found again when the investor was screened.', decidedAt: now });
  }
  for (const match of existing) {
    if (match.status !== 'potential' || foundKeys.has(`${match.userId}|${match.subjectKey}`)) continue;
    await tx.update(screeningMatches).set({ status: 'lapsed', updatedAt: now }).where(eq(screeningMatches.id, match.id));
    await tx.insert(screeningDecisions).values({
      matchId: match.id,
      decision: 'lapsed',
      reason: 'No longer found when the investor was screened: the list or their details changed before review.',
      decidedAt: now,
    });
  }
  await tx
    .insert(investorScreenings)
    .values(ids.map((userId) => ({ userId, screenedAt: now })))
    .onConflictDoUpdate({ target: investorScreenings.userId, set: { screenedAt: now } });
  return newMatches;
}

const BATCH = 500;

/**
 * Screens investors (all of them, or those named) against the lists in force and files what is
 * found: a new listed person becomes a match awaiting review; one already decided keeps its
 * decision (a cleared false positive is not asked about again while the list names the same
 * person); a match awaiting review whose person is no longer found lapses, and a lapsed one found
 * again reopens — both recorded as the platform's decisions. Each batch is its own transaction.
 */
export async function screenInvestors(
  db: Db,
  options: { userIds?: readonly number[]; now: Date; provider?: ScreeningProvider },
): Promise<{ screened: number; newMatches: number }> {
  const provider = options.provider ?? listScreeningProvider;
  const { now } = options;
  let screened = 0;
  let newMatches = 0;
  let after = 0;
  // Nothing to screen against is not a clear result: investors stay unscreened.
  if (!(await provider.ready(db))) return { screened, newMatches };
  for (;;) {
    const batch = await db
      .select({ id: users.id, name: users.name, dateOfBirth: users.dateOfBirth })
      .from(users)
      .where(
        and(
          eq(users.roleId, Role.User),
          isNull(users.deletedAt),
          gt(users.id, after),
          options.userIds ? inArray(users.id, [...options.userIds]) : undefined,
        ),
      )
      .orderBy(asc(users.id))
      .limit(BATCH);
    if (!batch.length) break;
    after = batch[batch.length - 1].id;
    newMatches += await db.transaction((tx) => screenBatch(tx, provider, batch, now));
    screened += batch.length;
  }
  return { screened, newMatches };
}

/** Screens one investor when screening is on (registration, a change of name or date of birth). */
export async function screenInvestorIfEnabled(db: Db, userId: number, now: Date): Promise<void> {
  if (!flagOn(await loadSettings(db), 'user_screening_enabled')) return;
  await screenInvestors(db, { userIds: [userId], now });
}

/** Where one investor stands: a confirmed match outranks one awaiting review. */
export async function screeningStateOf(db: Db, userId: number): Promise<ScreeningState> {
  const matches = await db
    .select({ status: screeningMatches.status })
    .from(screeningMatches)
    .where(and(eq(screeningMatches.userId, userId), inArray(screeningMatches.status, ['potential', 'confirmed'])));
  if (matches.some((m) => m.status === 'confirmed')) return 'confirmed';
  if (matches.length) return 'potential_match';
  const [row] = await db.select().from(investorScreenings).where(eq(investorScreenings.userId, userId));
  return row ? 'clear' : 'not_screened';
}
