import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatMoney,
  formatMoneyCompact,
  formatMultiple,
  formatNumber,
  formatPercent,
  formatPrice,
  formatRate,
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

  it('keeps a price’s places beyond the pence and drops its trailing zeros', () => {
    expect(formatPrice('1.850000', 'GBP')).toBe('£1.85');
    expect(formatPrice('0.123400', 'GBP')).toBe('£0.1234');
    expect(formatPrice('2', 'GBP')).toBe('£2.00');
    expect(formatPrice('1234.000001', 'GBP')).toBe('£1,234.000001');
    expect(formatPrice(null, 'GBP')).toBe('—');
  });
});

describe('numbers', () => {
  it('formats units and share counts exactly, to six places, without trailing zeros', () => {
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
    expect(formatPercent(null)).toBe('—');
  });

  it('formats a rate held as a fraction in percent to one place', () => {
    expect(formatRate('0.1234')).toBe('12.3%');
    expect(formatRate('-0.05')).toBe('-5.0%');
    expect(formatRate(null)).toBe('—');
  });

  it('formats a multiple of cost', () => {
    expect(formatMultiple('1.42')).toBe('1.42x');
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
  });

  it('shows a register time in UTC wherever the viewer is', () => {
    expect(format.formatDateTimeUtc('2024-01-04T23:30:00.000Z')).toBe('4 Jan 2024, 23:30 UTC');
    expect(format.formatDateTimeUtc(null)).toBe('—');
  });
});

describe('missing and unexpected dates', () => {
  it('shows a dash for a missing date and an unreadable one as it came', () => {
    expect(formatDate(null)).toBe('—');
    expect(formatDateTime(undefined)).toBe('—');
    expect(formatDate('not a date')).toBe('not a date');
  });
});
