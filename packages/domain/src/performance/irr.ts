import Decimal from 'decimal.js';
import { decimal } from '../money';
import { dayNumber, type IsoDate } from './dates';

/** A signed cash flow from the investor's side: money paid in is negative, money received positive. */
export interface XirrFlow {
  date: IsoDate;
  amount: Decimal.Value;
}

interface Point {
  day: number;
  amount: Decimal;
}

const DAYS_PER_YEAR = 365;
const ONE = new Decimal(1);
const ZERO = new Decimal(0);
const TOLERANCE = new Decimal('1e-10');
const MAX_ITERATIONS = 200;
/**
 * Rates tried when looking for a sign change of the NPV, from just above -100% to +100,000,000%.
 * The search starts at 10% (the customary first guess) and widens both ways, so when unusual flows
 * have several roots the one nearest 10% is reported.
 */
const GRID = [
  '-0.999999999',
  '-0.9999',
  '-0.99',
  '-0.9',
  '-0.5',
  '-0.2',
  '0',
  '0.1',
  '0.25',
  '0.5',
  '1',
  '2',
  '5',
  '10',
  '100',
  '10000',
  '1000000',
].map(decimal);
const GUESS = GRID.findIndex((rate) => rate.eq('0.1'));

/** XIRR (Actual/365) of flows on any dates, as a decimal string to 4 dp ('0.1234' is 12.34%). */
export function xirr(flows: readonly XirrFlow[]): string | null {
  const netByDate = new Map<IsoDate, Decimal>();
  for (const flow of flows) addFlow(netByDate, flow.date, decimal(flow.amount));
  return xirrByDate(netByDate);
}

/** Nets a flow into its date, so a solver pass costs one step per distinct date, not per flow. Dates are checked when solved. */
export function addFlow(netByDate: Map<IsoDate, Decimal>, date: IsoDate, amount: Decimal): void {
  const sum = netByDate.get(date);
  netByDate.set(date, sum ? sum.plus(amount) : amount);
}

/**
 * XIRR of flows already netted per date (e.g. a GROUP BY date). Null when no rate exists: nothing
 * paid in, nothing received, or no root in (-100%, +100,000,000%]. Money paid in with nothing back and
 * a zero value on the last date is a total loss, -1.0000: -100% is the rate at which those flows'
 * value on the last date is zero.
 */
export function xirrByDate(netByDate: ReadonlyMap<IsoDate, Decimal.Value>): string | null {
  const dates = [...netByDate.keys()].sort();
  const points: Point[] = [];
  let paidIn = false;
  let received = false;
  for (const date of dates) {
    const day = dayNumber(date);
    const amount = decimal(netByDate.get(date)!);
    if (amount.isZero()) continue;
    points.push({ day, amount });
    if (amount.isNeg()) paidIn = true;
    else received = true;
  }
  if (!paidIn) return null;
  if (!received) return decimal(netByDate.get(dates[dates.length - 1])!).isZero() ? '-1.0000' : null;
  const first = points[0].day;
  for (const point of points) point.day -= first;
  const rate = findRate(points);
  return rate && formatRate(rate);
}

/** Rounds before formatting: toFixed alone writes −0.00001 as '-0.0000'. */
function formatRate(rate: Decimal): string {
  return rate.toDecimalPlaces(4, Decimal.ROUND_HALF_UP).toFixed(4);
}

/** NPV at `rate` and its slope d(NPV)/d(rate), both exact to decimal.js precision. */
function npv(points: readonly Point[], rate: Decimal): { value: Decimal; slope: Decimal } {
  const growth = rate.plus(1);
  // (1+r)^(-day/365) = q^day with q = (1+r)^(-1/365): one ln and one exp per pass, then products.
  const dailyDiscount = growth.ln().div(-DAYS_PER_YEAR).exp();
  let discount = ONE;
  let previousDay = 0;
  let value = ZERO;
  let weighted = ZERO;
  for (const point of points) {
    discount = discount.times(dailyDiscount.pow(point.day - previousDay));
    previousDay = point.day;
    const present = point.amount.times(discount);
    value = value.plus(present);
    weighted = weighted.plus(present.times(point.day));
  }
  return { value, slope: weighted.div(growth.times(-DAYS_PER_YEAR)) };
}

function findRate(points: readonly Point[]): Decimal | null {
  const values = new Map<number, Decimal>();
  const valueAt = (index: number): Decimal => {
    let value = values.get(index);
    if (!value) {
      value = npv(points, GRID[index]).value;
      values.set(index, value);
    }
    return value;
  };
  const bracket = (low: number): Decimal | null => {
    const [a, b] = [valueAt(low), valueAt(low + 1)];
    if (a.isZero()) return GRID[low];
    if (b.isZero()) return GRID[low + 1];
    return a.isNeg() === b.isNeg() ? null : refine(points, GRID[low], GRID[low + 1], a);
  };
  for (let step = 0; GUESS + step < GRID.length - 1 || GUESS - step > 0; step++) {
    const found = (GUESS + step < GRID.length - 1 && bracket(GUESS + step)) || (GUESS - step > 0 && bracket(GUESS - step - 1));
    if (found) return found;
  }
  // Near -100% the latest flow dominates the NPV; if its sign differs from the NPV at the lowest
  // rate tried, the root lies within 1e-9 of -100%, which is -1.0000 to 4 dp.
  const latest = points[points.length - 1];
  return latest.amount.isNeg() !== valueAt(0).isNeg() ? new Decimal(-1) : null;
}

/** Newton-Raphson kept inside a bracket [low, high] whose ends have NPVs of opposite signs; bisects when Newton would leave it or stall. */
function refine(points: readonly Point[], low: Decimal, high: Decimal, valueAtLow: Decimal): Decimal {
  let rate = low.plus(high).div(2);
  let previousStep = high.minus(low);
  for (let i = 0; i < MAX_ITERATIONS; i++) {
    const { value, slope } = npv(points, rate);
    if (value.isZero()) return rate;
    if (value.isNeg() === valueAtLow.isNeg()) low = rate;
    else high = rate;
    const newton = slope.isZero() ? null : rate.minus(value.div(slope));
    const useNewton =
      newton instanceof Decimal && newton.gt(low) && newton.lt(high) && newton.minus(rate).abs().lte(previousStep.abs().div(2));
    const next = useNewton ? newton : low.plus(high).div(2);
    previousStep = next.minus(rate);
    rate = next;
    if (previousStep.abs().lt(TOLERANCE) || high.minus(low).lt(TOLERANCE)) return rate;
  }
  return rate;
}
