// What other features may use of sign-up documents; everything else in this folder is its own.
export { InvestorSignUpDocuments } from './components/investor-sign-up-documents';
export { MyOnboardingDocuments } from './components/my-onboarding-documents';
export { SignUpDocumentsGate } from './components/sign-up-documents-gate';
