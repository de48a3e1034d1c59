// What other modules may use of investments; everything else in this folder is its own.
export { INVESTMENTS_RESOURCE } from './list';
export { presentInvestmentsWith } from './presenter';
export type { InvestmentRow } from './presenter';
export { completeOpportunityInvestments, findInvestorInvestment, investorOpportunityOf, moveInvestment, recordFollowOn } from './service';
export { recordPayment, setCashCallDue, type PaymentRow } from './receipts';
export { investedIn, loadPortfolio } from './portfolio';
