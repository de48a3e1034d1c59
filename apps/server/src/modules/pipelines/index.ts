// What other modules may use of pipelines; everything else in this folder is its own.
export { liveDealCount, lockPipelines, placeDeal, removeDeal } from './positions';
export type { DealRow } from './positions';
export { findLiveStage } from './service';
