// What other features may use of opportunities; everything else in this folder is its own.
export { opportunityKeys, useOpportunity, useOpportunityList, usePublicDocuments } from './api/opportunities';
export type { InvestorOpportunity, Opportunity } from './api/opportunities';
export type { Transaction } from './api/transactions';
export { DiscussionsPanel } from './components/discussions-panel';
export { FundingProgress, OpportunityView } from './components/opportunity-view';
export { PreEmptionOffers } from './components/pre-emption-offer';
