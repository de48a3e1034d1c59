import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  formatAmount,
  formatChartAmount,
  formatChartPrice,
  formatCount,
  formatDate,
  formatDateTime,
  formatFundUnits,
  formatKpiPeriod,
  formatMoney,
  formatMoneyAxis,
  formatMoneyCompact,
  formatMultiple,
  formatNumber,
  formatNumberAxis,
  formatPercent,
  formatPrice,
  formatRate,
  formatTimeAgo,
  formatUnits,
} from './format';

describe('money', () => {
  it('formats an exact amount with its symbol, grouping and pence', () => {
    expect(formatMoney('12500', 'GBP')).toBe('£12,500.00');
    expect(formatMoney('1250.5', 'GBP')).toBe('£1,250.50');
    expect(formatMoney('-40.10', 'EUR')).toBe('-€40.10');
    expect(formatMoney('123456789012345.99', 'USD')).toBe('$123,456,789,012,345.99');
  });

  it('shows a dash for a missing amount', () => {
    expect(formatMoney(null, 'GBP')).toBe('—');
    expect(formatMoney(undefined, 'GBP')).toBe('—');
  });

  it('drops the pence of a whole amount only in the compact form', () => {
    expect(formatMoneyCompact('250000.00', 'GBP')).toBe('£250,000');
    expect(formatMoneyCompact('250000.10', 'GBP')).toBe('£250,000.10');
    expect(formatMoneyCompact(null, 'GBP')).toBe('—');
  });

  it('shows a payment amount to the penny, never as a currency code and bare digits', () => {
    expect(formatMoney('50000.00', 'GBP')).toBe('£50,000.00');
    expect(formatMoney('50000', 'USD')).toBe('$50,000.00');
    expect(formatMoney('0.5', 'GBP')).toBe('£0.50');
    expect(formatMoney('-0.00', 'GBP')).toBe('£0.00');
  });

  it('drops the pence of a whole table amount from 10,000 up, keeps pence the figure has, and always below 10,000', () => {
    expect(formatAmount('50000.00', 'GBP')).toBe('£50,000');
    expect(formatAmount('10000.00', 'GBP')).toBe('£10,000');
    expect(formatAmount('9999.00', 'GBP')).toBe('£9,999.00');
    expect(formatAmount('950', 'GBP')).toBe('£950.00');
    expect(formatAmount('78594.37', 'GBP')).toBe('£78,594.37');
    expect(formatAmount('-250000.00', 'EUR')).toBe('-€250,000');
    expect(formatAmount('-12.5', 'USD')).toBe('-$12.50');
    expect(formatAmount('1234567890123.00', 'GBP')).toBe('£1,234,567,890,123');
    expect(formatAmount(null, 'GBP')).toBe('—');
  });

  it('shows share prices and NAV per unit to 2–4 places, rounded half-up, without trailing zeros', () => {
    expect(formatPrice('1.850000', 'GBP')).toBe('£1.85');
    expect(formatPrice('1.528000', 'GBP')).toBe('£1.528');
    expect(formatPrice('0.970000', 'GBP')).toBe('£0.97');
    expect(formatPrice('0.123400', 'GBP')).toBe('£0.1234');
    expect(formatPrice('1.528451', 'GBP')).toBe('£1.5285');
    expect(formatPrice('2', 'GBP')).toBe('£2.00');
    expect(formatPrice('1234.000001', 'GBP')).toBe('£1,234.00');
    expect(formatPrice('-0.5', 'EUR')).toBe('-€0.50');
    expect(formatPrice(null, 'GBP')).toBe('—');
  });

  it('labels a money axis compactly and a chart tooltip as a table would', () => {
    expect(formatMoneyAxis(0, 'GBP')).toBe('£0');
    expect(formatMoneyAxis(950, 'GBP')).toBe('£950');
    expect(formatMoneyAxis(165000, 'GBP')).toBe('£165k');
    expect(formatMoneyAxis(1250000, 'GBP')).toBe('£1.3m');
    expect(formatMoneyAxis(-40000, 'USD')).toBe('-$40k');
    expect(formatMoneyAxis(15000, 'EUR')).toBe('€15k');
    expect(formatChartAmount(165000, 'GBP')).toBe('£165,000');
    expect(formatChartAmount(0.1 + 0.2, 'GBP')).toBe('£0.30');
    expect(formatChartPrice(1.52799999, 'GBP')).toBe('£1.528');
  });

  it('labels a plain figure axis as compactly as a money axis', () => {
    expect(formatNumberAxis(0)).toBe('0');
    expect(formatNumberAxis(950)).toBe('950');
    expect(formatNumberAxis(165000)).toBe('165k');
    expect(formatNumberAxis(1250000)).toBe('1.3m');
  });
});

