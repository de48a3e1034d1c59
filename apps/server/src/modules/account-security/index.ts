// What other modules may use of account security; everything else in this folder is its own.
export { enrolmentDue, startSecondStep, twoFactorEnabled, twoFactorEnabledAmong } from './two-factor';
