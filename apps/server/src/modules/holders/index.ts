// What other modules may use of holders; everything else in this folder is its own.
export { holderGuard } from './access';
export { myInvestmentsHeld } from './mine';
export { deleteHolder, heldInvestmentsPage } from './service';
export type { DeletableHolder } from './service';
