import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  OpportunityStatus,
  opportunityAdminPath,
  PublishState,
  RECORD_SUBJECT_TYPES,
  recordAdminPath,
  Role,
  SEARCH_KIND_LABELS,
  SEARCH_KINDS,
  searchableKinds,
  type ClientFlags,
  type RecordSubjectType,
  type SearchAnswer,
  type SearchGroup,
  type SearchKind,
  type SearchResult,
} from '@platform/domain';
import type { Db } from '../../db/client';
import {
  contacts,
  documents,
  fundInvestments,
  funds,
  investmentOpportunities,
  organisations,
  pipelineDeals,
  updateReports,
  users,
} from '../../db/schema';
import { typeMayBeVisible, visibleSubjects } from './subjects';

/**
 * The staff search (docs/decisions/0030). A field matches when it contains the words typed (ILIKE,
 * served by the field's trigram GIN index) or has a word close to them (pg_trgm's `<%`, for a typo).
 * Results rank exact matches first, then fields that start with the query, then a word that does,
 * then anything containing it, then the near misses — within a tier by trigram word similarity, then
 * by name. The near misses are looked for only when the containing matches do not fill the page:
 * on names that differ by a digit ("Investor 4242") nearly every row is a near miss, and ranking
 * them all costs seconds at 100,000 records while the answer is already complete.
 */

/** A query's text as a LIKE pattern matches only itself: `%`, `_` and `\` lose their meaning. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

interface Match {
  /** Fields containing the query: the first tiers. */
  contains: SQL;
  /** Fields with a word close to the query and not containing it: the last tier. */
  nearMiss: SQL;
  rank: SQL;
  score: SQL;
}

function matchOf(fields: AnyPgColumn[], q: string): Match {
  const escaped = escapeLike(q);
  const contains = `%${escaped}%`;
  const prefix = `${escaped}%`;
  const wordPrefix = `% ${escaped}%`;
  const lower = q.toLowerCase();
  const tiers = fields.map(
    (f) =>
      sql`case when lower(${f}) = ${lower} then 0 when ${f} ilike ${prefix} then 1 when ${f} ilike ${wordPrefix} then 2 when ${f} ilike ${contains} then 3 end`,
  );
  const containing = or(...fields.map((f) => sql`${f} ilike ${contains}`))!;
  return {
    contains: containing,
    nearMiss: and(or(...fields.map((f) => sql`${q} <% ${f}`)), sql`not coalesce(${containing}, false)`)!,
    rank: sql`coalesce(least(${sql.join(tiers, sql`, `)}), 4)`,
    score: sql`greatest(${sql.join(
      fields.map((f) => sql`word_similarity(${q}, ${f})`),
      sql`, `,
    )})`,
  };
}

interface KindSource {
  table: PgTable;
  id: AnyPgColumn;
  title: AnyPgColumn;
  subtitle: SQL | AnyPgColumn;
  /** The fields a query is matched against. */
  fields: AnyPgColumn[];
  live: SQL;
  /** Opportunities open by status. */
  status?: AnyPgColumn;
  href: (id: number, status: number | null) => string;
}

const LIVE_STATUSES = [OpportunityStatus.Draft, OpportunityStatus.LiveExternal, OpportunityStatus.LiveInternal, OpportunityStatus.Closed];
const EXISTING_STATUSES = [OpportunityStatus.Completed, OpportunityStatus.Matured];

const opportunityKind = (statuses: number[]): KindSource => ({
  table: investmentOpportunities,
  id: investmentOpportunities.id,
  title: investmentOpportunities.name,
  subtitle: investmentOpportunities.companyName,
  fields: [investmentOpportunities.name, investmentOpportunities.companyName],
  live: and(isNull(investmentOpportunities.deletedAt), inArray(investmentOpportunities.status, statuses))!,
  status: investmentOpportunities.status,
  href: (id, status) => opportunityAdminPath(id, status!),
});

const KINDS: Record<Exclude<SearchKind, 'documents'>, KindSource> = {
  investors: {
    table: users,
    id: users.id,
    title: users.name,
    subtitle: users.email,
    fields: [users.name, users.email, users.phone],
    live: and(eq(users.roleId, Role.User), isNull(users.deletedAt))!,
    href: (id) => recordAdminPath('investor', id)!,
  },
  contacts: {
    table: contacts,
    id: contacts.id,
    title: contacts.name,
    subtitle: sql`coalesce(${contacts.email}, ${contacts.company})`,
    fields: [contacts.name, contacts.email, contacts.phone],
    live: isNull(contacts.deletedAt),
    href: (id) => recordAdminPath('contact', id)!,
  },
  organisations: {
    table: organisations,
    id: organisations.id,
    title: organisations.name,
    subtitle: organisations.companyNumber,
    fields: [organisations.name, organisations.companyNumber],
    live: isNull(organisations.deletedAt),
    href: (id) => recordAdminPath('organisation', id)!,
  },
  deals: {
    table: pipelineDeals,
    id: pipelineDeals.id,
    title: pipelineDeals.companyName,
    subtitle: pipelineDeals.industry,
    fields: [pipelineDeals.companyName],
    live: isNull(pipelineDeals.deletedAt),
    href: (id) => recordAdminPath('pipeline_deal', id)!,
  },
  opportunities: opportunityKind(LIVE_STATUSES),
  existing_investments: opportunityKind(EXISTING_STATUSES),
  companies: {
    table: fundInvestments,
    id: fundInvestments.id,
    title: fundInvestments.companyName,
    subtitle: fundInvestments.industry,
    fields: [fundInvestments.companyName],
    live: isNull(fundInvestments.deletedAt),
    href: (id) => recordAdminPath('company', id)!,
  },
  funds: {
    table: funds,
    id: funds.id,
    title: funds.name,
    subtitle: funds.type,
    fields: [funds.name],
    live: isNull(funds.deletedAt),
    href: (id) => recordAdminPath('fund', id)!,
  },
  update_reports: {
    table: updateReports,
    id: updateReports.id,
    title: updateReports.title,
    subtitle: sql`case when ${updateReports.status} = ${PublishState.Live} then 'Published' else 'Draft' end`,
    fields: [updateReports.title],
    live: isNull(updateReports.deletedAt),
    href: (id) => recordAdminPath('update_report', id)!,
  },
};

