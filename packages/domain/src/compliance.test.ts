import { describe, expect, it } from 'vitest';
import {
  allowedComplianceTries,
  appropriatenessPassed,
  appropriatenessRetryAt,
  categorisationExpiresAt,
  categorisationValid,
  complianceTriesUsedUp,
  inAppropriatenessWait,
  INVESTOR_CATEGORIES,
} from './compliance';
import { APPROPRIATENESS_RETRY_WAIT_MS, UNLIMITED_COMPLIANCE_TRIES } from './constants';

const at = (iso: string) => new Date(iso);

describe('allowed compliance tries (spec §4)', () => {
  it.each([
    [false, undefined, UNLIMITED_COMPLIANCE_TRIES],
    [false, null, UNLIMITED_COMPLIANCE_TRIES],
    [false, 0, UNLIMITED_COMPLIANCE_TRIES],
    [false, -1, UNLIMITED_COMPLIANCE_TRIES],
    [false, Number.NaN, UNLIMITED_COMPLIANCE_TRIES],
    [false, 3, 3],
    [false, 1, 1],
    [true, 3, UNLIMITED_COMPLIANCE_TRIES],
    [true, 0, UNLIMITED_COMPLIANCE_TRIES],
  ])('risk warning %s, setting %s → %s', (riskWarning, setting, expected) => {
    expect(allowedComplianceTries(riskWarning, setting)).toBe(expected);
  });

  it('unlimited is 9999, and tries are used up at the allowed number', () => {
    expect(UNLIMITED_COMPLIANCE_TRIES).toBe(9999);
    expect(complianceTriesUsedUp(2, 3)).toBe(false);
    expect(complianceTriesUsedUp(3, 3)).toBe(true);
    expect(complianceTriesUsedUp(4, 3)).toBe(true);
  });
});

describe('24-hour wait after a fail', () => {
  const failed = { passed: false, createdAt: at('2026-01-10T12:00:00Z') };

  it('waits until exactly 24 hours after the failed attempt', () => {
    expect(APPROPRIATENESS_RETRY_WAIT_MS).toBe(24 * 60 * 60 * 1000);
    expect(appropriatenessRetryAt(failed.createdAt).toISOString()).toBe('2026-01-11T12:00:00.000Z');
    expect(inAppropriatenessWait(failed, at('2026-01-11T11:59:00Z'))).toBe(true);
    expect(inAppropriatenessWait(failed, at('2026-01-11T11:59:59.999Z'))).toBe(true);
    expect(inAppropriatenessWait(failed, at('2026-01-11T12:00:00Z'))).toBe(false);
  });

  it('never waits without an attempt or after a pass', () => {
    expect(inAppropriatenessWait(null, at('2026-01-10T12:00:00Z'))).toBe(false);
    expect(inAppropriatenessWait({ ...failed, passed: true }, at('2026-01-10T12:00:01Z'))).toBe(false);
  });
});

describe('pass mark', () => {
  it('passes only with every question right', () => {
    expect(appropriatenessPassed(5, 5)).toBe(true);
    expect(appropriatenessPassed(4, 5)).toBe(false);
    expect(appropriatenessPassed(0, 0)).toBe(false);
  });
});

describe('categorisation', () => {
  it('lists the FCA categories', () => {
    expect(INVESTOR_CATEGORIES).toEqual([
      'restricted',
      'high_net_worth',
      'certified_sophisticated',
      'self_certified_sophisticated',
      'professional',
    ]);
  });

  it('expires 12 months after the declaration', () => {
    expect(categorisationExpiresAt(at('2026-03-15T09:30:00Z')).toISOString()).toBe('2027-03-15T09:30:00.000Z');
  });

  it('is valid only when approved and not expired', () => {
    const now = at('2026-06-01T00:00:00Z');
    expect(categorisationValid({ status: 'approved', expiresAt: at('2026-06-02T00:00:00Z') }, now)).toBe(true);
    expect(categorisationValid({ status: 'approved', expiresAt: null }, now)).toBe(true);
    expect(categorisationValid({ status: 'approved', expiresAt: now }, now)).toBe(false);
    expect(categorisationValid({ status: 'pending', expiresAt: at('2027-01-01T00:00:00Z') }, now)).toBe(false);
    expect(categorisationValid({ status: 'rejected', expiresAt: at('2027-01-01T00:00:00Z') }, now)).toBe(false);
    expect(categorisationValid(null, now)).toBe(false);
  });
});
