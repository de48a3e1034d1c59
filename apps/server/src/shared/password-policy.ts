import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MAX, type PasswordPolicy, passwordTooShort } from '@platform/domain';
import type { Db } from '../db/client';
import { validationError } from '../platform/errors';
import { loadSettings } from './settings';

/*
 * What a new password must be (NIST SP 800-63B §5.1.1.2): at least the length Password Management
 * sets, at most PASSWORD_MAX, and not one of the passwords most used and most leaked — nothing
 * about which kinds of character it holds. The list is the one @zxcvbn-ts/language-common ships
 * (about 49,000 passwords ranked from real breaches), compared without regard to case, so the
 * check needs no network and tells no outside service anything.
 */

let breachedList: Set<string> | undefined;

function breachedPasswords(): Set<string> {
  breachedList ??= new Set(dictionary['passwords-common'].map((entry) => String(entry).toLowerCase()));
  return breachedList;
}

export const BREACHED_PASSWORD =
  'This password is on a list of passwords exposed in data breaches, so attackers try it first. Choose another: a few unrelated words make a strong one.';

export function isBreachedPassword(password: string): boolean {
  return breachedPasswords().has(password.toLowerCase());
}

export const breachedPasswordCount = () => breachedPasswords().size;

export async function loadPasswordPolicy(db: Db): Promise<PasswordPolicy> {
  return { min_length: (await loadSettings(db)).passwordMinLength, max_length: PASSWORD_MAX };
}

/** Refuses a new password with a 422 on `field` when it is shorter than the policy asks or breached. */
export async function assertPasswordAllowed(db: Db, password: string, field = 'password'): Promise<void> {
  const policy = await loadPasswordPolicy(db);
  if ([...password].length < policy.min_length) throw validationError({ [field]: [passwordTooShort(policy.min_length)] });
  if (isBreachedPassword(password)) throw validationError({ [field]: [BREACHED_PASSWORD] });
}
