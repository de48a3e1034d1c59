import { describe, expect, it } from 'vitest';
import { fundMultiples, fundPositionValue, latestNav, navPerUnit, unitsForSubscription, type FundLedgerEntry, type NavRecord } from './nav';

const history: NavRecord[] = [
  { date: '2022-12-31', nav: '1100000.00', navPerUnit: '1.100000' },
  { date: '2023-06-30', nav: '1234567.89', navPerUnit: '1.234568' },
  { date: '2023-12-31', nav: '1300000.00', navPerUnit: '1.300000' },
];

describe('navPerUnit', () => {
  it('divides NAV by units in issue to 6 dp, half-up', () => {
    // 1,234,567.89 / 1,000,000 = 1.23456789 → 1.234568.
    expect(navPerUnit('1234567.89', '1000000')).toBe('1.234568');
    // 100 / 3 = 33.3333333… → 33.333333; 3.0000015 / 3 = 1.0000005 exactly → 1.000001.
    expect(navPerUnit('100', '3')).toBe('33.333333');
    expect(navPerUnit('3.0000015', '3')).toBe('1.000001');
  });

  it('has no NAV per unit when no units are in issue', () => {
    expect(navPerUnit('1000', '0')).toBeNull();
  });
});

describe('fund positions', () => {
  it('values units at the latest NAV per unit on or before the date', () => {
    // 2,500 units × 1.234568 = 3,086.42 exactly.
    expect(fundPositionValue('2500', history, '2023-09-30')).toBe('3086.42');
    expect(fundPositionValue('2500', history, '2023-12-31')).toBe('3250.00');
    expect(latestNav(history, '2023-07-01')?.date).toBe('2023-06-30');
  });

  it('has no value before the first NAV', () => {
    expect(fundPositionValue('2500', history, '2022-12-30')).toBeNull();
    expect(latestNav([], '2023-01-01')).toBeNull();
  });

  it('issues units for a subscription, rounding down', () => {
    // 10,000 / 1.234568 = 8,099.99935200005… → 8,099.999352.
    expect(unitsForSubscription('10000', '1.234568')).toBe('8099.999352');
    // 200 / 3 = 66.6666666…: half-up would issue 66.666667, more than was paid for.
    expect(unitsForSubscription('200', '3')).toBe('66.666666');
    // 0.30 / 0.10 is 2.9999999999999996 in floats, which would round down to 2.999999.
    expect(unitsForSubscription('0.30', '0.10')).toBe('3.000000');
    expect(() => unitsForSubscription('100', '0')).toThrow(RangeError);
  });
});

describe('fundMultiples', () => {
  const ledger: FundLedgerEntry[] = [
    { date: '2021-01-15', kind: 'subscription', amount: '600000.00' },
    { date: '2021-04-01', kind: 'subscription', amount: '400000.00' },
    { date: '2021-04-01', kind: 'fee', amount: '20000.00' },
    { date: '2022-06-30', kind: 'distribution', amount: '250000.00' },
    { date: '2023-02-01', kind: 'redemption', amount: '50000.00' },
    { date: '2024-03-01', kind: 'distribution', amount: '999999.00' },
  ];

  it('divides money returned and value held by money paid in', () => {
    // Paid in 1,000,000. Returned 250,000 + 50,000 = 300,000 → DPI 0.30. NAV 900,000 → RVPI 0.90.
    // TVPI 1,200,000 / 1,000,000 = 1.20. The 2024 distribution is after the date and left out.
    expect(fundMultiples(ledger, '900000.00', '2023-12-31')).toEqual({
      subscribed: '1000000.00',
      redeemed: '50000.00',
      distributed: '250000.00',
      fees: '20000.00',
      residualValue: '900000.00',
      dpi: '0.30',
      rvpi: '0.90',
      tvpi: '1.20',
    });
  });

  it('rounds TVPI from exact figures, not from the rounded DPI and RVPI', () => {
    // 1/3 + 1/3: DPI 0.33, RVPI 0.33, TVPI 2/3 = 0.67.
    const small: FundLedgerEntry[] = [
      { date: '2021-01-01', kind: 'subscription', amount: '3' },
      { date: '2022-01-01', kind: 'distribution', amount: '1' },
    ];
    expect(fundMultiples(small, '1', '2023-01-01')).toMatchObject({ dpi: '0.33', rvpi: '0.33', tvpi: '0.67' });
  });

  it("works for one investor's ledger and position", () => {
    // 8,099.999352 units × 1.300000 = 10,529.9991576 → 10,530.00; paid in 10,000; 500 distributed.
    // DPI 0.05, RVPI 1.053 → 1.05, TVPI 11,030 / 10,000 = 1.103 → 1.10.
    const mine: FundLedgerEntry[] = [
      { date: '2023-06-30', kind: 'subscription', amount: '10000.00' },
      { date: '2023-11-30', kind: 'distribution', amount: '500.00' },
    ];
    const value = fundPositionValue(unitsForSubscription('10000.00', '1.234568'), history, '2023-12-31');
    expect(value).toBe('10530.00');
    expect(fundMultiples(mine, value!, '2023-12-31')).toMatchObject({ dpi: '0.05', rvpi: '1.05', tvpi: '1.10' });
  });

  it('has no multiples before anything is paid in', () => {
    expect(fundMultiples([], '0', '2023-01-01')).toMatchObject({ subscribed: '0.00', dpi: null, rvpi: null, tvpi: null });
  });

  it('rejects negative ledger amounts', () => {
    expect(() => fundMultiples([{ date: '2021-01-01', kind: 'fee', amount: '-5' }], '0', '2023-01-01')).toThrow(RangeError);
  });
});
