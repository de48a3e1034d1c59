import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { compareDecimals, roundHalfUp, sumDecimals } from './exact-decimal';

/** decimal.js, the arithmetic the server and the book figures use: the reference for every case. */
const reference = (value: string, places: number) => new Decimal(value).toDecimalPlaces(places, Decimal.ROUND_HALF_UP).toFixed(places);

const EDGES = [
  '0',
  '-0',
  '0.5',
  '-0.5',
  '1.5',
  '2.5',
  '-2.5',
  '2.005',
  '-2.005',
  '2.00499999',
  '-0.001',
  '-0.005',
  '0.004999',
  '99999999999999999999.995',
  '-99999999999999999999.995',
  '123456789012345.123456',
  '0.0000005',
  '-0.0000005',
  '999.9999995',
  '1e-7',
  '5e-7',
  '-5e-7',
  '1.25e3',
  '12e-1',
  '.5',
  '5.',
  '+3.14159',
  '0.045',
  '1000000000000.01',
];

/** A reproducible spread of decimals: up to 20 digits before the point and 10 after, either sign. */
function* spread(count: number) {
  let seed = 20261128;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed;
  };
  for (let i = 0; i < count; i += 1) {
    const whole = String(next())
      .repeat(1 + (next() % 3))
      .slice(0, 1 + (next() % 20));
    const fraction = String(next())
      .padStart(10, '0')
      .slice(0, next() % 11);
    yield `${next() % 2 ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
  }
}

describe('exact decimal rounding and comparison on BigInt', () => {
  it('rounds every edge case to 0–6 places as decimal.js does, ties away from zero', () => {
    for (const value of EDGES)
      for (let places = 0; places <= 6; places += 1)
        expect(roundHalfUp(value, places), `${value} to ${places}`).toBe(reference(value, places));
  });

  it('rounds 5,000 spread decimals as decimal.js does', () => {
    for (const value of spread(5000)) {
      const places = value.length % 7;
      expect(roundHalfUp(value, places), `${value} to ${places}`).toBe(reference(value, places));
    }
  });

  it('takes numbers and Decimals by their printed value, as decimal.js does', () => {
    expect(roundHalfUp(0.1 + 0.2, 2)).toBe('0.30');
    expect(roundHalfUp(new Decimal('1').div(3), 4)).toBe('0.3333');
    expect(roundHalfUp(new Decimal('1e-9'), 9)).toBe('0.000000001');
  });

  it('compares exactly, whatever the places or notation', () => {
    const values = [...EDGES, ...spread(300)];
    for (let i = 0; i < values.length; i += 1) {
      const a = values[i];
      const b = values[(i * 7 + 3) % values.length];
      expect(compareDecimals(a, b), `${a} vs ${b}`).toBe(new Decimal(a).comparedTo(b));
    }
    expect(compareDecimals('10.00', '10')).toBe(0);
    expect(compareDecimals('-0', '0')).toBe(0);
    expect(compareDecimals('99999999999999999999.01', '99999999999999999999.001')).toBe(1);
  });

  it('sums exactly, then rounds as decimal.js does', () => {
    const Precise = Decimal.clone({ precision: 60 });
    const values = [...EDGES, ...spread(600)];
    for (let i = 0; i < values.length; i += 7) {
      const group = values.slice(i, i + 1 + (i % 13));
      const places = i % 5;
      // decimal.js keeps 20 significant digits by default; the sums here need more.
      const expected = group
        .reduce((sum, v) => sum.plus(v), new Precise(0))
        .toDecimalPlaces(places, Decimal.ROUND_HALF_UP)
        .toFixed(places);
      expect(sumDecimals(group, places), `${group.join(' + ')} to ${places}`).toBe(expected);
    }
    expect(sumDecimals(['0.1', '0.2'], 2)).toBe('0.30');
    expect(sumDecimals(['1000.00', '-1000.00'], 2)).toBe('0.00');
    expect(sumDecimals([], 2)).toBe('0.00');
  });

  it('refuses what is not a decimal number', () => {
    for (const text of ['', '-', '.', 'abc', '1.2.3', '1e', '£5', 'NaN']) {
      expect(() => roundHalfUp(text, 2), text).toThrow(RangeError);
      expect(() => sumDecimals(['1', text], 2), text).toThrow(RangeError);
    }
  });
});
