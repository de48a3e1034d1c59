import { APPROPRIATENESS_RETRY_WAIT_MS, UNLIMITED_COMPLIANCE_TRIES } from './constants';

/** Compliance rules of spec §4 (appropriateness test, investor categorisation), shared by server and web. */

/** FCA investor categories an investor may declare (COBS 4.12A). */
export const INVESTOR_CATEGORIES = [
  'restricted',
  'high_net_worth',
  'certified_sophisticated',
  'self_certified_sophisticated',
  'professional',
] as const;
export type InvestorCategory = (typeof INVESTOR_CATEGORIES)[number];

/** 'superseded': a pending declaration replaced by a newer one before review. */
export const CATEGORISATION_STATUSES = ['pending', 'approved', 'rejected', 'superseded'] as const;
export type CategorisationStatus = (typeof CATEGORISATION_STATUSES)[number];

/** A declared category lasts this many months before the investor must declare again. */
export const CATEGORISATION_VALID_MONTHS = 12;

/** Pass mark of the appropriateness test: every question answered correctly. */
export const APPROPRIATENESS_PASS_RATIO = 1;

/**
 * Tries an investor gets. With the risk warning on the test is a warning, not a gate: unlimited.
 * Otherwise the configured number; a missing, zero or negative setting means unlimited.
 */
export function allowedComplianceTries(riskWarningEnabled: boolean, configuredTries: number | null | undefined): number {
  if (riskWarningEnabled) return UNLIMITED_COMPLIANCE_TRIES;
  if (configuredTries == null || !Number.isFinite(configuredTries) || configuredTries <= 0) return UNLIMITED_COMPLIANCE_TRIES;
  return Math.floor(configuredTries);
}

export function complianceTriesUsedUp(triesUsed: number, triesAllowed: number): boolean {
  return triesUsed >= triesAllowed;
}

/** When a failed attempt lets the investor try again (24 hours later). */
export function appropriatenessRetryAt(failedAt: Date | string): Date {
  return new Date(new Date(failedAt).getTime() + APPROPRIATENESS_RETRY_WAIT_MS);
}

/** True while the investor must still wait after a failed attempt. A passed or no attempt never waits. */
export function inAppropriatenessWait(lastAttempt: { passed: boolean; createdAt: Date | string } | null | undefined, now: Date): boolean {
  if (!lastAttempt || lastAttempt.passed) return false;
  return now.getTime() < appropriatenessRetryAt(lastAttempt.createdAt).getTime();
}

export function appropriatenessPassed(score: number, total: number): boolean {
  return total > 0 && score >= Math.ceil(total * APPROPRIATENESS_PASS_RATIO);
}

/** Expiry of a categorisation declared at `declaredAt`. */
export function categorisationExpiresAt(declaredAt: Date): Date {
  const expires = new Date(declaredAt.getTime());
  expires.setUTCMonth(expires.getUTCMonth() + CATEGORISATION_VALID_MONTHS);
  return expires;
}

/** An approved categorisation that has not expired lets the investor invest. */
export function categorisationValid(row: { status: string; expiresAt: Date | string | null } | null | undefined, now: Date): boolean {
  if (!row || row.status !== 'approved') return false;
  return row.expiresAt == null || new Date(row.expiresAt).getTime() > now.getTime();
}

/** Identity checks (KYC/AML) of an investor: documents submitted by them, verified or rejected by staff. */
export const KYC_STATUSES = ['not_started', 'submitted', 'verified', 'rejected'] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];
export const KYC_STATUS_LABELS: Record<KycStatus, string> = { not_started: 'Not started', submitted: 'Documents submitted', verified: 'Verified', rejected: 'Rejected' };
export const IDENTITY_FOLDER = 'Identity documents';
