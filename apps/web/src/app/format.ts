import {
  formatCalendarDay,
  formatFundUnits as formatFundUnitsValue,
  formatMoney as formatMoneyValue,
  formatMultipleOf,
  formatShareCount,
  formatTableAmount,
  formatUnitPrice,
  relativeTime,
} from '@platform/domain';

/**
 * How figures and dates read everywhere in the web app: en-GB, one style per kind, '—' for a value
 * that is missing. Decimals arrive from the server as exact strings and are formatted as strings,
 * never through a binary float. The rules shared with what the server writes (statements, e-mails)
 * live in the domain package; docs/decisions/0038-numbers-and-dates.md says which rule goes where.
 */
const LOCALE = 'en-GB';
export const EMPTY = '—';

type Maybe<T> = T | null | undefined;

const missing = (value: Maybe<string>): value is null | undefined | '' => value == null || value === '';

/** A payment (cash call, payment, transaction, fee) to the penny: '£50,000.00'; the amount stays exact. */
export function formatMoney(amount: Maybe<string>, currency: string): string {
  return missing(amount) ? EMPTY : formatMoneyValue({ amount, currency });
}

/**
 * An amount in a table or a headline figure: '£50,000' from 10,000 up when it has no pence,
 * '£78,594.37' when it has, '£950.00' below 10,000.
 */
export function formatAmount(amount: Maybe<string>, currency: string): string {
  return missing(amount) ? EMPTY : formatTableAmount(amount, currency);
}

/** '£12,500' for whole amounts, '£12,500.50' otherwise: for the deal board, where space is short. */
export function formatMoneyCompact(amount: Maybe<string>, currency: string): string {
  return formatMoney(amount, currency).replace(/\.00$/, '');
}

/** Share prices and NAV per unit: 2 to 4 places, no trailing zeros past the pence: '£1.528', '£0.97'. */
export function formatPrice(amount: Maybe<string>, currency: string): string {
  return missing(amount) ? EMPTY : formatUnitPrice(amount, currency);
}

/** Share counts, grouped, a fraction of a share kept: '12,500', '1,000.25'. */
export function formatUnits(value: Maybe<string>): string {
  return missing(value) ? EMPTY : formatShareCount(value);
}

/** Fund units, always to 2 places: '630,632.66'. */
export function formatFundUnits(value: Maybe<string>): string {
  return missing(value) ? EMPTY : formatFundUnitsValue(value);
}

const numberFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 6 });

/** Counts and chart figures: '1,234', '2.5'. */
export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

/** A count with its noun, singular for one: '1 call', '1,204 calls'; `plural` for nouns that do not take an 's'. */
export function formatCount(count: number, noun: string, plural = `${noun}s`): string {
  return `${formatNumber(count)} ${count === 1 ? noun : plural}`;
}

const percentFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 2 });

/** A value already in percentage points, to at most 2 places, trailing zeros dropped: '12.5%', '2%'. */
export function formatPercent(value: Maybe<string | number>): string {
  if (value == null || value === '') return EMPTY;
  return `${percentFormat.format(Number(Number(value).toFixed(2)))}%`;
}

/** A rate held as a fraction, such as an IRR of 0.1234, in percent to one place: '12.3%'. */
export function formatRate(value: Maybe<string>): string {
  return missing(value) ? EMPTY : `${(Number(value) * 100).toFixed(1)}%`;
}

/** A multiple of cost, to 2 places: '3.10x'. */
export function formatMultiple(value: Maybe<string>): string {
  return missing(value) ? EMPTY : formatMultipleOf(value);
}

const axisFormats = new Map<string, Intl.NumberFormat>();

/**
 * A chart axis tick in money, short enough for a narrow axis: '£0', '£950', '£165k', '£1.3m'. The
 * tooltip keeps the full figure (`formatAmount`).
 */
export function formatMoneyAxis(value: number, currency: string): string {
  let format = axisFormats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE, {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
      notation: 'compact',
      minimumFractionDigits: 0,
      maximumFractionDigits: 1,
    });
    axisFormats.set(currency, format);
  }
  return format.format(value);
}

const numberAxis = new Intl.NumberFormat(LOCALE, { notation: 'compact', maximumFractionDigits: 1 });

/** A chart axis tick that is a plain count or figure, as short as a money tick: '950', '165k', '1.3m'. */
export function formatNumberAxis(value: number): string {
  return numberAxis.format(value);
}

const KPI_MONTH = /^(\d{4})-(\d{2})$/;
const KPI_QUARTER = /^(\d{4})-Q([1-4])$/;
const monthOfYear = new Intl.DateTimeFormat(LOCALE, { month: 'short', year: 'numeric', timeZone: 'UTC' });

/**
 * A KPI period key as people read it, on chart axes and headlines: '2026-03' → 'Mar 2026',
 * '2026-Q1' → 'Q1 2026', '2026' stays '2026' (the key itself is what is typed and stored).
 */
export function formatKpiPeriod(key: string): string {
  const month = KPI_MONTH.exec(key);
  if (month) return monthOfYear.format(Date.UTC(Number(month[1]), Number(month[2]) - 1, 1));
  const quarter = KPI_QUARTER.exec(key);
  return quarter ? `Q${quarter[2]} ${quarter[1]}` : key;
}

/** A chart's money figure (a float from the chart) as a table shows it: '£165,000', '£950.00'. */
export function formatChartAmount(value: number, currency: string): string {
  return formatAmount(value.toFixed(2), currency);
}

/** A chart's price figure (a float from the chart) as prices read: '£1.528'. */
export function formatChartPrice(value: number, currency: string): string {
  return formatPrice(value.toFixed(4), currency);
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

const dateOfInstant = dateFormatter({ day: 'numeric', month: 'short', year: 'numeric' });

/**
 * '8 Jan 2027', in tables, pages and chart axes alike: the day of a date-only value (the domain's
 * `formatCalendarDay`, as statements print it), or the day a timestamp falls on where the viewer is.
 */
export function formatDate(value: Maybe<string>): string {
  return value && DATE_ONLY.test(value) ? formatCalendarDay(value) : dateOfInstant(value);
}

/** '5 January 2024', for dates that stand in a sentence or a heading. */
export const formatDateLong = dateFormatter({ day: 'numeric', month: 'long', year: 'numeric' });

/** '5 Jan', for the axis of a chart of recent days. */
export const formatDayMonth = dateFormatter({ day: 'numeric', month: 'short' });

/** '14:03' in the viewer's zone: a moment of today, such as when a draft was last saved. */
export const formatTime = dateFormatter({ hour: '2-digit', minute: '2-digit' });

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

const DAYS_30 = 30 * 24 * 60 * 60 * 1000;

/**
 * How long ago a moment was, in the words of spec §2.4 (the domain's `relativeTime`, as the
 * notifications show it): 'Just now', '5 mins ago', '3 hours ago', '4 days ago'; past 30 days, its
 * date ('5 Jan 2024'). A moment a little in the future (a clock ahead of the server's) is 'Just now'.
 */
export function formatTimeAgo(value: Maybe<string>, now: number = Date.now()): string {
  if (value == null || value === '') return EMPTY;
  const time = Date.parse(value);
  if (Number.isNaN(time)) return value;
  return now - time < DAYS_30 ? relativeTime(value, new Date(now)) : formatDate(value);
}
