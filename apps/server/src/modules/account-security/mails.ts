import { plainMail } from '../../platform/mail';

/** Tells a person an administrator reset their two-factor sign-in, so a reset they did not ask for does not go unnoticed. */
export const twoFactorResetMail = (to: string, name: string, by: string, options: { appUrl: string; required: boolean; product: string }) =>
  plainMail(
    to,
    `Your ${options.product} two-factor sign-in was reset`,
    [
      `Hello ${name},`,
      `${by} reset the two-factor sign-in of your account. Your authenticator app and your recovery codes no longer work, and you have been signed out everywhere.`,
      options.required
        ? 'When you next sign in with your password you will be asked to set up two-factor sign-in again with your authenticator app.'
        : 'You can sign in with your password alone now. We recommend setting up two-factor sign-in again from your security page.',
      'If you did not ask for this, contact your administrator or our support team at once.',
    ],
    [{ label: 'Sign in', url: `${options.appUrl}/login` }],
    options.product,
  );
