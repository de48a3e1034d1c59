import { and, asc, desc, eq, gt, gte, is, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { PgColumn, type PgSelect, type PgTable } from 'drizzle-orm/pg-core';
import { DEFAULT_PAGE, DEFAULT_PER_PAGE, MAX_PER_PAGE, type ListSpec } from '@platform/domain';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { cutToFields } from './contract';
import { AppError } from './errors';

/**
 * What a resource lets its list be asked for. Everything not named here answers 400 — a typo in
 * a filter must never silently return the unfiltered list.
 */
export interface ListResource {
  /** The `fields[...]` key, e.g. 'users'. */
  name: string;
  filters: Record<string, (value: string) => SQL | undefined>;
  sorts: Record<string, PgColumn | SQL>;
  defaultSort: string;
  includes?: readonly string[];
  /** Fields a client may pick with `fields[name]=a,b`; `id` is always kept. */
  fields?: readonly string[];
  appends?: readonly string[];
  /** What each kind `type=` may name selects (spec §7); without it, `type` is refused. */
  types?: Record<string, SQL>;
  /** Other query parameters the route itself declares (e.g. `format`, `update`). */
  params?: readonly string[];
  /** The list takes `after` and pages from it (`keysetAfter`); its spec says so. */
  keyset?: boolean;
}

/**
 * A list resource from its contract spec (`@platform/domain` `ListSpec`): the spec names the
 * filters and sorts the API documents, this maps each to SQL — a name the spec lists and this does
 * not map is a type error.
 */
export function listResource<S extends ListSpec>(
  spec: S,
  sql: {
    filters: Record<S['filters'][number], (value: string) => SQL | undefined>;
    sorts: Record<S['sorts'][number], PgColumn | SQL>;
    defaultSort: string;
  } & (S extends { types: readonly string[] } ? { types: Record<S['types'][number], SQL> } : { types?: never }),
): ListResource {
  return { ...spec, ...sql };
}

export interface ListQuery {
  where: SQL | undefined;
  orderBy: SQL[];
  /** The sort as asked, one entry a key: what `orderBy` orders by, for keyset paging. */
  sort: Array<{ column: PgColumn | SQL; descending: boolean }>;
  /** `after`: the id of the previous page's last row, on a list that takes it. */
  after: number | undefined;
  page: number;
  perPage: number;
  includes: Set<string>;
  fields: string[] | null;
  appends: Set<string>;
  params: Record<string, string>;
}

const BASE_PARAMS = new Set(['filter', 'include', 'sort', 'fields', 'append', 'page', 'per_page']);

function bad(message: string): AppError {
  return new AppError('bad_request', message);
}

function list(value: string): string[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

function single(raw: unknown, name: string): string {
  if (Array.isArray(raw)) throw bad(`The parameter '${name}' may be given only once.`);
  return String(raw ?? '');
}

/**
 * Far past any real list, yet small enough that OFFSET ((page - 1) × per_page) stays an exact
 * integer PostgreSQL accepts: `1e308` is an integer to JavaScript, not to the database.
 */
export const MAX_PAGE = 1_000_000;
/** The largest id a `serial` column holds. */
const MAX_ID = 2_147_483_647;

function positiveInt(raw: unknown, name: string, fallback: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  const text = single(raw, name);
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < 1) throw bad(`The parameter '${name}' must be a positive whole number.`);
  if (value > max) throw bad(`The parameter '${name}' may not be greater than ${max}.`);
  return value;
}

/** A resource's own entry for a name from the query: `__proto__` or `toString` is no sort or filter. */
function own<T>(entries: Record<string, T>, name: string): T | undefined {
  return Object.hasOwn(entries, name) ? entries[name] : undefined;
}

/** `type=investor` or `type=live,existing`: the rows of any kind named; a kind the list does not have is a 400. */
function kindsCondition(types: Record<string, SQL>, value: string): SQL {
  const kinds = list(value);
  if (!kinds.length) throw bad(`The parameter 'type' names no kind. Allowed types: ${Object.keys(types).join(', ')}.`);
  const unknown = kinds.find((kind) => !own(types, kind));
  if (unknown !== undefined) throw bad(`Unknown type '${unknown}'. Allowed types: ${Object.keys(types).join(', ')}.`);
  return or(...kinds.map((kind) => types[kind]))!;
}

/** Parses the flat query object (`filter[status]` arrives as one key) against a resource. */
export function parseListQuery(query: Record<string, unknown>, resource: ListResource): ListQuery {
  const conditions: SQL[] = [];
  const params: Record<string, string> = {};
  let fields: string[] | null = null;

  for (const [key, raw] of Object.entries(query)) {
    const bracket = /^(\w+)\[([\w.]+)\]$/.exec(key);
    if (bracket && bracket[1] === 'filter') {
      const filter = own(resource.filters, bracket[2]);
      if (!filter) throw bad(`Unknown filter '${bracket[2]}'. Allowed filters: ${Object.keys(resource.filters).join(', ') || 'none'}.`);
      const condition = filter(single(raw, key));
      if (condition) conditions.push(condition);
    } else if (bracket && bracket[1] === 'fields') {
      if (bracket[2] !== resource.name) throw bad(`Unknown fields set '${bracket[2]}'. Use fields[${resource.name}].`);
      const allowed = resource.fields ?? [];
      fields = list(single(raw, key));
      const unknown = fields.filter((f) => !allowed.includes(f));
      if (unknown.length) throw bad(`Unknown field '${unknown[0]}' in fields[${resource.name}].`);
    } else if (key === 'type' && resource.types) {
      conditions.push(kindsCondition(resource.types, single(raw, key)));
    } else if (!BASE_PARAMS.has(key) && !resource.params?.includes(key) && !(key === 'after' && resource.keyset)) {
      throw bad(`Unknown parameter '${key}'.`);
    } else if (resource.params?.includes(key)) {
      params[key] = single(raw, key);
    }
  }

  const sortNames = list(single(query.sort ?? resource.defaultSort, 'sort'));
  const sort = sortNames.map((name) => {
    const descending = name.startsWith('-');
    const column = own(resource.sorts, descending ? name.slice(1) : name);
    if (!column) throw bad(`Unknown sort '${name}'. Allowed sorts: ${Object.keys(resource.sorts).join(', ')}.`);
    return { column, descending };
  });
  const orderBy = sort.map(({ column, descending }) => (descending ? desc(column) : asc(column)));

  const includes = new Set(list(single(query.include ?? '', 'include')));
  for (const name of includes) {
    if (!resource.includes?.includes(name))
      throw bad(`Unknown include '${name}'. Allowed includes: ${resource.includes?.join(', ') || 'none'}.`);
  }
  const appends = new Set(list(single(query.append ?? '', 'append')));
  for (const name of appends) {
    if (!resource.appends?.includes(name))
      throw bad(`Unknown append '${name}'. Allowed appends: ${resource.appends?.join(', ') || 'none'}.`);
  }

  const perPage = positiveInt(query.per_page, 'per_page', DEFAULT_PER_PAGE, MAX_PER_PAGE);

  return {
    where: conditions.length ? and(...conditions) : undefined,
    orderBy,
    sort,
    after: resource.keyset ? positiveInt(query.after, 'after', 0, MAX_ID) || undefined : undefined,
    page: positiveInt(query.page, 'page', DEFAULT_PAGE, MAX_PAGE),
    perPage,
    includes,
    fields,
    appends,
    params,
  };
}

export interface Page<T> {
  data: T[];
  meta: { current_page: number; last_page: number; per_page: number; total: number };
  links: { first: string; last: string; prev: string | null; next: string | null };
}

/**
 * Totals of at least this many rows are kept for COUNT_TTL_MS: counting a book of 100,000 investors
 * cost more than the page itself on every request (decision 0044). Smaller totals are always exact;
 * a large one may lag a change by at most the TTL, a difference of a few rows in tens of thousands.
 */
export const CACHED_COUNT_FROM = 10_000;
const COUNT_TTL_MS = 10_000;
const MAX_CACHED_COUNTS = 500;
const counts = new Map<string, { total: number; until: number }>();

/** The count of a list, from the cache when one of the same query (filters and scope alike) is fresh. */
async function countOf(countSelect: PgSelect, cached: boolean): Promise<number> {
  const key = cached ? JSON.stringify(countSelect.toSQL()) : '';
  const hit = cached ? counts.get(key) : undefined;
  if (hit && hit.until > Date.now()) return hit.total;
  const total = Number(((await countSelect) as Array<{ total: number }>)[0]?.total ?? 0);
  if (cached && total >= CACHED_COUNT_FROM) {
    if (counts.size >= MAX_CACHED_COUNTS) counts.delete(counts.keys().next().value!);
    counts.set(key, { total, until: Date.now() + COUNT_TTL_MS });
  }
  return total;
}

/**
 * Keyset paging (decision 0073): the rows after the previous page's last row (`query.after`), as a
 * condition the page's select adds, so PostgreSQL starts its sort index at that row instead of
 * stepping over every row before it as OFFSET does. Used when the row is still in the list (same
 * scope and filters: its place must not tell anything about a row the viewer cannot list) and every
 * sort key is a column that cannot be null; otherwise undefined, and the page is read by OFFSET.
 * The page then follows the row the person last saw: a row added or removed before it since then
 * neither repeats a row nor skips one, as OFFSET would.
 */
export async function keysetAfter(
  db: Db,
  query: ListQuery,
  list: { table: PgTable; id: PgColumn; where: SQL | undefined },
): Promise<SQL | undefined> {
  if (query.after === undefined || query.page === 1) return undefined;
  const keys = [...query.sort, { column: list.id, descending: false }];
  const columns = keys.filter((key): key is { column: PgColumn; descending: boolean } => is(key.column, PgColumn) && key.column.notNull);
  if (columns.length < keys.length) return undefined;
  const found = await db
    .select({ id: list.id })
    .from(list.table)
    .where(and(list.where, eq(list.id, query.after)));
  if (!found.length) return undefined;
  // The row's own value of a key, read once a query (an uncorrelated subquery is an init plan).
  const anchorValue = (column: PgColumn) => sql`(select ${column} from ${list.table} where ${list.id} = ${query.after})`;
  const beyond = ({ column, descending }: (typeof columns)[number]) =>
    descending ? lt(column, anchorValue(column)) : gt(column, anchorValue(column));
  const [first] = columns;
  return and(
    // The first key's bound alone, which an index on it can start from.
    first.descending ? lte(first.column, anchorValue(first.column)) : gte(first.column, anchorValue(first.column)),
    or(...columns.map((key, i) => and(...columns.slice(0, i).map((before) => eq(before.column, anchorValue(before.column))), beyond(key)))),
  );
}

/**
 * The rows `load` reads for a page's ids, in the ids' order: a list at book size selects a page's
 * ids first, so its OFFSET steps over index entries rather than whole rows (decisions 0044, 0075).
 */
export async function inIdOrder<Row extends { id: number }>(
  ids: readonly number[],
  load: (ids: number[]) => Promise<Row[]>,
): Promise<Row[]> {
  if (!ids.length) return [];
  const byId = new Map((await load([...ids])).map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * Runs a dynamic select for one page, plus the total, and wraps it in the list envelope.
 * `cacheCount` lets a list that can grow to book size reuse a recent large total. `keyset`: the
 * list takes `after`; `after` is the condition `keysetAfter` gave this page (already in `select`),
 * which replaces the OFFSET, and `links.next` names this page's last row.
 */
export async function paginate<Row, Out>(
  select: PgSelect,
  countSelect: PgSelect,
  query: ListQuery,
  request: FastifyRequest,
  present: (rows: Row[]) => Promise<Out[]> | Out[],
  { cacheCount = false, keyset }: { cacheCount?: boolean; keyset?: { after: SQL | undefined } } = {},
): Promise<Page<Out>> {
  const offset = keyset?.after ? 0 : (query.page - 1) * query.perPage;
  const [rows, total] = await Promise.all([
    select
      .orderBy(...query.orderBy)
      .limit(query.perPage)
      .offset(offset) as unknown as Promise<Row[]>,
    countOf(countSelect, cacheCount),
  ]);
  const lastPage = Math.max(1, Math.ceil(total / query.perPage));
  const lastId = keyset ? (rows.at(-1) as { id: number } | undefined)?.id : undefined;
  cutToFields(request, query.fields);
  return {
    data: await present(rows),
    meta: { current_page: query.page, last_page: lastPage, per_page: query.perPage, total },
    links: pageLinks(request.url, query.page, lastPage, lastId),
  };
}

function pageLinks(url: string, page: number, lastPage: number, lastId: number | undefined) {
  const at = (n: number, after?: number) => {
    const u = new URL(url, 'http://x');
    u.searchParams.set('page', String(n));
    u.searchParams.delete('after');
    if (after !== undefined) u.searchParams.set('after', String(after));
    return `${u.pathname}${u.search}`;
  };
  return {
    first: at(1),
    last: at(lastPage),
    prev: page > 1 ? at(page - 1) : null,
    next: page < lastPage ? at(page + 1, lastId) : null,
  };
}
