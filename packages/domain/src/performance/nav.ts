import Decimal from 'decimal.js';
import { toAmount } from '../money';
import { assertIsoDate, type IsoDate } from './dates';
import { nonNegative, positive, toMultiple } from './figures';

/** A published net asset value: the fund's NAV and the NAV per unit dealt at. */
export interface NavRecord {
  date: IsoDate;
  nav: string;
  navPerUnit: string;
}

export type FundLedgerKind = 'subscription' | 'redemption' | 'distribution' | 'fee';

/** Amounts are positive; the kind says which way the money went. */
export interface FundLedgerEntry {
  date: IsoDate;
  kind: FundLedgerKind;
  amount: string;
}

/**
 * Paid-in is what was subscribed. Redemptions count with distributions as money returned (DPI).
 * Fees are reported but are not added to paid-in: they are taken out of money already subscribed
 * or out of the fund, so they already show in the NAV.
 */
export interface FundMultiples {
  subscribed: string;
  redeemed: string;
  distributed: string;
  fees: string;
  residualValue: string;
  dpi: string | null;
  rvpi: string | null;
  tvpi: string | null;
}

const UNIT_PLACES = 6;

/** NAV ÷ units in issue to 6 dp (half-up); null when no units are in issue. */
export function navPerUnit(nav: string, unitsInIssue: string): string | null {
  const units = nonNegative(unitsInIssue, 'Units in issue');
  if (units.isZero()) return null;
  return nonNegative(nav, 'NAV').div(units).toFixed(UNIT_PLACES, Decimal.ROUND_HALF_UP);
}

/** The latest NAV published on or before `asOf` (on a tie, the later record). */
export function latestNav(history: readonly NavRecord[], asOf: IsoDate): NavRecord | null {
  assertIsoDate(asOf);
  let latest: NavRecord | null = null;
  for (const record of history) {
    assertIsoDate(record.date);
    if (record.date <= asOf && (!latest || record.date >= latest.date)) latest = record;
  }
  return latest;
}

/** Units × the latest published NAV per unit on or before `asOf`, in pence; null before the first NAV. */
export function fundPositionValue(units: string, history: readonly NavRecord[], asOf: IsoDate): string | null {
  const nav = latestNav(history, asOf);
  return nav && toAmount(nonNegative(units, 'Units').times(nonNegative(nav.navPerUnit, 'NAV per unit')));
}

/** Units issued for a subscription, rounded down to 6 dp so the fund never issues more than was paid for. */
export function unitsForSubscription(amount: string, navPerUnitAtDealing: string): string {
  return nonNegative(amount, 'Subscription').div(positive(navPerUnitAtDealing, 'NAV per unit')).toFixed(UNIT_PLACES, Decimal.ROUND_DOWN);
}

/**
 * DPI, RVPI and TVPI from ledger entries on or before `asOf` (a fund's, or one investor's) and the
 * value still held: the fund's NAV, or the investor's position value. Each multiple is rounded from
 * exact figures, so a shown DPI + RVPI can differ from TVPI by 0.01.
 */
export function fundMultiples(ledger: readonly FundLedgerEntry[], residualValue: string, asOf: IsoDate): FundMultiples {
  assertIsoDate(asOf);
  const totals: Record<FundLedgerKind, Decimal> = {
    subscription: new Decimal(0),
    redemption: new Decimal(0),
    distribution: new Decimal(0),
    fee: new Decimal(0),
  };
  for (const entry of ledger) {
    assertIsoDate(entry.date);
    if (entry.date <= asOf) totals[entry.kind] = totals[entry.kind].plus(nonNegative(entry.amount, `Ledger ${entry.kind}`));
  }
  const paidIn = totals.subscription;
  const returned = totals.distribution.plus(totals.redemption);
  const residual = nonNegative(residualValue, 'Residual value');
  return {
    subscribed: toAmount(paidIn),
    redeemed: toAmount(totals.redemption),
    distributed: toAmount(totals.distribution),
    fees: toAmount(totals.fee),
    residualValue: toAmount(residual),
    dpi: toMultiple(returned, paidIn),
    rvpi: toMultiple(residual, paidIn),
    tvpi: toMultiple(returned.plus(residual), paidIn),
  };
}
