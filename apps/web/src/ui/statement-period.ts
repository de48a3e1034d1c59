import { isCalendarDate } from '@platform/domain';

/** Whether a statement as at `asAt` with the transactions from `from` names a period: two days, the start first. */
export const isStatementPeriod = (asAt: string, from: string) => isCalendarDate(asAt) && isCalendarDate(from) && from <= asAt;

/**
 * The period's start once the statement's day moves to `asAt`: kept while it still comes first,
 * else the first of January of that day's year, so choosing a day in an earlier year names a period
 * without a second edit.
 */
export function periodStartFor(asAt: string, from: string): string {
  return isCalendarDate(asAt) && isCalendarDate(from) && from > asAt ? `${asAt.slice(0, 4)}-01-01` : from;
}
