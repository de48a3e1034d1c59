/**
 * Bank statements and cash-call reminders (decision 0055): the formats staff upload, how a line's
 * amount, day and payment reference are read (exactly: decimal strings, never floats), the columns
 * of a CSV statement, what a line was matched to, and when an unpaid call is reminded.
 */
import Decimal from 'decimal.js';
import { isCalendarDate } from './calendar-dates';

export const BANK_STATEMENT_FORMATS = ['csv', 'ofx', 'camt053'] as const;
export type BankStatementFormat = (typeof BANK_STATEMENT_FORMATS)[number];
export const BANK_STATEMENT_FORMAT_LABELS: Record<BankStatementFormat, string> = { csv: 'CSV', ofx: 'OFX', camt053: 'CAMT.053' };

/** One upload: at most 5 MB and 20,000 lines. */
export const STATEMENT_MAX_BYTES = 5 * 1024 * 1024;
export const STATEMENT_MAX_LINES = 20_000;

/** Paid automatically by reference, offered for a click, nothing found, or set aside by staff. */
export const STATEMENT_LINE_STATUSES = ['matched', 'suggested', 'unmatched', 'ignored'] as const;
export type StatementLineStatus = (typeof STATEMENT_LINE_STATUSES)[number];
export const STATEMENT_LINE_STATUS_LABELS: Record<StatementLineStatus, string> = {
  matched: 'Matched',
  suggested: 'Suggested',
  unmatched: 'Unmatched',
  ignored: 'Ignored',
};

/** How a line found its cash call: the payment reference, the exact amount and the payer's name, or staff. */
export const STATEMENT_MATCH_KINDS = ['reference', 'amount_and_name', 'staff'] as const;
export type StatementMatchKind = (typeof STATEMENT_MATCH_KINDS)[number];

/** The columns a CSV statement must (date, amount) or may have. */
export const STATEMENT_CSV_FIELDS = ['date', 'amount', 'reference', 'payer_name'] as const;
export type StatementCsvField = (typeof STATEMENT_CSV_FIELDS)[number];
export const STATEMENT_CSV_FIELD_LABELS: Record<StatementCsvField, string> = {
  date: 'Date',
  amount: 'Amount',
  reference: 'Reference',
  payer_name: 'Payer name',
};
/** Column index (from 0) of each field. */
export type StatementCsvMapping = Partial<Record<StatementCsvField, number>>;

/** Header words of common bank exports (UK high-street banks, Starling, Monzo, Wise, Xero's bank CSV). */
const CSV_HEADER_WORDS: Record<StatementCsvField, readonly string[]> = {
  date: ['date', 'transaction date', 'booking date', 'posting date', 'value date', 'posted date'],
  amount: ['amount', 'credit amount', 'paid in', 'money in', 'credit', 'amount (gbp)', 'value'],
  reference: ['reference', 'payment reference', 'description', 'details', 'narrative', 'memo', 'transaction description'],
  payer_name: ['payer name', 'payer', 'counter party', 'counterparty', 'name', 'payee', 'from', 'remitter'],
};

/** The columns of a header row that name each field, as far as common layouts tell. */
export function guessStatementColumns(headers: readonly string[]): StatementCsvMapping {
  const normal = headers.map((h) => h.trim().toLowerCase().replace(/\s+/g, ' '));
  const mapping: StatementCsvMapping = {};
  const taken = new Set<number>();
  for (const field of STATEMENT_CSV_FIELDS) {
    for (const word of CSV_HEADER_WORDS[field]) {
      const index = normal.findIndex((h, i) => h === word && !taken.has(i));
      if (index >= 0) {
        mapping[field] = index;
        taken.add(index);
        break;
      }
    }
  }
  return mapping;
}

/**
 * An amount as a bank writes it — `1,234.56`, `1.234,56`, `-12.00`, `(12.00)`, `£1 000` — as an
 * exact decimal string with two places (negative for money out), or null when it is not an amount
 * or has more than two decimals. The last `.` or `,` followed by one or two digits is the decimal mark.
 */
