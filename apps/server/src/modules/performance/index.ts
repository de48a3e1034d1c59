// What other modules may use of performance; everything else in this folder is its own.
export { hasHistory, loadPriceHistories } from './history';
export {
  heldThroughName,
  holderKeyOf,
  loadCompanyHolders,
  loadHeldInvestments,
  loadRealisations,
  realisationFlow,
  sharesHeld,
} from './holders';
export { idList, latestPriceRecords, loadCurrentPriceHistories, rowsOf } from './latest-prices';
export type { PriceRecordRow } from './latest-prices';
