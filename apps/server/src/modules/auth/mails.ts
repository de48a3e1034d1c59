import type { MailMessage } from '../../platform/mail';

interface Link {
  label: string;
  url: string;
}

/** Account e-mails: plain text first (it is what the log shows), with a simple HTML twin. */
function message(to: string, subject: string, lines: string[], links: Link[], product: string): MailMessage {
  const text = [...lines, '', ...links.map((link) => `${link.label}: ${link.url}`), '', `— ${product}`].join('\n');
  const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  const html = `${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}${links.map((link) => `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`).join('')}<p>— ${escapeHtml(product)}</p>`;
  return { to, subject, text, html };
}

export const verificationMail = (to: string, name: string, url: string, product: string) =>
  message(
    to,
    `Verify your email address for ${product}`,
    [`Hello ${name},`, 'Please confirm this is your email address. The link is valid for 24 hours.'],
    [{ label: 'Verify email address', url }],
    product,
  );

export const resetMail = (to: string, name: string, url: string, product: string) =>
  message(
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
  message(
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
  message(
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
  message(
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
