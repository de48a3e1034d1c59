const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date written YYYY-MM-DD (no 2025-02-30), as forms, filters and PostgreSQL take it. */
export function isCalendarDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const ms = Date.parse(`${value}T00:00:00Z`);
  // Year 0000 is a date to JavaScript but not to PostgreSQL.
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === value && value >= '0001-01-01';
}
