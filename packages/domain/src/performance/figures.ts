import Decimal from 'decimal.js';
import { decimal } from '../money';

/** Parses an input amount, price or share count; negatives are a data error, not a figure to report. */
export function nonNegative(value: string, what: string): Decimal {
  const parsed = decimal(value);
  if (parsed.isNeg() && !parsed.isZero()) throw new RangeError(`${what} must not be negative: ${value}`);
  return parsed;
}

export function positive(value: string, what: string): Decimal {
  const parsed = decimal(value);
  if (!parsed.gt(0)) throw new RangeError(`${what} must be greater than zero: ${value}`);
  return parsed;
}

/** The rounding of `toAmount` (half-up to pence), kept as a Decimal for summing: no string round trip per holding. */
export function toPence(value: Decimal): Decimal {
  return value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

/** A multiple such as MOIC, DPI or TVPI to 2 dp; null when there is nothing to divide by. */
export function toMultiple(value: Decimal.Value, base: Decimal.Value): string | null {
  const divisor = decimal(base);
  if (divisor.isZero()) return null;
  return decimal(value).div(divisor).toFixed(2, Decimal.ROUND_HALF_UP);
}
