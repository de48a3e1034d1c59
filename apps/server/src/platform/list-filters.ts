import { ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { AppError } from './errors';
import { isCalendarDate, MAX_BULK_IDS, MAX_ID } from '@platform/domain';

/** Filter values of list queries (`filter[x]=…`): a malformed value is a 400 naming the filter. */

export function idList(field: string, value: string): number[] {
  const ids = value.split(',').map((v) => v.trim());
  if (ids.some((id) => !/^\d+$/.test(id) || Number(id) < 1 || Number(id) > MAX_ID))
    throw new AppError('bad_request', `filter[${field}] must be an id or a comma-separated list of ids.`);
  return ids.map(Number);
}

/**
 * `column = any($1)`: a batch of ids as one array parameter. `inArray` sends one parameter per id,
 * which for an export's batch of thousands costs more to build and plan than to run.
 */
export const idIn = (column: PgColumn, ids: readonly number[]): SQL => sql`${column} = any(${sql.param(ids)}::int[])`;

export const idsFilter = (field: string, column: PgColumn) => (value: string) => inArray(column, idList(field, value));

/** `filter[ids]=1,2,3`: the chosen rows of a list (an export of the selection), at most MAX_BULK_IDS. */
export const chosenIdsFilter = (column: PgColumn) => (value: string) => {
  const ids = idList('ids', value);
  if (ids.length > MAX_BULK_IDS) throw new AppError('bad_request', `filter[ids] may name at most ${MAX_BULK_IDS} records.`);
  return inArray(column, ids);
};

export function dayFilter(field: string, value: string): string {
  if (!isCalendarDate(value)) throw new AppError('bad_request', `filter[${field}] must be a date (YYYY-MM-DD).`);
  return value;
}

/** One of a fixed set of values, or several separated by commas. */
export const oneOfFilter = (field: string, column: PgColumn, allowed: readonly string[]) => (value: string) => {
  const values = value.split(',').map((v) => v.trim());
  const unknown = values.find((v) => !allowed.includes(v));
  if (unknown !== undefined) throw new AppError('bad_request', `filter[${field}] must be one of ${allowed.join(', ')}.`);
  return inArray(column, values);
};

/** Substring search; % and _ typed by a user are matched literally, not as wildcards. */
export const containsFilter =
  (column: PgColumn) =>
  (value: string): SQL | undefined => {
    const text = value.trim();
    return text ? ilike(column, `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined;
  };
