// What other modules may use of deals; everything else in this folder is its own.
export { draftOpportunityFromDeal } from './promotion';
export { findLiveDeal } from './service';
