// What other modules may use of funds; everything else in this folder is its own.
export { assertFundsEnabled, authorizeFunds } from './access';
export { fundKpis, fundKpiReport } from './kpis';
export { investorFundList, investorLedgerEntries } from './investor-service';
