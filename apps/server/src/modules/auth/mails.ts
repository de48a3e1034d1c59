import { plainMail } from '../../platform/mail';

export const verificationMail = (to: string, name: string, url: string, product: string) =>
  plainMail(
    to,
    `Verify your email address for ${product}`,
    [`Hello ${name},`, 'Please confirm this is your email address. The link is valid for 24 hours.'],
    [{ label: 'Verify email address', url }],
    product,
  );

export const resetMail = (to: string, name: string, url: string, product: string) =>
  plainMail(
    to,
    `Reset your ${product} password`,
    [
      `Hello ${name},`,
      'We received a request to reset your password. The link is valid for 60 minutes.',
      'If you did not ask for this, you can ignore this email: your password stays the same.',
    ],
    [{ label: 'Reset password', url }],
    product,
  );

export const invitationMail = (to: string, name: string, url: string, product: string) =>
  plainMail(
    to,
    `You are invited to ${product}`,
    [
      `Hello ${name},`,
      `An account has been created for you on ${product}. Choose a password to get started. The link is valid for 7 days.`,
    ],
    [{ label: 'Set your password', url }],
    product,
  );

/** Sent once when sign-ins to the account are locked after too many wrong passwords. */
export const signInLockedMail = (to: string, name: string, appUrl: string, lockedFor: string, product: string) =>
  plainMail(
    to,
    `Sign-ins to your ${product} account are paused`,
    [
      `Hello ${name},`,
      `Someone entered a wrong password for your account too many times, so we have paused sign-ins to it for ${lockedFor}.`,
      'If it was you, you can wait, or choose a new password now with the link below: that lifts the pause at once.',
      'If it was not you, your account is safe as long as nobody knows your password; choosing a new one is a good precaution.',
    ],
    [{ label: 'Choose a new password', url: `${appUrl}/forgot-password` }],
    product,
  );

/** Registration with an address that already has an account: its owner hears of it, nobody else learns it. */
export const registrationAttemptMail = (to: string, name: string, appUrl: string, product: string) =>
  plainMail(
    to,
    `Someone tried to register on ${product} with your address`,
    [
      `Hello ${name},`,
      `Someone tried to create a new ${product} account with this email address. You already have an account, so no new one was created.`,
      'If it was you, sign in, or reset your password if you have forgotten it. If it was not you, you can ignore this email.',
    ],
    [
      { label: 'Sign in', url: `${appUrl}/login` },
      { label: 'Reset your password', url: `${appUrl}/forgot-password` },
    ],
    product,
  );

/** To the new address: the change applies when this link is followed, which proves the mailbox. */
export const emailChangeMail = (to: string, name: string, url: string, product: string) =>
  plainMail(
    to,
    `Confirm your new email address for ${product}`,
    [
      `Hello ${name},`,
      `You asked to use this address for your ${product} account. Follow the link to confirm it; it is valid for 24 hours.`,
      'Until then you keep signing in with your current address. If you did not ask for this, ignore this email.',
    ],
    [{ label: 'Confirm new email address', url }],
    product,
  );

/** To the old address: the owner hears of a change they may not have made. */
export const emailChangeNoticeMail = (to: string, name: string, newAddress: string, appUrl: string, product: string) =>
  plainMail(
    to,
    `Your ${product} email address is being changed`,
    [
      `Hello ${name},`,
      `Someone signed in to your account asked to change its email address to ${newAddress}. It changes only when the link sent there is followed.`,
      'If this was not you, choose a new password now: that signs everyone else out.',
    ],
    [{ label: 'Choose a new password', url: `${appUrl}/forgot-password` }],
    product,
  );
