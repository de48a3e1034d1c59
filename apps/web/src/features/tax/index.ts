// What other features may use of tax relief; everything else in this folder is its own.
export { HoldingTaxRelief } from './components/holding-tax-relief';
export { TaxReliefPanel } from './components/tax-relief-panel';
