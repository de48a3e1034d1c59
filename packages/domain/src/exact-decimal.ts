/**
 * Exact decimal strings rounded and compared on BigInt: the same results as decimal.js's
 * `toDecimalPlaces(n, ROUND_HALF_UP)` (ties away from zero) and `comparedTo`, for what only shows and
 * checks figures. Pages that format money then do not download decimal.js (decision 0068); the
 * arithmetic stays in money.ts.
 */

const NUMBER = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

/** |value| = units ÷ 10^scale. */
interface Exact {
  negative: boolean;
  units: bigint;
  scale: number;
}

/** Plain ('-1250.5', '.5') or exponent ('1e-7', as a number or a Decimal may print) notation. */
function parse(value: string | number | { toString(): string }): Exact {
  const text = String(value).trim();
  const match = NUMBER.exec(text);
  if (!match || `${match[2]}${match[3] ?? ''}` === '') throw new RangeError(`${text} is not a decimal number.`);
  const [, sign, whole, fraction = '', exponent = '0'] = match;
  const scale = fraction.length - Number(exponent);
  const digits = BigInt(`${whole}${fraction}`);
  return scale < 0
    ? { negative: sign === '-', units: digits * 10n ** BigInt(-scale), scale: 0 }
    : { negative: sign === '-', units: digits, scale };
}

/** `value` rounded half away from zero to `places`, written with exactly that many: ('2.005', 2) → '2.01'; ('-0.001', 2) → '0.00'. */
export function roundHalfUp(value: string | number | { toString(): string }, places: number): string {
  return rounded(parse(value), places);
}

/**
 * The exact sum of `values`, rounded half away from zero to `places`: the same as adding them in
 * decimal.js and then rounding, without a Decimal per value (a portfolio adds hundreds per answer).
 */
export function sumDecimals(values: readonly (string | number)[], places: number): string {
  const exact = values.map(parse);
  const scale = Math.max(0, ...exact.map((x) => x.scale));
  const total = exact.reduce((sum, x) => sum + signedAt(x, scale), 0n);
  return rounded({ negative: total < 0n, units: total < 0n ? -total : total, scale }, places);
}

const signedAt = ({ negative, units, scale: own }: Exact, scale: number) => (negative ? -units : units) * 10n ** BigInt(scale - own);

function rounded({ negative, units, scale }: Exact, places: number): string {
  let kept = units * 10n ** BigInt(Math.max(places - scale, 0));
  if (scale > places) {
    const divisor = 10n ** BigInt(scale - places);
    kept = units / divisor + ((units % divisor) * 2n >= divisor ? 1n : 0n);
  }
  const digits = kept.toString().padStart(places + 1, '0');
  const text = places > 0 ? `${digits.slice(0, -places)}.${digits.slice(-places)}` : digits;
  return negative && kept !== 0n ? `-${text}` : text;
}

/** -1, 0 or 1 as `a` is below, equal to or above `b`, exactly. */
export function compareDecimals(a: string | number, b: string | number): -1 | 0 | 1 {
  const x = parse(a);
  const y = parse(b);
  const scale = Math.max(x.scale, y.scale);
  const difference = signedAt(x, scale) - signedAt(y, scale);
  return difference < 0n ? -1 : difference > 0n ? 1 : 0;
}
