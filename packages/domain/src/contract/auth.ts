import { z } from 'zod';
import { idParam } from './fields';

/** Request bodies and answers of the account routes (spec §7.1), shared by the server and the forms. */

const email = z.string().trim().toLowerCase().email('Enter a valid email address.').max(254);

/**
 * Password rules every form shares (NIST SP 800-63B: length, no composition rules). The shortest
 * password Password Management may allow is PASSWORD_FLOOR; the server then applies the configured
 * minimum and refuses passwords on the shipped list of breached ones (decision 0035).
 */
export const PASSWORD_FLOOR = 8;
export const PASSWORD_MAX = 128;
export const passwordTooShort = (min: number) => `The password must be at least ${min} characters.`;
const password = z
  .string()
  .min(PASSWORD_FLOOR, passwordTooShort(PASSWORD_FLOOR))
  .max(PASSWORD_MAX, `The password may not be longer than ${PASSWORD_MAX} characters.`);

const confirmed = <T extends { password: string; password_confirmation: string }>(value: T, ctx: z.RefinementCtx) => {
  if (value.password !== value.password_confirmation) {
    ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: 'The password confirmation does not match.' });
  }
};

export const loginSchema = z.object({
  email,
  password: z.string().min(1, 'Enter your password.').max(PASSWORD_MAX),
});

const registrant = { name: z.string().trim().min(1, 'Enter your name.').max(255), email };

export const registerSchema = z.object({ ...registrant, password, password_confirmation: z.string() }).superRefine(confirmed);

/** Registration while `inviteOnRegister` is on: no password; the e-mailed invitation lets the investor choose it. */
export const inviteRegisterSchema = z.object(registrant);

/** What the registration route takes: either form above; the server asks for the password unless invitations are on. */
export const registrationBody = z
  .object({ ...registrant, password: password.optional(), password_confirmation: z.string().optional() })
  .superRefine((value, ctx) => {
    if (value.password !== undefined)
      confirmed({ password: value.password, password_confirmation: value.password_confirmation ?? '' }, ctx);
  });
export const PASSWORD_REQUIRED = 'Choose a password.';

export const forgotPasswordSchema = z.object({ email });

export const resetPasswordSchema = z
  .object({ token: z.string().min(1), email, password, password_confirmation: z.string() })
  .superRefine(confirmed);

export const setPasswordSchema = z
  .object({ token: z.string().min(1), email, password, password_confirmation: z.string() })
  .superRefine(confirmed);

export const updatePasswordSchema = z
  .object({ current_password: z.string().min(1, 'Enter your current password.'), password, password_confirmation: z.string() })
  .superRefine(confirmed);

export type LoginInput = z.infer<typeof loginSchema>;
export type RegisterInput = z.infer<typeof registrationBody>;

/** An answer that is only a sentence to show (sent links, changed passwords). */
export const messageBody = z.object({ message: z.string() });
export type MessageBody = z.infer<typeof messageBody>;

/** The signed e-mail verification link: /email/verify/{id}/{hash}?expires=…&signature=… */
export const verifyEmailParams = z.object({ id: idParam, hash: z.string() });
export const verifyEmailQuery = z.object({ expires: z.string().optional(), signature: z.string().optional() });

/** A redirect: the browser follows `Location`. */
export const redirectBody = z.unknown().meta({ description: 'A redirect; the browser follows Location.' });
