import { describe, expect, it } from 'vitest';
import { disposalInsideHoldingPeriod, hasHoldingPeriod, RELIEF_FORMS, reliefClock, reliefHoldingEndsOn } from './tax';

describe('relief holding period', () => {
  it('ends three years after the share issue', () => {
    expect(reliefHoldingEndsOn('2024-06-15')).toBe('2027-06-15');
  });

  it('ends on 28 February for an issue on 29 February', () => {
    expect(reliefHoldingEndsOn('2024-02-29')).toBe('2027-02-28');
  });

  it('runs until the day before it ends, counting whole days left', () => {
    expect(reliefClock('2024-06-15', '2027-06-14')).toEqual({
      starts_on: '2024-06-15',
      ends_on: '2027-06-15',
      running: true,
      days_left: 1,
    });
    expect(reliefClock('2024-06-15', '2027-06-15')).toMatchObject({ running: false, days_left: 0 });
    expect(reliefClock('2024-06-15', '2030-01-01')).toMatchObject({ running: false, days_left: 0 });
    expect(reliefClock('2024-06-15', '2024-06-15').days_left).toBe(1095);
  });

  it('warns of a disposal before the end, not on or after it', () => {
    expect(disposalInsideHoldingPeriod('2024-06-15', '2027-06-14')).toBe(true);
    expect(disposalInsideHoldingPeriod('2024-06-15', '2027-06-15')).toBe(false);
  });

  it('runs for EIS, SEIS and VCT, not without relief', () => {
    expect(hasHoldingPeriod('eis')).toBe(true);
    expect(hasHoldingPeriod('vct')).toBe(true);
    expect(hasHoldingPeriod('none')).toBe(false);
    expect(hasHoldingPeriod(null)).toBe(false);
  });

  it('names the statement and certificate of each scheme', () => {
    expect(RELIEF_FORMS.eis).toEqual({ statement: 'EIS1', certificate: 'EIS3' });
    expect(RELIEF_FORMS.seis).toEqual({ statement: 'SEIS1', certificate: 'SEIS3' });
    expect(RELIEF_FORMS.none).toBeNull();
  });
});
