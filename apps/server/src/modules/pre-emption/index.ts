// What other modules may use of pre-emption; everything else in this folder is its own.
export { findRound, holdsVisibly, loadEntitlements } from './service';
