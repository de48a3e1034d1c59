export type { IsoDate } from './dates';
export { xirr, xirrByDate, type XirrFlow } from './irr';
export type { CompanyOutcome, CompanyPriceHistory, CompanyValuation, PriceMark, PriceSource, SharePrice } from './price-mark';
export { valueHolding, type HoldingFlows, type HoldingInvestment, type HoldingPerformance, type HoldingRealisation } from './holding';
export { valuePortfolio, type PortfolioHolding, type PortfolioPerformance } from './portfolio';
export { fundMultiples, fundPositionValue, latestNav, navPerUnit, unitsForSubscription, type FundLedgerEntry, type FundLedgerKind, type FundMultiples, type NavRecord } from './nav';