describe('numbers', () => {
  it('shows fund units always to 2 places', () => {
    expect(formatFundUnits('630632.657160')).toBe('630,632.66');
    expect(formatFundUnits('1000')).toBe('1,000.00');
    expect(formatFundUnits('-12.005')).toBe('-12.01');
    expect(formatFundUnits(null)).toBe('—');
  });

  it('formats share counts exactly, to six places, without trailing zeros', () => {
    expect(formatUnits('12500.000000')).toBe('12,500');
    expect(formatUnits('1000.250000')).toBe('1,000.25');
    // Beyond what a float holds exactly: the string is never turned into a number.
    expect(formatUnits('123456789012345.123456')).toBe('123,456,789,012,345.123456');
    expect(formatUnits('-0.500000')).toBe('-0.5');
    expect(formatUnits('-0.000000')).toBe('0');
    expect(formatUnits(null)).toBe('—');
  });

  it('formats counts and chart figures with grouping', () => {
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(2.5)).toBe('2.5');
    expect(formatNumber(1.23456789)).toBe('1.234568');
  });

  it('formats percentage points as given, without trailing zeros', () => {
    expect(formatPercent('2.5000')).toBe('2.5%');
    expect(formatPercent('12.50')).toBe('12.5%');
    expect(formatPercent('100.00')).toBe('100%');
    expect(formatPercent(40)).toBe('40%');
    expect(formatPercent('33.333333')).toBe('33.33%');
    expect(formatPercent('1250')).toBe('1,250%');
    expect(formatPercent(null)).toBe('—');
  });

  it('formats a rate held as a fraction in percent to one place', () => {
    expect(formatRate('0.1234')).toBe('12.3%');
    expect(formatRate('-0.05')).toBe('-5.0%');
    expect(formatRate(null)).toBe('—');
  });

  it('formats a multiple of cost to 2 places', () => {
    expect(formatMultiple('1.42')).toBe('1.42x');
    expect(formatMultiple('3.1')).toBe('3.10x');
    expect(formatMultiple('0.123456')).toBe('0.12x');
    expect(formatMultiple('2')).toBe('2.00x');
    expect(formatMultiple(null)).toBe('—');
  });
});

/**
 * The zones furthest ahead of and behind UTC: a date-only value read as UTC midnight shows the day
 * before in Adak, and one read as local midnight then shown in UTC shows the day before in Kiritimati.
 * Node applies a change of process.env.TZ at once, so each zone is tried in this same run; the module
 * is loaded afresh in each, as its formatters take the zone in force when they are built.
 */
const ZONES = ['Pacific/Kiritimati', 'America/Adak'] as const;
const originalZone = process.env.TZ;
afterAll(() => {
  if (originalZone === undefined) delete process.env.TZ;
  else process.env.TZ = originalZone;
});

