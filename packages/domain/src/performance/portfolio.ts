import Decimal from 'decimal.js';
import { decimal, toAmount } from '../money';
import { assertIsoDate, type IsoDate } from './dates';
import { toMultiple } from './figures';
import { measureHolding, type HoldingFlows } from './holding';
import { addFlow, xirrByDate } from './irr';
import { latestCompanyMark, type CompanyPriceHistory, type ExactMark } from './price-mark';

export interface PortfolioHolding extends HoldingFlows {
  companyId: string;
}

export interface PortfolioPerformance {
  holdings: number;
  cost: string;
  currentValue: string;
  realised: string;
  totalValue: string;
  gain: string;
  moic: string | null;
  irr: string | null;
}

/**
 * Totals of many holdings (one investor's, or the whole book) on `asOf`, with the IRR of all their
 * flows pooled. One pass over the flows: each company's price is found once, and flows are netted
 * per date, so the solver works on distinct dates rather than on every investment.
 */
export function valuePortfolio(
  holdings: Iterable<PortfolioHolding>,
  companies: ReadonlyMap<string, CompanyPriceHistory>,
  asOf: IsoDate,
): PortfolioPerformance {
  assertIsoDate(asOf);
  const marks = new Map<string, ExactMark | null>();
  const netByDate = new Map<IsoDate, Decimal>();
  const pool = (date: IsoDate, amount: Decimal) => addFlow(netByDate, date, amount);
  let count = 0;
  let cost = new Decimal(0);
  let currentValue = new Decimal(0);
  let realised = new Decimal(0);
  for (const holding of holdings) {
    let mark = marks.get(holding.companyId);
    if (mark === undefined) {
      const history = companies.get(holding.companyId);
      mark = history ? latestCompanyMark(history, asOf) : null;
      marks.set(holding.companyId, mark);
    }
    const m = measureHolding(holding, mark, asOf, pool);
    count++;
    cost = cost.plus(m.cost);
    currentValue = currentValue.plus(m.currentValue);
    realised = realised.plus(m.realised);
  }
  return summarisePortfolio({ holdings: count, cost, currentValue, realised }, netByDate, asOf);
}

/** Exact sums of a pool of holdings: money as decimals, current values already rounded to pence per holding. */
export interface PortfolioSums {
  holdings: number;
  cost: Decimal.Value;
  currentValue: Decimal.Value;
  realised: Decimal.Value;
}

/**
 * The figures of a pool of holdings from its sums and its flows netted per date (paid in negative,
 * received positive), e.g. summed by the database: the current value counts as received on `asOf`.
 * `valuePortfolio` ends here too, so both give the same figures from the same holdings.
 */
export function summarisePortfolio(sums: PortfolioSums, netByDate: Map<IsoDate, Decimal>, asOf: IsoDate): PortfolioPerformance {
  assertIsoDate(asOf);
  const [cost, currentValue, realised] = [decimal(sums.cost), decimal(sums.currentValue), decimal(sums.realised)];
  addFlow(netByDate, asOf, currentValue);
  const totalValue = currentValue.plus(realised);
  return {
    holdings: sums.holdings,
    cost: toAmount(cost),
    currentValue: toAmount(currentValue),
    realised: toAmount(realised),
    totalValue: toAmount(totalValue),
    gain: toAmount(totalValue.minus(cost)),
    moic: toMultiple(totalValue, cost),
    irr: xirrByDate(netByDate),
  };
}
