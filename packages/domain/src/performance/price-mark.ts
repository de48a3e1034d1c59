import Decimal from 'decimal.js';
import { assertIsoDate, type IsoDate } from './dates';
import { nonNegative, positive } from './figures';

export interface SharePrice {
  date: IsoDate;
  price: string;
}

/** A round or revaluation. Post-money with post-round shares, or pre-money with pre-round shares: either pair gives the round's price. */
export interface CompanyValuation {
  date: IsoDate;
  valuation: string;
  sharesOutstanding: string;
}

/** An exit or partial realisation prices the shares at the deal price; a write-off prices them at zero. */
export type CompanyOutcome = { date: IsoDate; kind: 'exit' | 'partial-realisation'; price: string } | { date: IsoDate; kind: 'write-off' };

export interface CompanyPriceHistory {
  sharePrices?: readonly SharePrice[];
  valuations?: readonly CompanyValuation[];
  outcomes?: readonly CompanyOutcome[];
}

export type PriceSource = 'investment' | 'valuation' | 'share-price' | 'partial-realisation' | 'exit' | 'write-off';

/** The price a holding is valued at, for people: rounded to 6 dp. */
export interface PriceMark {
  date: IsoDate;
  source: PriceSource;
  pricePerShare: string;
}

/** Price as a fraction, so a valuation's price (often non-terminating) is never rounded before it meets a share count. */
export interface ExactMark {
  date: IsoDate;
  source: PriceSource;
  numerator: Decimal;
  denominator: Decimal;
}

/** On the same date, a company event beats an observed share price, which beats a valuation. */
const RANK: Record<PriceSource, number> = {
  investment: 0,
  valuation: 1,
  'share-price': 2,
  'partial-realisation': 3,
  exit: 4,
  'write-off': 5,
};
const ONE = new Decimal(1);
const ZERO = new Decimal(0);

/**
 * The company's most recent price on or before `asOf`, whatever recorded it: a later record replaces
 * an earlier one, so a price recorded after a write-off (a recovery) values the shares again.
 * Every record is checked, whatever the date, so bad data fails the same way on any as-of date.
 */
export function latestCompanyMark(history: CompanyPriceHistory, asOf: IsoDate): ExactMark | null {
  let best: ExactMark | null = null;
  for (const p of history.sharePrices ?? []) {
    best = later(best, { date: p.date, source: 'share-price', numerator: nonNegative(p.price, 'Share price'), denominator: ONE }, asOf);
  }
  for (const v of history.valuations ?? []) {
    const [numerator, denominator] = [nonNegative(v.valuation, 'Valuation'), positive(v.sharesOutstanding, 'Shares outstanding')];
    best = later(best, { date: v.date, source: 'valuation', numerator, denominator }, asOf);
  }
  for (const o of history.outcomes ?? []) {
    const numerator = o.kind === 'write-off' ? ZERO : nonNegative(o.price, 'Outcome price');
    best = later(best, { date: o.date, source: o.kind, numerator, denominator: ONE }, asOf);
  }
  return best;
}

function later(best: ExactMark | null, candidate: ExactMark, asOf: IsoDate): ExactMark | null {
  assertIsoDate(candidate.date);
  if (candidate.date > asOf) return best;
  if (!best || candidate.date > best.date) return candidate;
  return candidate.date === best.date && RANK[candidate.source] >= RANK[best.source] ? candidate : best;
}

/** Shares × price, multiplying before dividing so a valuation-implied price keeps every digit. */
export function valueShares(shares: Decimal, mark: ExactMark): Decimal {
  const value = shares.times(mark.numerator);
  // Most marks are plain prices; a long division by one would cost more than the rest of a holding.
  return mark.denominator.eq(1) ? value : value.div(mark.denominator);
}

export function toPriceMark(mark: ExactMark): PriceMark {
  return { date: mark.date, source: mark.source, pricePerShare: mark.numerator.div(mark.denominator).toFixed(6, Decimal.ROUND_HALF_UP) };
}
