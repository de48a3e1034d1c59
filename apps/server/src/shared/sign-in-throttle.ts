import type { AppContext } from '../platform/context';
import type { Db } from '../db/client';
import { claimAttempts, clearCounters, clientNetwork, closedFor, closeUntil, tooManyAttempts, type Limit } from '../platform/rate-limit';

/*
 * Limits of the account routes, counted in PostgreSQL whatever the client claims to be: per account
 * (the e-mail tried, whether or not it has an account, so the limits tell nothing) and per address
 * (request.ip, which honours X-Forwarded-For only from proxies TRUST_PROXY names; an IPv6 client
 * counts as its /64). The reasons for
 * the numbers are in docs/decisions/0018-proxy-trust-and-login-throttling.md.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** ASVS V2.2.1: no more than 100 failed sign-ins an hour on one account. Reaching it locks the account for an hour. */
export const ACCOUNT_FAILURES_PER_HOUR = 100;
export const LOCK_MS = HOUR;
/** Failures allowed back to back; after that each try waits 1 s, 2 s, 4 s… up to MAX_DELAY_MS. */
export const FREE_FAILURES = 5;
export const MAX_DELAY_MS = 30 * 1000;
/** Password spraying: failed sign-ins from one address, whichever accounts they aim at. */
export const ADDRESS_FAILURES = 20;
export const ADDRESS_WINDOW_MS = 15 * MINUTE;

type Counters = Pick<AppContext, 'db' | 'clock'>;

const signInKeys = (email: string, ip: string) => ({
  failures: `sign-in:account:${email}`,
  wait: `sign-in:wait:${email}`,
  address: `sign-in:address:${clientNetwork(ip)}`,
});

/** The wait before the next try after `failures` failures in the hour. */
export function signInDelayMs(failures: number): number {
  return failures < FREE_FAILURES ? 0 : Math.min(1000 * 2 ** (failures - FREE_FAILURES), MAX_DELAY_MS);
}

/**
 * Admits one password check for `email` from `ip`, or answers 429 while the account's wait or
 * lock runs or a cap is reached. The try is counted before the check so parallel tries cannot pass
 * a cap; `succeeded()` takes it back, so right passwords never count. It deliberately clears
 * nothing else: a sign-in proves the password, not that the failures before it were the owner's.
 */
export async function startPasswordCheck(counters: Counters, ip: string, email: string) {
  const keys = signInKeys(email, ip);
  const accountMessage = 'Too many failed sign-ins for this account.';
  const wait = await closedFor(counters, keys.wait);
  if (wait > 0) throw tooManyAttempts(accountMessage, wait);
  const attempt = await claimAttempts(counters, [
    { key: keys.address, max: ADDRESS_FAILURES, windowMs: ADDRESS_WINDOW_MS, message: 'Too many failed sign-ins from your network.' },
    { key: keys.failures, max: ACCOUNT_FAILURES_PER_HOUR, windowMs: HOUR, message: accountMessage },
  ]);
  const failures = attempt.hits[1];
  return {
    succeeded: attempt.refund,
    /** Starts the wait before the next try; true for the one failure that locks the account. */
    async failed(): Promise<boolean> {
      const now = counters.clock.now().getTime();
      const locks = failures >= ACCOUNT_FAILURES_PER_HOUR;
      const delay = locks ? LOCK_MS : signInDelayMs(failures);
      if (delay) await closeUntil(counters.db, keys.wait, new Date(now + delay));
      return failures === ACCOUNT_FAILURES_PER_HOUR;
    },
  };
}

/** A new password chosen through a mailed link proves the mailbox: the account's sign-in wait and lock end. */
export async function clearSignInThrottle(db: Db, email: string): Promise<void> {
  const keys = signInKeys(email.toLowerCase(), '');
  await clearCounters(db, [keys.failures, keys.wait]);
}

/** Reset and set-password links: only wrong tokens count (a token is 32 random bytes; this stops scripts, not luck). */
export function tokenAttemptLimits(purpose: 'reset' | 'invite', ip: string, email: string): Limit[] {
  return [
    { key: `token:address:${clientNetwork(ip)}`, max: 20, windowMs: 15 * MINUTE, message: 'Too many attempts from your network.' },
    { key: `token:${purpose}:${email}`, max: 10, windowMs: HOUR, message: 'Too many attempts for this account.' },
  ];
}

/** Every request counts: each one may send a mail. Per address it stops mass mailing, per account mail-bombing one person. */
export function resetRequestLimits(ip: string, email: string): Limit[] {
  return [
    { key: `reset-request:address:${clientNetwork(ip)}`, max: 20, windowMs: HOUR, message: 'Too many attempts from your network.' },
    { key: `reset-request:account:${email}`, max: 5, windowMs: HOUR, message: 'Too many attempts for this email address.' },
  ];
}

export function registrationLimits(ip: string, email: string): Limit[] {
  return [
    { key: `register:address:${clientNetwork(ip)}`, max: 5, windowMs: 15 * MINUTE, message: 'Too many attempts from your network.' },
    { key: `register:account:${email}`, max: 3, windowMs: HOUR, message: 'Too many attempts for this email address.' },
  ];
}
