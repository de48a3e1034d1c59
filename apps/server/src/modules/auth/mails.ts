import type { MailMessage } from '../../platform/mail';

/** Account e-mails: plain text first (it is what the log shows), with a simple HTML twin. */
function message(to: string, subject: string, lines: string[], link: { label: string; url: string }, product: string): MailMessage {
  const text = [...lines, '', `${link.label}: ${link.url}`, '', `— ${product}`].join('\n');
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  const html = `${lines.map((l) => `<p>${escape(l)}</p>`).join('')}<p><a href="${escape(link.url)}">${escape(link.label)}</a></p><p>— ${escape(product)}</p>`;
  return { to, subject, text, html };
}

export const verificationMail = (to: string, name: string, url: string, product: string) =>
  message(to, `Verify your email address for ${product}`, [`Hello ${name},`, 'Please confirm this is your email address. The link is valid for 24 hours.'], { label: 'Verify email address', url }, product);

export const resetMail = (to: string, name: string, url: string, product: string) =>
  message(
    to,
    `Reset your ${product} password`,
    [`Hello ${name},`, 'We received a request to reset your password. The link is valid for 60 minutes.', 'If you did not ask for this, you can ignore this email: your password stays the same.'],
    { label: 'Reset password', url },
    product,
  );

export const invitationMail = (to: string, name: string, url: string, product: string) =>
  message(to, `You are invited to ${product}`, [`Hello ${name},`, `An account has been created for you on ${product}. Choose a password to get started. The link is valid for 7 days.`], { label: 'Set your password', url }, product);
