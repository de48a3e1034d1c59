import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_FLOOR } from './auth';
import { idParam, requiredText } from './fields';

/** Password Management, two-factor sign-in, active sessions and a person's own details (decision 0035). */

const email = z.string().trim().toLowerCase().email('Enter a valid email address.').max(254);
const currentPassword = z.string().min(1, 'Enter your current password.').max(PASSWORD_MAX);

/** The longest minimum Password Management may ask for: NIST asks that at least 64 characters be accepted. */
export const PASSWORD_MIN_CEILING = 64;
export const SESSION_LIFETIME_RANGE = { min: 15, max: 30 * 24 * 60 } as const;
export const SESSION_IDLE_RANGE = { min: 5, max: 24 * 60 } as const;

const wholeNumber = (min: number, max: number, what: string) =>
  z
    .number({ error: `Enter ${what}.` })
    .int(`Enter ${what} as a whole number.`)
    .min(min, `${what[0].toUpperCase()}${what.slice(1)} must be at least ${min}.`)
    .max(max, `${what[0].toUpperCase()}${what.slice(1)} may be at most ${max}.`);

/** What the forms need to explain the rules: the configured minimum and the maximum. */
export const passwordPolicySchema = z.object({ min_length: z.number().int(), max_length: z.number().int() });
export type PasswordPolicy = z.infer<typeof passwordPolicySchema>;

export const securitySettingsSchema = z.object({
  password_min_length: z.number().int(),
  password_max_length: z.number().int(),
  /** How many passwords the shipped breached-password list holds. */
  breached_passwords_listed: z.number().int(),
  session_lifetime_minutes: z.number().int(),
  session_idle_minutes: z.number().int(),
  require_staff_two_factor: z.boolean(),
});
export type SecuritySettings = z.infer<typeof securitySettingsSchema>;

export const securitySettingsBody = z
  .strictObject({
    password_min_length: wholeNumber(PASSWORD_FLOOR, PASSWORD_MIN_CEILING, 'the minimum length'),
    session_lifetime_minutes: wholeNumber(SESSION_LIFETIME_RANGE.min, SESSION_LIFETIME_RANGE.max, 'the session lifetime'),
    session_idle_minutes: wholeNumber(SESSION_IDLE_RANGE.min, SESSION_IDLE_RANGE.max, 'the idle timeout'),
    require_staff_two_factor: z.boolean(),
  })
  .superRefine((value, ctx) => {
    if (value.session_idle_minutes > value.session_lifetime_minutes)
      ctx.addIssue({
        code: 'custom',
        path: ['session_idle_minutes'],
        message: 'The idle timeout cannot be longer than the session lifetime.',
      });
  });
export type SecuritySettingsInput = z.infer<typeof securitySettingsBody>;

// ---- Two-factor sign-in ----

export const TOTP_DIGITS = 6;
export const RECOVERY_CODE_COUNT = 10;

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** Staff while Password Management requires two-factor sign-in: it cannot be turned off. */
  required: z.boolean(),
  recovery_codes_left: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** Enrolment: the secret to type in, the otpauth:// link and the same as a QR code (an SVG data URL). */
export const twoFactorSetupSchema = z.object({ secret: z.string(), otpauth_uri: z.string(), qr_code: z.string() });
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

const totpCode = z
  .string()
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app.'));

export const twoFactorCodeBody = z.object({ code: totpCode });
export const recoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;
export const currentPasswordBody = z.object({ current_password: currentPassword });

/** The second step of sign-in: a code from the app, or one of the recovery codes. */
export const loginTwoFactorBody = z
  .object({
    code: z.string().max(20).optional(),
    recovery_code: z.string().max(40).optional(),
  })
  .superRefine((value, ctx) => {
    const recovery = value.recovery_code?.trim();
    if (recovery) return;
    if (!/^\d{6}$/.test((value.code ?? '').replace(/\s/g, '')))
      ctx.addIssue({ code: 'custom', path: ['code'], message: 'Enter the 6-digit code from your authenticator app.' });
  });
export type LoginTwoFactorInput = z.infer<typeof loginTwoFactorBody>;

/** The answer to a right password when the account has two-factor sign-in: the code comes next. */
export const loginChallengeSchema = z.object({ two_factor_required: z.literal(true), message: z.string() });
export type LoginChallenge = z.infer<typeof loginChallengeSchema>;

// ---- Active sessions ----

export const activeSessionSchema = z.object({
  id: z.number().int(),
  /** Browser and system read from the user agent, e.g. "Chrome 131 on Linux". */
  device: z.string(),
  user_agent: z.string().nullable(),
  ip: z.string().nullable(),
  signed_in_at: z.string(),
  last_seen_at: z.string(),
  current: z.boolean(),
});
export type ActiveSession = z.infer<typeof activeSessionSchema>;
export const sessionParams = z.object({ id: idParam });

// ---- A person's own details ----

export const accountDetailsBody = z.strictObject({
  name: z.string().trim().min(1, 'Enter your name.').max(255, 'Use at most 255 characters.'),
  remove_avatar: z.enum(['0', '1']).optional(),
});
export type AccountDetailsInput = z.infer<typeof accountDetailsBody>;

export const emailChangeBody = z.object({ email, current_password: currentPassword });
export type EmailChangeInput = z.infer<typeof emailChangeBody>;
export const emailChangeParams = z.object({ token: z.string().min(1).max(100) });

/** An administrator resets another person's two-factor sign-in (a lost phone): always with the reason. */
export const resetTwoFactorBody = z.strictObject({
  reason: requiredText(1000, 'Give the reason for the reset.'),
});
export type ResetTwoFactorInput = z.infer<typeof resetTwoFactorBody>;
