// What other features may use of investor perks; everything else in this folder is its own.
export { PerksTab } from './components/perks-tab';
export { InvestorPerks } from './components/investor-perks';
