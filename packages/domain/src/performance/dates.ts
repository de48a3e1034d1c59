/** A calendar date 'YYYY-MM-DD' in UTC: fixed width, so string order is date order. */
export type IsoDate = string;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const MS_PER_DAY = 86_400_000;

/** Cheap shape check for hot loops; `dayNumber` does the full calendar check on the dates it converts. */
export function assertIsoDate(value: string): void {
  if (!ISO_DATE.test(value)) throw new RangeError(`Not an ISO date (YYYY-MM-DD): ${value}`);
}

/** Days since 1970-01-01. Rejects dates the calendar does not have, such as 2023-02-30. */
export function dayNumber(value: IsoDate): number {
  assertIsoDate(value);
  const ms = Date.parse(`${value}T00:00:00Z`);
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== value) {
    throw new RangeError(`Not a calendar date: ${value}`);
  }
  return ms / MS_PER_DAY;
}
