// What other features may use of ownership-choices; everything else in this folder is its own.
export { InvestorOwnershipSection } from './components/investor-ownership-section';
export { useOwnershipPicker, type OwnershipSearch } from './components/ownership-picker';
export { useOwnershipChoices } from './api/ownership-choices';
export { describeChoice } from './components/holder-options';
export { OwnershipChoicesPage } from './components/ownership-choices-page';
