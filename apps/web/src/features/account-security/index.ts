// What other features may use of account security.
export { ChangePasswordCard, PasswordHint } from './components/change-password-card';
export { SessionsCard } from './components/sessions-card';
export { TwoFactorCard } from './components/two-factor-card';
export { loginSecondStep } from './api/account-security';
