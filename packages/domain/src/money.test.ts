import { describe, expect, it } from 'vitest';
import { formatMoney } from './format';
import { compareAmounts, isDecimalString, sumAmounts, toAmount, toMinorUnits } from './money';

describe('money', () => {
  it('adds without binary-float error', () => {
    expect(sumAmounts(['0.1', '0.2'])).toBe('0.30');
    expect(sumAmounts(['1000000000000.01', '0.02'])).toBe('1000000000000.03');
  });

  it('rounds half-up to minor units', () => {
    expect(toAmount('2.005')).toBe('2.01');
    expect(toAmount('-2.005')).toBe('-2.01');
  });

  it('converts to minor units exactly, refusing fractions of a penny', () => {
    expect(toMinorUnits('5000.00')).toBe(500000);
    expect(toMinorUnits('0.29')).toBe(29);
    expect(toMinorUnits('1234567.89')).toBe(123456789);
    expect(() => toMinorUnits('1.005')).toThrow(RangeError);
  });

  it('compares exactly', () => {
    expect(compareAmounts('10.00', '10')).toBe(0);
    expect(compareAmounts('9.99', '10')).toBe(-1);
  });

  it('accepts only plain decimal strings', () => {
    expect(isDecimalString('12500.50')).toBe(true);
    expect(isDecimalString('1e5')).toBe(false);
    expect(isDecimalString(12.5)).toBe(false);
  });

  it('formats with currency symbol and grouping', () => {
    expect(formatMoney({ amount: '1234567.5', currency: 'GBP' })).toBe('£1,234,567.50');
    expect(formatMoney({ amount: '-20', currency: 'EUR' })).toBe('-€20.00');
  });
});
