import { describe, expect, it } from 'vitest';
import { periodEnds, periodLabel, quarterBounds, quarterOf } from './report-periods';

describe('report periods', () => {
  it('names the quarter of a day and bounds it', () => {
    expect(quarterOf('2024-05-17')).toBe('2024-Q2');
    expect(quarterOf('2024-12-31')).toBe('2024-Q4');
    expect(quarterBounds('2024-Q1')).toEqual({ start: '2024-01-01', end: '2024-03-31' });
    expect(quarterBounds('2024-Q4')).toEqual({ start: '2024-10-01', end: '2024-12-31' });
  });

  it('lists quarter ends up to a date, the last period to date', () => {
    expect(periodEnds('quarter', '2023-11-02', '2024-05-10')).toEqual(['2023-12-31', '2024-03-31', '2024-05-10']);
    expect(periodEnds('quarter', '2024-01-01', '2024-06-30')).toEqual(['2024-03-31', '2024-06-30']);
    expect(periodEnds('quarter', '2024-01-01', '2026-06-30', 3)).toEqual(['2025-12-31', '2026-03-31', '2026-06-30']);
    expect(periodEnds('quarter', '2024-02-01', '2024-01-01')).toEqual([]);
  });

  it('lists year ends and labels periods', () => {
    expect(periodEnds('year', '2022-06-01', '2024-03-01')).toEqual(['2022-12-31', '2023-12-31', '2024-03-01']);
    expect(periodLabel('year', '2024-03-01')).toBe('2024');
    expect(periodLabel('quarter', '2024-03-01')).toBe('2024-Q1');
  });
});
