// What other features may use of terms; everything else in this folder is its own.
export { TermsAcceptanceModal } from './components/terms-modal';
export { TermsLink } from './components/terms-text-modal';
