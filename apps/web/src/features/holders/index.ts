// What other features may use of holders; everything else in this folder is its own.
export { useHolder } from './api/holders';
export { HeldInvestmentsPanel } from './components/held-investments-panel';
export { EditHolderPage, NewHolderPage } from './components/holder-form';
export type { HolderField } from './components/holder-form';
export { HolderListPage } from './components/holder-list-page';
export { HolderPage } from './components/holder-page';
export { MyHeldInvestments } from './components/my-held-investments';
export { MyHolderDocuments } from './components/my-holder-documents';
export { requireHolderAccess } from './guard';
export { holderListSearch } from './list-search';
