// What other features may use of investor-investments; everything else in this folder is its own.
export { useHolders, useMyInvestments } from './api/investments';