interface Row {
  id: number;
  title: string;
  subtitle: string | null;
  status: number | null;
}

/** The containing matches, then — only if they leave room — the near misses, `limit` in all. */
async function containingThenNear<T>(match: Match, limit: number, read: (where: SQL, limit: number) => Promise<T[]>): Promise<T[]> {
  const rows = await read(match.contains, limit);
  if (rows.length < limit) rows.push(...(await read(match.nearMiss, limit - rows.length)));
  return rows;
}

async function searchKind(db: Db, source: KindSource, q: string, limit: number): Promise<SearchResult[]> {
  const match = matchOf(source.fields, q);
  const rows = await containingThenNear(
    match,
    limit,
    (where, n) =>
      db
        .select({
          id: source.id,
          title: source.title,
          subtitle: sql<string | null>`${source.subtitle}`,
          status: source.status ? sql<number>`${source.status}` : sql<null>`null`,
        })
        .from(source.table)
        .where(and(source.live, where))
        .orderBy(asc(match.rank), desc(match.score), asc(source.title), asc(source.id))
        .limit(n) as Promise<Row[]>,
  );
  return rows.map((row) => ({ id: row.id, title: row.title, subtitle: row.subtitle, href: source.href(row.id, row.status) }));
}

/** Candidates read per document result wanted: some sit on records the role may not open, or that were deleted. */
const DOCUMENT_OVERREAD = 4;

/**
 * Documents by name, on records the role may open. The types it may not see are filtered in the
 * query; a record deleted since, or an opportunity in an area the role may not see, is checked
 * after, on a few more candidates than asked for.
 */
async function searchDocuments(db: Db, roleId: number, flags: ClientFlags, q: string, limit: number): Promise<SearchResult[]> {
  const types = RECORD_SUBJECT_TYPES.filter((type) => typeMayBeVisible(roleId, type, flags));
  if (!types.length) return [];
  const match = matchOf([documents.name, documents.originalFilename], q);
  const rows = await containingThenNear(match, limit * DOCUMENT_OVERREAD, (where, n) =>
    db
      .select({ id: documents.id, title: documents.name, subjectType: documents.subjectType, subjectId: documents.subjectId })
      .from(documents)
      .where(and(isNull(documents.deletedAt), inArray(documents.subjectType, types), where))
      .orderBy(asc(match.rank), desc(match.score), asc(documents.name), asc(documents.id))
      .limit(n),
  );
  const byType = new Map<RecordSubjectType, number[]>();
  for (const row of rows) {
    const type = row.subjectType as RecordSubjectType;
    byType.set(type, [...(byType.get(type) ?? []), row.subjectId]);
  }
  const subjects = new Map<string, { name: string; href: string }>();
  for (const [type, ids] of byType) {
    for (const [id, subject] of await visibleSubjects(db, roleId, flags, type, ids)) subjects.set(`${type}:${id}`, subject);
  }
  const results: SearchResult[] = [];
  for (const row of rows) {
    const subject = subjects.get(`${row.subjectType}:${row.subjectId}`);
    if (subject && results.length < limit)
      results.push({ id: row.id, title: row.title, subtitle: `On ${subject.name}`, href: subject.href });
  }
  return results;
}

/** Every kind the role may open, searched one after the other on the same connection; empty groups left out. */
export async function search(db: Db, roleId: number, flags: ClientFlags, q: string, perKind: number): Promise<SearchAnswer> {
  const allowed = new Set<SearchKind>(searchableKinds(roleId, (flag) => flags[flag]));
  const groups: SearchGroup[] = [];
  for (const kind of SEARCH_KINDS) {
    let results: SearchResult[] = [];
    if (kind === 'documents') results = await searchDocuments(db, roleId, flags, q, perKind);
    else if (allowed.has(kind)) results = await searchKind(db, KINDS[kind], q, perKind);
    if (results.length) groups.push({ kind, label: SEARCH_KIND_LABELS[kind], results });
  }
  return { query: q, groups };
}
