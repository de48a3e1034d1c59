import { formatCalendarDay, formatMoney, formatShareCount } from '@platform/domain';

/**
 * The one way a statement writes dates and figures, in the PDF and the CSV's display columns: the
 * domain's rules, as the web shows them — '5 Jan 2024' for a calendar day, '£12,500.00' for a
 * payment, share counts and units with trailing zeros dropped.
 */
export function statementDay(isoDay: string): string {
  return formatCalendarDay(isoDay);
}

export function statementMoney(amount: string, currency: string): string {
  return formatMoney({ amount, currency });
}

export function statementQuantity(value: string | null): string {
  return value === null ? '—' : formatShareCount(value);
}
