import { describe, expect, it } from 'vitest';
import {
  currencySymbol,
  formatCalendarDay,
  formatDecimal,
  formatFundUnits,
  formatMoney,
  formatMultipleOf,
  formatShareCount,
  formatTableAmount,
  formatUnitPrice,
} from './format';

describe('figures for people', () => {
  it('rounds an exact decimal half-up between its least and most places, grouped', () => {
    expect(formatDecimal('12500.5', { min: 2, max: 2 })).toBe('12,500.50');
    expect(formatDecimal('0.125', { max: 2 })).toBe('0.13');
    expect(formatDecimal('-0.004', { max: 2 })).toBe('0');
    expect(formatDecimal('123456789012345.123456')).toBe('123,456,789,012,345.123456');
  });

  it('writes share counts, fund units, prices, multiples and table amounts by their rules', () => {
    expect(formatShareCount('12500.000000')).toBe('12,500');
    expect(formatFundUnits('630632.65716')).toBe('630,632.66');
    expect(formatUnitPrice('1.528', 'GBP')).toBe('£1.528');
    expect(formatUnitPrice('0.97', 'GBP')).toBe('£0.97');
    expect(formatMultipleOf('3.1')).toBe('3.10x');
    expect(formatTableAmount('50000.00', 'GBP')).toBe('£50,000');
    expect(formatTableAmount('5000.00', 'GBP')).toBe('£5,000.00');
  });

  it('keeps each currency and locale to its own symbol and separators, however they alternate', () => {
    // The formats are made once and kept per locale and currency, so one must never answer for another.
    const figures = ['GBP', 'EUR', 'USD', 'GBP', 'EUR'].map((currency) => formatMoney({ amount: '-1234567.895', currency }));
    expect(figures).toEqual(['-£1,234,567.90', '-€1,234,567.90', '-$1,234,567.90', '-£1,234,567.90', '-€1,234,567.90']);
    // The symbol a money field shows before the amount.
    expect(['GBP', 'EUR', 'USD', 'JPY', 'CHF'].map((currency) => currencySymbol(currency))).toEqual(['£', '€', '$', '¥', 'CHF']);
    expect(formatUnitPrice('-0.5', 'USD')).toBe('-$0.50');
  });

  it('writes a calendar day the same in every zone', () => {
    expect(formatCalendarDay('2027-01-08')).toBe('8 Jan 2027');
    expect(formatCalendarDay('2027-01-08T00:00:00.000Z')).toBe('8 Jan 2027');
  });
});