describe.each(ZONES)('dates in %s', (zone) => {
  let format: typeof import('./format');
  beforeAll(async () => {
    process.env.TZ = zone;
    vi.resetModules();
    format = await import('./format');
  });

  it('runs in that zone', () => {
    // Otherwise the tests below would pass for the wrong reason.
    expect(new Date('2024-01-05T00:00:00Z').getTimezoneOffset()).toBe(zone === 'America/Adak' ? 600 : -840);
  });

  it('shows a date-only value as its own calendar day', () => {
    const { formatDate, formatDateLong, formatDayMonth } = format;
    expect(formatDate('2024-01-05')).toBe('5 Jan 2024');
    expect(formatDate('2024-12-31')).toBe('31 Dec 2024');
    expect(formatDate('2025-01-01')).toBe('1 Jan 2025');
    expect(formatDateLong('2024-02-29')).toBe('29 February 2024');
    expect(formatDayMonth('2024-03-01')).toBe('1 Mar');
  });

  it('shows and writes a timestamp as the day and time it is where the viewer is', () => {
    const { formatDate, formatDateLong, formatDateTime, formatWeekdayTime } = format;
    // 23:30 UTC on 4 January is 13:30 on the 5th in Kiritimati (UTC+14) and 13:30 on the 4th in Adak (UTC−10).
    const stamp = '2024-01-04T23:30:00.000Z';
    const kiritimati = zone === 'Pacific/Kiritimati';
    expect(formatDate(stamp)).toBe(kiritimati ? '5 Jan 2024' : '4 Jan 2024');
    expect(formatDateLong(stamp)).toBe(kiritimati ? '5 January 2024' : '4 January 2024');
    expect(formatDateTime(stamp)).toBe(kiritimati ? '5 Jan 2024, 13:30' : '4 Jan 2024, 13:30');
    expect(format.toLocalIsoDate(new Date(stamp))).toBe(kiritimati ? '2024-01-05' : '2024-01-04');
    expect(format.toLocalIsoDateTime(new Date(stamp))).toBe(kiritimati ? '2024-01-05T13:30' : '2024-01-04T13:30');
    // What a datetime-local input holds is read back as the same instant.
    expect(new Date(format.toLocalIsoDateTime(new Date(stamp))).toISOString()).toBe(stamp);
    expect(formatWeekdayTime(stamp)).toBe(kiritimati ? 'Friday 5 January at 13:30' : 'Thursday 4 January at 13:30');
    expect(format.formatTime(stamp)).toBe('13:30');
  });

  it('shows a register time in UTC wherever the viewer is', () => {
    expect(format.formatDateTimeUtc('2024-01-04T23:30:00.000Z')).toBe('4 Jan 2024, 23:30 UTC');
    expect(format.formatDateTimeUtc(null)).toBe('—');
  });
});

describe('KPI periods', () => {
  it('names a month, a quarter and a year as people read them, not as the stored key', () => {
    expect(formatKpiPeriod('2026-03')).toBe('Mar 2026');
    expect(formatKpiPeriod('2025-12')).toBe('Dec 2025');
    expect(formatKpiPeriod('2026-Q1')).toBe('Q1 2026');
    expect(formatKpiPeriod('2026')).toBe('2026');
  });
});

describe('missing and unexpected dates', () => {
  it('shows a dash for a missing date and an unreadable one as it came', () => {
    expect(formatDate(null)).toBe('—');
    expect(formatDateTime(undefined)).toBe('—');
    expect(formatDate('not a date')).toBe('not a date');
  });
});

describe('relative times', () => {
  const now = Date.parse('2026-11-24T12:00:00Z');
  const ago = (ms: number) => new Date(now - ms).toISOString();
  it("says how long ago in the words of spec §2.4, 'N mins ago' also for 1", () => {
    expect(formatTimeAgo(ago(0), now)).toBe('Just now');
    expect(formatTimeAgo(ago(59_000), now)).toBe('Just now');
    expect(formatTimeAgo(ago(-5_000), now)).toBe('Just now');
    expect(formatTimeAgo(ago(60_000), now)).toBe('1 mins ago');
    expect(formatTimeAgo(ago(5 * 60_000), now)).toBe('5 mins ago');
    expect(formatTimeAgo(ago(3_600_000), now)).toBe('1 hours ago');
    expect(formatTimeAgo(ago(23 * 3_600_000), now)).toBe('23 hours ago');
    expect(formatTimeAgo(ago(24 * 3_600_000), now)).toBe('1 days ago');
    expect(formatTimeAgo(ago(29 * 86_400_000), now)).toBe('29 days ago');
  });

  it('gives the date past 30 days, and a dash for nothing', () => {
    expect(formatTimeAgo('2026-09-01T12:00:00Z', now)).toBe('1 Sept 2026');
    expect(formatTimeAgo(null, now)).toBe('—');
  });
});

describe('formatCount', () => {
  it('names one in the singular and any other count in the plural, with thousands separated', () => {
    expect(formatCount(1, 'call')).toBe('1 call');
    expect(formatCount(0, 'call')).toBe('0 calls');
    expect(formatCount(1204, 'call')).toBe('1,204 calls');
    expect(formatCount(2, 'opportunity', 'opportunities')).toBe('2 opportunities');
  });
});
