import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { xirr, xirrByDate, type XirrFlow } from './irr';

/** Independent check: NPV in plain floats with Math.pow, Actual/365 from the first flow. */
function floatNpv(flows: readonly XirrFlow[], rate: number): number {
  const start = Date.parse(flows[0].date);
  return flows.reduce((sum, f) => sum + Number(f.amount) / (1 + rate) ** ((Date.parse(f.date) - start) / 86_400_000 / 365), 0);
}

describe('xirr', () => {
  it('matches the closed form for one flow in and one out', () => {
    // 2020-01-01 → 2023-01-01 is 366 + 365 + 365 = 1096 days, so the annual rate is
    // 1.5^(365/1096) − 1 = e^(ln 1.5 × 0.333029…) − 1 = e^0.1350317… − 1 = 0.1445731 → 14.46%.
    const flows = [
      { date: '2020-01-01', amount: '-10000.00' },
      { date: '2023-01-01', amount: '15000.00' },
    ];
    expect(xirr(flows)).toBe('0.1446');
    expect(Math.abs(Number(xirr(flows)) - (1.5 ** (365 / 1096) - 1))).toBeLessThan(0.00005);
  });

  it('solves irregular flows to a reference root that makes the NPV zero', () => {
    // Excel's documented XIRR example. Its published answer 0.373362535 is only good to ~1e-9
    // (NPV there is −8.6e-6); bisection to 50 digits gives 0.37336253351883151…
    const flows = [
      { date: '2008-01-01', amount: -10000 },
      { date: '2008-03-01', amount: 2750 },
      { date: '2008-10-30', amount: 4250 },
      { date: '2009-02-15', amount: 3250 },
      { date: '2009-04-01', amount: 2750 },
    ];
    const reference = 0.373362533518832;
    expect(Math.abs(floatNpv(flows, reference))).toBeLessThan(1e-6);
    expect(Math.abs(floatNpv(flows, 0.3734))).toBeGreaterThan(1e-3);
    expect(xirr(flows)).toBe('0.3734');
  });

  it('gives the order of flows no weight and nets flows on the same date', () => {
    const flows = [
      { date: '2009-04-01', amount: '2750' },
      { date: '2008-01-01', amount: '-6000' },
      { date: '2008-10-30', amount: '4250' },
      { date: '2008-01-01', amount: '-4000' },
      { date: '2009-02-15', amount: '3250' },
      { date: '2008-03-01', amount: '2750' },
    ];
    expect(xirr(flows)).toBe('0.3734');
  });

  it('reports a total loss as -100% when the last value is zero', () => {
    // Nothing came back and nothing is left: at r = −1 the flows' value on the last date is 0.
    expect(
      xirr([
        { date: '2020-01-01', amount: '-10000' },
        { date: '2023-01-01', amount: '0' },
      ]),
    ).toBe('-1.0000');
  });

  it('reports a near-total loss within rounding of -100% as -1.0000', () => {
    // £1 back a day after £10,000: (1+r)^(1/365) = 1e-4, so 1 + r = 1e-1460.
    expect(
      xirr([
        { date: '2020-01-01', amount: '-10000' },
        { date: '2020-01-02', amount: '1' },
      ]),
    ).toBe('-1.0000');
  });

  it('finds a large loss with a partial return, not -100%', () => {
    // −10,000 then +5,000 after 366 days: (1+r)^(366/365) = 0.5 → r = 0.5^(365/366) − 1 = −0.499052.
    const flows = [
      { date: '2020-01-01', amount: '-10000' },
      { date: '2021-01-01', amount: '5000' },
      { date: '2023-01-01', amount: '0' },
    ];
    expect(xirr(flows)).toBe('-0.4991');
  });

  it('reports the root nearest 10% when the flows have two', () => {
    // −100, +235, −136.5 a year apart: −100x² + 235x − 136.5 = 0 with x = 1 + r has roots 1.05 and 1.30.
    const flows = [
      { date: '2021-01-01', amount: '-100' },
      { date: '2022-01-01', amount: '235' },
      { date: '2023-01-01', amount: '-136.5' },
    ];
    expect(xirr(flows)).toBe('0.0500');
  });

  it('never writes a negative zero', () => {
    // −100 then +99.999 a year later is −0.001%, which is 0.0000 to 4 dp.
    expect(
      xirr([
        { date: '2021-01-01', amount: '-100' },
        { date: '2022-01-01', amount: '99.999' },
      ]),
    ).toBe('0.0000');
    expect(
      xirr([
        { date: '2021-01-01', amount: '-100' },
        { date: '2022-01-01', amount: '100' },
      ]),
    ).toBe('0.0000');
  });

  it('returns null when no rate exists', () => {
    expect(xirr([])).toBeNull();
    expect(xirr([{ date: '2020-01-01', amount: '-100' }])).toBeNull();
    expect(
      xirr([
        { date: '2020-01-01', amount: '-100' },
        { date: '2021-01-01', amount: '-50' },
      ]),
    ).toBeNull();
    expect(
      xirr([
        { date: '2020-01-01', amount: '100' },
        { date: '2021-01-01', amount: '50' },
      ]),
    ).toBeNull();
    expect(
      xirr([
        { date: '2020-01-01', amount: '-100' },
        { date: '2020-01-01', amount: '100' },
      ]),
    ).toBeNull();
    expect(
      xirr([
        { date: '2020-01-01', amount: '0' },
        { date: '2021-01-01', amount: '0' },
      ]),
    ).toBeNull();
  });

  it('accepts flows netted per date', () => {
    const netByDate = new Map<string, Decimal.Value>([
      ['2023-01-01', '15000'],
      ['2020-01-01', new Decimal('-10000')],
    ]);
    expect(xirrByDate(netByDate)).toBe('0.1446');
  });

  it('rejects dates that are not calendar dates', () => {
    expect(() =>
      xirr([
        { date: '2023-02-30', amount: '-1' },
        { date: '2024-01-01', amount: '2' },
      ]),
    ).toThrow(RangeError);
    expect(() =>
      xirr([
        { date: '2023-1-5', amount: '-1' },
        { date: '2024-01-01', amount: '2' },
      ]),
    ).toThrow(RangeError);
    expect(() =>
      xirr([
        { date: '2023-01-01', amount: '-1' },
        { date: '2024-01-01', amount: '2' },
        { date: '2024-13-01', amount: '0' },
      ]),
    ).toThrow(RangeError);
  });
});
