// What other modules may use of holders; everything else in this folder is its own.
export { myInvestmentsHeld } from './mine';
export { deleteHolder, heldInvestmentsPage, holderGuard, registerHolderResource } from './resource';
export type { DeletableHolder } from './resource';
