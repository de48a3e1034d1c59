import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
export const hmac = (secret: string, value: string) => createHmac('sha256', secret).update(value).digest('base64url');

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** OWASP's argon2id baseline (19 MiB, 2 passes). */
/** Algorithm 2 is argon2id (the package's const enum cannot be imported under isolatedModules). */
const ARGON2 = { algorithm: 2 as const, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, ARGON2);

/** A hash of nothing anyone knows: verifying against it costs the same as a real account. */
let decoyHash: Promise<string> | undefined;

/** Verifies a password in constant work whether or not the account exists (no enumeration by timing). */
export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    decoyHash ??= hashPassword(randomToken());
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}

/**
 * Secrets the app must read back (two-factor keys) are sealed with AES-256-GCM under a key derived
 * from the app key for that one purpose (HKDF-SHA256): `v1.iv.tag.ciphertext`, base64url. A copy of
 * the database alone does not open them while APP_KEY is kept outside it.
 */
const sealingKey = (appKey: string, purpose: string) => Buffer.from(hkdfSync('sha256', appKey, '', `platform:${purpose}`, 32));

export function seal(appKey: string, purpose: string, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(appKey, purpose), iv);
  const sealed = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), sealed].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
}

export function unseal(appKey: string, purpose: string, value: string): string {
  const [version, iv, tag, sealed] = value.split('.');
  if (version !== 'v1' || !iv || !tag || !sealed) throw new Error('Unknown sealed value format.');
  const decipher = createDecipheriv('aes-256-gcm', sealingKey(appKey, purpose), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
}
