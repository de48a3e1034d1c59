import { describe, expect, it } from 'vitest';
import { fromPickerDateTime, parseUkDate, toAmountString, toPickerDateTime } from './input-values';

describe('date fields', () => {
  it('reads a typed date day first, never month first', () => {
    expect(parseUkDate('05/01/2027')).toBe('2027-01-05');
    expect(parseUkDate('5/1/2027')).toBe('2027-01-05');
    expect(parseUkDate('31.12.2026')).toBe('2026-12-31');
    expect(parseUkDate('08-01-2027')).toBe('2027-01-08');
    expect(parseUkDate('2027-01-05')).toBe('2027-01-05');
  });

  it('refuses days that do not exist, half-typed dates and two-digit years', () => {
    expect(parseUkDate('12/31/2026')).toBeNull();
    expect(parseUkDate('29/02/2026')).toBeNull();
    expect(parseUkDate('29/02/2028')).toBe('2028-02-29');
    expect(parseUkDate('05/01/2')).toBeNull();
    expect(parseUkDate('05/01/27')).toBeNull();
    expect(parseUkDate('')).toBeNull();
  });

  it('turns a form’s date-time into the picker’s and back', () => {
    expect(toPickerDateTime('2027-01-05T14:03')).toBe('2027-01-05 14:03:00');
    expect(toPickerDateTime('')).toBeNull();
    expect(fromPickerDateTime('2027-01-05 14:03:00')).toBe('2027-01-05T14:03');
    expect(fromPickerDateTime(null)).toBe('');
  });
});

describe('money fields', () => {
  it('keeps the amount as an exact string without separators', () => {
    expect(toAmountString('12,500.50')).toBe('12500.50');
    expect(toAmountString('12500')).toBe('12500');
    expect(toAmountString('123456789012345.99')).toBe('123456789012345.99');
    expect(toAmountString('.5')).toBe('0.5');
    expect(toAmountString('12.')).toBe('12');
    expect(toAmountString('-.5')).toBe('-0.5');
    expect(toAmountString('')).toBe('');
    expect(toAmountString('.')).toBe('');
  });
});
