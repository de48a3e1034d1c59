// What other modules may use of deal placements; everything else in this folder is its own.
export { interestedInvestorIds } from './service';
