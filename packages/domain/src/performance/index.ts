export type { IsoDate } from './dates';
export { xirr, xirrByDate, type XirrFlow } from './irr';
export {
  toPriceMark,
  type CompanyOutcome,
  type CompanyPriceHistory,
  type CompanyValuation,
  type ExactMark,
  type PriceMark,
  type PriceSource,
  type SharePrice,
} from './price-mark';
export { valueHolding, type HoldingFlows, type HoldingInvestment, type HoldingPerformance, type HoldingRealisation } from './holding';
export { summarisePortfolio, valuePortfolio, type PortfolioHolding, type PortfolioPerformance, type PortfolioSums } from './portfolio';
export { toMultiple } from './figures';
export {
  fundMultiples,
  fundPositionValue,
  latestNav,
  navPerUnit,
  unitsForSubscription,
  type FundLedgerEntry,
  type FundLedgerKind,
  type FundMultiples,
  type NavRecord,
} from './nav';
