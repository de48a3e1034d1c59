// What other features may use of investment terms; everything else in this folder is its own.
export { useCurrentTerms } from './api/term-conditions';
export { InvestmentTerms } from './components/investment-terms';
export { MyAcceptedTerms } from './components/my-accepted-terms';
export { TermsPanel } from './components/terms-panel';
export { termsAcceptedLabel } from './components/terms-label';
export { TermsTab } from './components/terms-tab';
