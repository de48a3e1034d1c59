import { describe, expect, it } from 'vitest';
import { cashCallDueOn, cashCallFigures } from './cash-calls';

describe('cash calls', () => {
  it('dues a cash call 14 days after it is issued by default, or the days the opportunity gives, across a month end', () => {
    expect(cashCallDueOn('2026-11-24T16:30:00.000Z')).toBe('2026-12-08');
    expect(cashCallDueOn('2026-02-20T00:00:00.000Z')).toBe('2026-03-06');
    expect(cashCallDueOn('2026-02-20T00:00:00.000Z', 30)).toBe('2026-03-22');
  });

  it('is outstanding with nothing in, part-paid while short, paid at the amount and overpaid beyond it, exactly', () => {
    expect(cashCallFigures('1000.00', '0.00', '2026-12-08', '2026-12-01')).toEqual({
      received: '0.00',
      outstanding: '1000.00',
      overpaid: '0.00',
      state: 'outstanding',
    });
    expect(cashCallFigures('0.30', '0.10', '2026-12-08', '2026-12-01')).toMatchObject({ outstanding: '0.20', state: 'part_paid' });
    expect(cashCallFigures('0.30', '0.30', '2026-12-08', '2026-12-20')).toMatchObject({ outstanding: '0.00', state: 'paid' });
    expect(cashCallFigures('1000.00', '1000.01', null, '2026-12-20')).toMatchObject({ overpaid: '0.01', state: 'paid' });
  });

  it('is overdue from the day after the due day while anything is outstanding', () => {
    expect(cashCallFigures('1000.00', '0.00', '2026-12-08', '2026-12-08').state).toBe('outstanding');
    expect(cashCallFigures('1000.00', '0.00', '2026-12-08', '2026-12-09').state).toBe('overdue');
    expect(cashCallFigures('1000.00', '400.00', '2026-12-08', '2026-12-09').state).toBe('overdue');
    expect(cashCallFigures('1000.00', '400.00', null, '2030-01-01').state).toBe('part_paid');
  });
});
