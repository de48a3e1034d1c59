// What other modules (and the demo seed) may use of update reports; everything else in this folder is its own.
export { investorReportPath } from './service';
