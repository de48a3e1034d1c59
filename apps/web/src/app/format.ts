import { formatMoney as formatMoneyValue } from '@platform/domain';

/**
 * How figures and dates read everywhere in the web app: en-GB, one style per kind, '—' for a value
 * that is missing. Decimals arrive from the server as exact strings and are formatted as strings,
 * never through a binary float, so a share count or price shows every place it was stored with.
 */
const LOCALE = 'en-GB';
export const EMPTY = '—';

type Maybe<T> = T | null | undefined;

/** '£12,500.00'; the amount stays exact. */
export function formatMoney(amount: Maybe<string>, currency: string): string {
  return amount == null || amount === '' ? EMPTY : formatMoneyValue({ amount, currency });
}

/** '£12,500' for whole amounts, '£12,500.50' otherwise: for the deal board, where space is short. */
export function formatMoneyCompact(amount: Maybe<string>, currency: string): string {
  return formatMoney(amount, currency).replace(/\.00$/, '');
}

/** Share and unit prices keep their precision but drop trailing zeros past the pence: £1.85, £0.1234. */
export function formatPrice(amount: Maybe<string>, currency: string): string {
  if (amount == null || amount === '') return EMPTY;
  const [whole, fraction = ''] = amount.split('.');
  return formatMoneyValue({ amount: `${whole}.00`, currency }).replace(/\.00$/, `.${trimZeros(fraction).padEnd(2, '0')}`);
}

/** Share counts and fund units, to their stored 6 places with trailing zeros dropped: '12,500', '1,000.25'. */
export function formatUnits(value: Maybe<string>): string {
  if (value == null || value === '') return EMPTY;
  const negative = value.startsWith('-');
  const [whole, fraction = ''] = value.replace(/^[-+]/, '').split('.');
  const trimmed = trimZeros(fraction);
  const sign = negative && (BigInt(whole) > 0n || trimmed !== '') ? '-' : '';
  return `${sign}${BigInt(whole).toLocaleString(LOCALE)}${trimmed ? `.${trimmed}` : ''}`;
}

const numberFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 6 });

/** Counts and chart figures: '1,234', '2.5'. */
export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

/** A value already in percentage points ('2.5' → '2.5%'), trailing zeros dropped. */
export function formatPercent(value: Maybe<string | number>): string {
  if (value == null || value === '') return EMPTY;
  const text = String(value);
  const [whole, fraction = ''] = text.split('.');
  const trimmed = trimZeros(fraction);
  return `${whole}${trimmed ? `.${trimmed}` : ''}%`;
}

/** A rate held as a fraction, such as an IRR of 0.1234, in percent to one place: '12.3%'. */
export function formatRate(value: Maybe<string>): string {
  return value == null || value === '' ? EMPTY : `${(Number(value) * 100).toFixed(1)}%`;
}

/** A multiple of cost: '1.42x'. */
export function formatMultiple(value: Maybe<string>): string {
  return value == null || value === '' ? EMPTY : `${value}x`;
}

function trimZeros(fraction: string): string {
  return fraction.replace(/0+$/, '');
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A date-only value ('2024-01-05') is a calendar day, not an instant: `new Date('2024-01-05')` is UTC
 * midnight, which is still the 4th west of Greenwich. So it is built as that day at UTC midnight and
 * shown in UTC, the same day in every zone. A timestamp is an instant, shown in the viewer's zone.
 */
function dateFormatter(options: Intl.DateTimeFormatOptions) {
  const calendarDay = new Intl.DateTimeFormat(LOCALE, { ...options, timeZone: 'UTC' });
  const instant = new Intl.DateTimeFormat(LOCALE, options);
  return (value: Maybe<string>): string => {
    if (value == null || value === '') return EMPTY;
    const day = DATE_ONLY.exec(value);
    if (day) return calendarDay.format(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])));
    const time = Date.parse(value);
    // A value the server should never send is shown as it came rather than breaking the page.
    return Number.isNaN(time) ? value : instant.format(time);
  };
}

/** '5 Jan 2024': the day of a date-only value, or the day a timestamp falls on where the viewer is. */
export const formatDate = dateFormatter({ day: 'numeric', month: 'short', year: 'numeric' });

/** '5 January 2024', for dates that stand in a sentence or a heading. */
export const formatDateLong = dateFormatter({ day: 'numeric', month: 'long', year: 'numeric' });

/** '5 Jan', for the axis of a chart of recent days. */
export const formatDayMonth = dateFormatter({ day: 'numeric', month: 'short' });

/** '5 Jan 2024, 14:03' in the viewer's zone. */
export const formatDateTime = dateFormatter({ day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

const utcDateTime = new Intl.DateTimeFormat(LOCALE, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'UTC',
});

/** '5 Jan 2024, 14:03 UTC': a moment as registers that must be read the same everywhere keep it (the insider list). */
export function formatDateTimeUtc(value: Maybe<string>): string {
  if (value == null || value === '') return EMPTY;
  const time = Date.parse(value);
  return Number.isNaN(time) ? value : `${utcDateTime.format(time)} UTC`;
}

/** 'Monday 5 February at 14:03' in the viewer's zone, for a moment within the coming days. */
export const formatWeekdayTime = dateFormatter({ weekday: 'long', day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' });

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The calendar day a moment falls on where the viewer is, as the API takes dates: '2024-01-05'.
 * `toISOString()` would give the day in UTC, which for part of every day is tomorrow west of
 * Greenwich and yesterday east of it.
 */
export function toLocalIsoDate(moment: Date = new Date()): string {
  return `${moment.getFullYear()}-${pad(moment.getMonth() + 1)}-${pad(moment.getDate())}`;
}

/** The viewer's wall-clock time as a datetime-local input holds it: '2024-01-05T14:03'. */
export function toLocalIsoDateTime(moment: Date = new Date()): string {
  return `${toLocalIsoDate(moment)}T${pad(moment.getHours())}:${pad(moment.getMinutes())}`;
}
