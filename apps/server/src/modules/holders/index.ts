// What other modules may use of holders; everything else in this folder is its own.
export { myInvestmentsHeld } from './mine';
export { holderGuard, registerHolderResource } from './resource';
