import Decimal from 'decimal.js';
import { toAmount } from '../money';
import { assertIsoDate, type IsoDate } from './dates';
import { nonNegative, positive, toMultiple, toPence } from './figures';
import { xirr, type XirrFlow } from './irr';
import { latestCompanyMark, toPriceMark, valueShares, type CompanyPriceHistory, type ExactMark, type PriceMark } from './price-mark';

export interface HoldingInvestment {
  date: IsoDate;
  amount: string;
  shares: string;
}

/** Shares sold (part or all of the holding) and the proceeds received for them. */
export interface HoldingRealisation {
  date: IsoDate;
  proceeds: string;
  shares: string;
}

export interface HoldingFlows {
  investments: readonly HoldingInvestment[];
  realisations: readonly HoldingRealisation[];
}

/** Money as 2-dp strings. `cost` is everything invested; `costBasis` is the average cost of the shares still held. */
export interface HoldingPerformance {
  cost: string;
  costBasis: string;
  sharesHeld: string;
  currentValue: string;
  realised: string;
  totalValue: string;
  gain: string;
  realisedGain: string;
  unrealisedGain: string;
  moic: string | null;
  irr: string | null;
  mark: PriceMark | null;
}

/** Exact figures before formatting; current value already in pence so totals add up to what people see. */
export interface HoldingMeasure {
  cost: Decimal;
  costBasis: Decimal;
  sharesHeld: Decimal;
  currentValue: Decimal;
  realised: Decimal;
  mark: ExactMark | null;
}

interface Trade {
  date: IsoDate;
  money: Decimal;
  shares: Decimal;
}

const ZERO = new Decimal(0);

/**
 * Values one holding on `asOf` from its own flows and its company's price history. The IRR costs
 * more than all the rest (a solver over decimals): `{ irr: false }` skips it (irr is then null) where
 * a list of many holdings does not show it.
 */
export function valueHolding(
  holding: HoldingFlows,
  company: CompanyPriceHistory,
  asOf: IsoDate,
  options: { irr?: boolean } = {},
): HoldingPerformance {
  const flows: XirrFlow[] = [];
  const m = measureHolding(holding, latestCompanyMark(company, asOf), asOf, (date, amount) => flows.push({ date, amount }));
  flows.push({ date: asOf, amount: m.currentValue });
  const totalValue = m.currentValue.plus(m.realised);
  const costBasis = toPence(m.costBasis);
  return {
    cost: toAmount(m.cost),
    costBasis: toAmount(costBasis),
    sharesHeld: m.sharesHeld.toFixed(),
    currentValue: toAmount(m.currentValue),
    realised: toAmount(m.realised),
    totalValue: toAmount(totalValue),
    gain: toAmount(totalValue.minus(m.cost)),
    // Cost of the shares sold is what left the cost basis, so realised + unrealised = gain to the penny.
    realisedGain: toAmount(m.realised.minus(m.cost.minus(costBasis))),
    unrealisedGain: toAmount(m.currentValue.minus(costBasis)),
    moic: toMultiple(totalValue, m.cost),
    irr: options.irr === false ? null : xirr(flows),
    mark: m.mark && toPriceMark(m.mark),
  };
}

/**
 * The figures of one holding on `asOf`, reporting each signed cash flow (paid in negative) to
 * `onFlow` so a caller can pool them without building arrays. Without a company price, shares are
 * held at the price paid in the latest investment.
 */
export function measureHolding(
  holding: HoldingFlows,
  companyMark: ExactMark | null,
  asOf: IsoDate,
  onFlow: (date: IsoDate, amount: Decimal) => void,
): HoldingMeasure {
  assertIsoDate(asOf);
  const buys: Trade[] = [];
  let cost = ZERO;
  let bought = ZERO;
  let latestBuy: Trade | null = null;
  for (const i of holding.investments) {
    assertIsoDate(i.date);
    if (i.date > asOf) continue;
    const buy = { date: i.date, money: nonNegative(i.amount, 'Investment amount'), shares: positive(i.shares, 'Investment shares') };
    buys.push(buy);
    cost = cost.plus(buy.money);
    bought = bought.plus(buy.shares);
    if (!latestBuy || buy.date >= latestBuy.date) latestBuy = buy;
    onFlow(buy.date, buy.money.neg());
  }
  const sells: Trade[] = [];
  let realised = ZERO;
  for (const r of holding.realisations) {
    assertIsoDate(r.date);
    if (r.date > asOf) continue;
    const sell = { date: r.date, money: nonNegative(r.proceeds, 'Realisation proceeds'), shares: positive(r.shares, 'Shares sold') };
    sells.push(sell);
    realised = realised.plus(sell.money);
    onFlow(sell.date, sell.money);
  }
  const { basis, held } = sells.length === 0 ? { basis: cost, held: bought } : averageCostPool(buys, sells);
  const mark =
    companyMark ??
    (latestBuy && { date: latestBuy.date, source: 'investment' as const, numerator: latestBuy.money, denominator: latestBuy.shares });
  const currentValue = held.isZero() || !mark ? ZERO : toPence(valueShares(held, mark));
  return { cost, costBasis: basis, sharesHeld: held, currentValue, realised, mark };
}

/**
 * Average cost (the pooling UK capital gains tax uses): a sale takes out of the pool the same
 * fraction of its cost as of its shares. Buys on a date count before sells on that date.
 */
function averageCostPool(buys: readonly Trade[], sells: readonly Trade[]): { basis: Decimal; held: Decimal } {
  const trades = [...buys.map((t) => ({ t, sell: false })), ...sells.map((t) => ({ t, sell: true }))];
  trades.sort((a, b) => (a.t.date === b.t.date ? Number(a.sell) - Number(b.sell) : a.t.date < b.t.date ? -1 : 1));
  let basis = ZERO;
  let held = ZERO;
  for (const { t, sell } of trades) {
    if (!sell) {
      basis = basis.plus(t.money);
      held = held.plus(t.shares);
    } else if (t.shares.gt(held)) {
      throw new RangeError(`Realisation on ${t.date} sells ${t.shares.toFixed()} shares but only ${held.toFixed()} are held`);
    } else {
      basis = basis.minus(basis.times(t.shares).div(held));
      held = held.minus(t.shares);
    }
  }
  return { basis, held };
}
