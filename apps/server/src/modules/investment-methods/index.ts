// What other modules may use of investment-methods; everything else in this folder is its own.
export { moveLeadAccounts } from './service';
