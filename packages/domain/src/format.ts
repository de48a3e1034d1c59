import type { Money } from './currencies';
import { compareDecimals, roundHalfUp } from './exact-decimal';

/**
 * How figures read for people, shared by the web app and by what the server writes (statement PDFs
 * and CSVs, e-mails): en-GB, one rule per kind of figure, each in one place. Figures arrive as exact
 * decimal strings and are rounded exactly on BigInt (exact-decimal.ts), never through a binary float.
 * See docs/decisions/0038-numbers-and-dates.md.
 */
const LOCALE = 'en-GB';

/**
 * Making an `Intl.NumberFormat` costs far more than formatting with one (about 50 µs against 1 µs in
 * Node), and a statement or a portfolio page formats thousands of figures: each format is made once
 * per locale (and currency) and kept.
 */
const groupings = new Map<string, Intl.NumberFormat>();
const symbols = new Map<string, string>();

/** Whole digits grouped the locale's way: '12,500'. */
function group(whole: string, locale = LOCALE): string {
  let grouping = groupings.get(locale);
  if (!grouping) {
    grouping = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    groupings.set(locale, grouping);
  }
  return grouping.format(BigInt(whole));
}

/** The currency's narrow symbol in the locale ('£', '€', '$'), or its code where the locale has none. */
export function currencySymbol(currency: string, locale = LOCALE): string {
  const key = `${locale} ${currency}`;
  let symbol = symbols.get(key);
  if (symbol === undefined) {
    symbol =
      new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: 'narrowSymbol' })
        .formatToParts(0)
        .find((p) => p.type === 'currency')?.value ?? currency;
    symbols.set(key, symbol);
  }
  return symbol;
}

/** An exact decimal rounded half-up to at most `max` and at least `min` places, digits grouped: '12,500.5'. */
export function formatDecimal(value: string, { min = 0, max = 6 }: { min?: number; max?: number } = {}): string {
  const rounded = roundHalfUp(value, max);
  const sign = rounded.startsWith('-') ? '-' : '';
  const [whole, fraction = ''] = rounded.slice(sign.length).split('.');
  const kept = fraction.replace(/0+$/, '').padEnd(min, '0');
  return `${sign}${group(whole)}${kept ? `.${kept}` : ''}`;
}

/** Share counts: whole shares grouped ('12,500'); a fraction of a share keeps its places, up to the 6 stored. */
export function formatShareCount(value: string): string {
  return formatDecimal(value, { max: 6 });
}

/** Fund units, always to 2 places: '630,632.66'. */
export function formatFundUnits(value: string): string {
  return formatDecimal(value, { min: 2, max: 2 });
}

/** Formats for people: '£12,500.00'. The locale decides separators; the amount stays exact. */
export function formatMoney({ amount, currency }: Money, locale = LOCALE): string {
  const [whole, fraction] = roundHalfUp(amount, 2).replace('-', '').split('.');
  const sign = amount.trim().startsWith('-') && compareDecimals(amount, 0) !== 0 ? '-' : '';
  return `${sign}${currencySymbol(currency, locale)}${group(whole, locale)}.${fraction}`;
}

/** Payment amounts (cash calls, payments, transactions, statements) with their pence: '£50,000.00'. */
export const formatPaymentAmount = formatMoney;

/**
 * Amounts in tables and headline figures: from 10,000 up, whole amounts lose the '.00' ('£50,000');
 * an amount with pence keeps them ('£78,594.37'), so rows still add up to their total. Below
 * 10,000 pence always show ('£950.00').
 */
export function formatTableAmount(amount: string, currency: string): string {
  const full = formatMoney({ amount, currency });
  return compareDecimals(amount.trim().replace(/^[+-]/, ''), 10_000) >= 0 ? full.replace(/\.00$/, '') : full;
}

/**
 * Share prices and NAV per unit: at least 2 and at most 4 places, rounded half-up, with no zeros
 * after the pence: '£1.528', '£0.97', '£0.1235'.
 */
export function formatUnitPrice(amount: string, currency: string): string {
  const text = formatDecimal(amount, { min: 2, max: 4 });
  const symbol = currencySymbol(currency, LOCALE);
  return text.startsWith('-') ? `-${symbol}${text.slice(1)}` : `${symbol}${text}`;
}

/** A multiple of cost, to 2 places: '3.10x'. */
export function formatMultipleOf(value: string): string {
  return `${formatDecimal(value, { min: 2, max: 2 })}x`;
}

const calendarDay = new Intl.DateTimeFormat(LOCALE, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** A calendar day ('2027-01-08') as people read it: '8 Jan 2027', the same day in every time zone. */
export function formatCalendarDay(isoDay: string): string {
  const [year, month, day] = isoDay.slice(0, 10).split('-').map(Number);
  return calendarDay.format(Date.UTC(year, month - 1, day));
}
