import { describe, expect, it } from 'vitest';
import { isCalendarDate } from '../calendar-dates';
import { isoDateInput } from './fields';

describe('isCalendarDate', () => {
  it('accepts real days, leap days included', () => {
    for (const day of ['2026-11-25', '2024-02-29', '0001-01-01', '9999-12-31']) expect(isCalendarDate(day)).toBe(true);
  });

  it('refuses days that do not exist, year 0000 and other shapes', () => {
    for (const day of ['2026-02-30', '2025-02-29', '2026-13-01', '0000-01-01', '0000-00-00', '26-11-25', '2026-11-25T00:00'])
      expect(isCalendarDate(day)).toBe(false);
  });

  it('gives the form its message', () => {
    const result = isoDateInput.safeParse('0000-06-01');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Enter a date as YYYY-MM-DD.');
  });
});