export function parseStatementAmount(text: string): string | null {
  let s = text.trim().replace(/[£$€\s\u00a0']/g, '');
  if (/^[A-Z]{3}/i.test(s)) s = s.slice(3);
  if (/[A-Z]{3}$/i.test(s)) s = s.slice(0, -3);
  let negative = false;
  if (/^\(.*\)$/.test(s)) {
    negative = true;
    s = s.slice(1, -1);
  }
  if (s.startsWith('-')) {
    negative = !negative;
    s = s.slice(1);
  } else if (s.startsWith('+')) s = s.slice(1);
  if (s.endsWith('-')) {
    negative = !negative;
    s = s.slice(0, -1);
  }
  const mark = /[.,](\d{1,2})$/.exec(s);
  const grouped = mark ? s.slice(0, mark.index) : s;
  // Thousands are grouped by one mark, in threes: 1,234,567 or 1.234.567.
  if (!/^\d+$/.test(grouped) && !/^\d{1,3}(,\d{3})+$/.test(grouped) && !/^\d{1,3}(\.\d{3})+$/.test(grouped)) return null;
  const whole = grouped.replace(/[.,]/g, '');
  if (whole.length > 15) return null;
  const value = new Decimal(`${whole}.${mark ? mark[1] : '0'}`);
  return (negative ? value.neg() : value).toFixed(2);
}

/**
 * A day as statements write it — `2026-03-02`, `02/03/2026` (day first, as UK banks do),
 * `02.03.2026`, `20260302` (OFX, which may add a time) — as an ISO date, or null.
 */
export function parseStatementDate(text: string): string | null {
  const s = text.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(s) ?? /^(\d{4})(\d{2})(\d{2})/.exec(s);
  const dayFirst = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(s);
  const day = iso
    ? `${iso[1]}-${iso[2]}-${iso[3]}`
    : dayFirst
      ? `${dayFirst[3]}-${dayFirst[2].padStart(2, '0')}-${dayFirst[1].padStart(2, '0')}`
      : null;
  return day && isCalendarDate(day) ? day : null;
}

/**
 * The payment reference a cash call shows (`INV-<opportunity>-<code>`, a code of 6 to 10 letters and
 * digits; decision 0055) found in a
 * statement's reference text, however the bank spaced or cased it; null when there is none.
 */
export function paymentReferenceIn(text: string): string | null {
  const m = /INV[\s-]?(\d{1,9})[\s-]?([A-Z0-9]{6,10})(?![A-Z0-9])/.exec(text.toUpperCase());
  return m ? `INV-${m[1]}-${m[2]}` : null;
}

/**
 * When the firm reminds an unpaid cash call (decision 0061): whole days before the due day, on it,
 * and days after it. Staff set it; the default is 3 days before, on the day and 7 days after.
 */
export type CashCallReminderSchedule = { days_before: number[]; on_due_day: boolean; days_after: number[] };
export const DEFAULT_CASH_CALL_REMINDER_SCHEDULE: CashCallReminderSchedule = { days_before: [3], on_due_day: true, days_after: [7] };
/** The most reminders before, and after, the due day a schedule may hold; and the furthest day. */
export const CASH_CALL_REMINDER_MAX_STAGES = 3;
export const CASH_CALL_REMINDER_MAX_DAYS = 90;

/**
 * A scheduled reminder is named by its offset from the due day — `before:3`, `due`, `after:7` —
 * so a reminder sent stays sent whatever the schedule becomes: one reminder per stage and call.
 * Reminders staff send by hand are `manual`.
 */
export type CashCallReminderStage = `before:${number}` | 'due' | `after:${number}`;
export const CASH_CALL_REMINDER_STAGE_PATTERN = /^(?:(?:before|after):[1-9]\d*|due|manual)$/;

/** A stage's offset in days from the due day: negative before it. */
export function reminderStageOffset(stage: CashCallReminderStage): number {
  if (stage === 'due') return 0;
  const [side, days] = stage.split(':');
  return side === 'before' ? -Number(days) : Number(days);
}

/** The schedule's stages in the order they fall, earliest first. */
export function reminderStages(schedule: CashCallReminderSchedule): CashCallReminderStage[] {
  const stages: CashCallReminderStage[] = [
    ...schedule.days_before.map((days): CashCallReminderStage => `before:${days}`),
    ...(schedule.on_due_day ? (['due'] as const) : []),
    ...schedule.days_after.map((days): CashCallReminderStage => `after:${days}`),
  ];
  return stages.sort((a, b) => reminderStageOffset(a) - reminderStageOffset(b));
}

const dayCount = (days: number) => (days === 1 ? '1 day' : `${days} days`);

/** How staff read a reminder's stage: "3 days before the due date", "Sent by staff". */
export function reminderStageLabel(stage: string): string {
  if (stage === 'manual') return 'Sent by staff';
  if (stage === 'due') return 'On the due date';
  const offset = reminderStageOffset(stage as CashCallReminderStage);
  return `${dayCount(Math.abs(offset))} ${offset < 0 ? 'before' : 'after'} the due date`;
}

/** The schedule in a sentence: "3 days before the due date, on it and 7 days after it". */
export function describeReminderSchedule(schedule: CashCallReminderSchedule): string {
  const sorted = (days: number[]) => [...days].sort((a, b) => a - b);
  const parts = [
    ...(schedule.days_before.length ? [`${sorted(schedule.days_before).reverse().map(dayCount).join(', ')} before the due date`] : []),
    ...(schedule.on_due_day ? ['on the due date'] : []),
    ...(schedule.days_after.length ? [`${sorted(schedule.days_after).map(dayCount).join(', ')} after it`] : []),
  ];
  if (!parts.length) return 'none';
  return parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}
