/**
 * Period ends for reports (fund KPIs per quarter or year, the quarter KPI report). Dates are ISO
 * calendar days ('2024-06-30'); a quarter is written '2024-Q2'.
 */
export type ReportPeriod = 'quarter' | 'year';

const pad = (n: number) => String(n).padStart(2, '0');
const lastDayOf = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The quarter a day falls in: '2024-05-17' → '2024-Q2'. */
export function quarterOf(day: string): string {
  return `${day.slice(0, 4)}-Q${Math.floor((Number(day.slice(5, 7)) - 1) / 3) + 1}`;
}

/** First and last day of a quarter: '2024-Q2' → 2024-04-01 … 2024-06-30. */
export function quarterBounds(quarter: string): { start: string; end: string } {
  const year = Number(quarter.slice(0, 4));
  const q = Number(quarter.slice(6));
  const lastMonth = q * 3;
  return { start: `${year}-${pad(lastMonth - 2)}-01`, end: `${year}-${pad(lastMonth)}-${pad(lastDayOf(year, lastMonth))}` };
}

/** The label of the period a period-end date closes: '2024-Q2' or '2024'. */
export function periodLabel(kind: ReportPeriod, end: string): string {
  return kind === 'year' ? end.slice(0, 4) : quarterOf(end);
}

/**
 * The period ends from the period containing `from` to the one containing `to`, oldest first; the
 * last is `to` itself when its period has not yet ended (figures to date). At most `limit` ends,
 * the latest kept.
 */
export function periodEnds(kind: ReportPeriod, from: string, to: string, limit = 40): string[] {
  if (from > to) return [];
  const ends: string[] = [];
  let year = Number(from.slice(0, 4));
  let month = kind === 'year' ? 12 : Math.ceil(Number(from.slice(5, 7)) / 3) * 3;
  for (;;) {
    const end = `${year}-${pad(month)}-${pad(lastDayOf(year, month))}`;
    if (end >= to) {
      ends.push(to);
      break;
    }
    ends.push(end);
    month += kind === 'year' ? 12 : 3;
    if (month > 12) {
      year += 1;
      month -= 12;
    }
  }
  return ends.slice(-limit);
}
