import Decimal from 'decimal.js';
import { roundHalfUp } from './exact-decimal';

/**
 * Money is an exact decimal string with its currency (currencies.ts), never a binary float.
 * Arithmetic goes through decimal.js; amounts are kept to 2 places (minor units) and share counts to
 * 6. Formatting for people is in format.ts, on BigInt, so pages that only show money do not load
 * decimal.js.
 */
const DECIMAL = /^-?\d{1,15}(\.\d{1,6})?$/;

export function isDecimalString(value: unknown): value is string {
  return typeof value === 'string' && DECIMAL.test(value);
}

export function decimal(value: Decimal.Value): Decimal {
  return new Decimal(value);
}

/** Rounds to minor units (half-up, as a bank statement would). */
export function toAmount(value: Decimal.Value): string {
  return roundHalfUp(value, 2);
}

/**
 * An amount in the currency's minor units (pence, cents), as card providers take it. Every currency
 * the platform offers has two decimal places; an amount with more is refused, never rounded.
 */
export function toMinorUnits(amount: string): number {
  const minor = new Decimal(amount).times(100);
  if (!minor.isInteger()) throw new RangeError(`${amount} has more than two decimal places.`);
  return minor.toNumber();
}

/** Minor units (pence, cents) as an exact amount with two places: 250050 is 2500.50. */
export function fromMinorUnits(minor: number): string {
  return new Decimal(minor).div(100).toFixed(2);
}

export function sumAmounts(values: Decimal.Value[]): string {
  return toAmount(values.reduce<Decimal>((total, v) => total.plus(v), new Decimal(0)));
}

export function compareAmounts(a: Decimal.Value, b: Decimal.Value): -1 | 0 | 1 {
  return new Decimal(a).comparedTo(b) as -1 | 0 | 1;
}
