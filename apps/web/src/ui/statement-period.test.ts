import { describe, expect, it } from 'vitest';
import { isStatementPeriod, periodStartFor } from './statement-period';

describe('a statement period', () => {
  it('moves its start to the first of January when the day chosen comes before it', () => {
    expect(periodStartFor('2025-06-30', '2026-01-01')).toBe('2025-01-01');
    expect(periodStartFor('2026-03-31', '2026-04-01')).toBe('2026-01-01');
  });

  it('keeps a start that still comes first, or the same day, and leaves half-typed dates alone', () => {
    expect(periodStartFor('2026-06-30', '2026-01-01')).toBe('2026-01-01');
    expect(periodStartFor('2026-06-30', '2026-06-30')).toBe('2026-06-30');
    expect(periodStartFor('2025-06', '2026-01-01')).toBe('2026-01-01');
    expect(periodStartFor('', '2026-01-01')).toBe('2026-01-01');
  });

  it('names a period only with two whole days, the start first', () => {
    expect(isStatementPeriod('2026-06-30', '2026-01-01')).toBe(true);
    expect(isStatementPeriod('2026-06-30', '2026-06-30')).toBe(true);
    expect(isStatementPeriod('2026-06-30', '2026-07-01')).toBe(false);
    expect(isStatementPeriod('2026-06', '2026-01-01')).toBe(false);
  });
});
