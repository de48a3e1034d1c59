// What other modules (and the demo seed) may use of update reports; everything else in this folder is its own.
export { addressRecipients, investorReportPath } from './service';
