import { describe, expect, it } from 'vitest';
import {
  allowedComplianceTries,
  bankForAttempt,
  drawQuestions,
  INVESTOR_CATEGORY_DETAILS,
  personalisedRiskWarning,
  statementsShownToInvestors,
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

describe('question banks (decision 0031)', () => {
  it('alternates the two FCA banks: A on odd attempts, B on even ones; one bank is always A', () => {
    expect([1, 2, 3, 4].map((n) => bankForAttempt('fca_alternating', n))).toEqual(['a', 'b', 'a', 'b']);
    expect([1, 2, 3].map((n) => bankForAttempt('single', n))).toEqual(['a', 'a', 'a']);
  });

  it('draws the same questions for the same seed, keeps their order, and all when not fewer are asked', () => {
    const ids = [11, 12, 13, 14, 15, 16];
    const drawn = drawQuestions(ids, 3, '7:1');
    expect(drawn).toHaveLength(3);
    expect(drawQuestions(ids, 3, '7:1')).toEqual(drawn);
    expect([...drawn].sort((a, b) => a - b)).toEqual(drawn);
    expect(drawn.every((id) => ids.includes(id))).toBe(true);
    const seeds = new Set(Array.from({ length: 20 }, (_, i) => drawQuestions(ids, 3, `7:${i}`).join(',')));
    expect(seeds.size).toBeGreaterThan(1);
    expect(drawQuestions(ids, null, 'x')).toEqual(ids);
    expect(drawQuestions(ids, 10, 'x')).toEqual(ids);
  });

  it('applies the pass mark as a share of right answers', () => {
    expect(appropriatenessPassed(3, 5, 60)).toBe(true);
    expect(appropriatenessPassed(2, 5, 60)).toBe(false);
    expect(appropriatenessPassed(4, 5)).toBe(false);
  });

  it('personalises the risk warning from the template, or PS22/10’s wording', () => {
    expect(personalisedRiskWarning('Ann', 'Dear {name}, high risk.')).toBe('Dear Ann, high risk.');
    expect(personalisedRiskWarning('Ann')).toMatch(/^Ann, this is a high-risk investment\./);
  });

  it('shows the exemption statement instead of the category’s when exemptions are on', () => {
    const overrides = { high_net_worth: { exemption_statement: 'Article 48.' }, restricted: { label: 'Restricted' } };
    expect(statementsShownToInvestors(overrides, true).high_net_worth.statement).toBe('Article 48.');
    expect(statementsShownToInvestors(overrides, false).high_net_worth.statement).toBe(INVESTOR_CATEGORY_DETAILS.high_net_worth.statement);
    expect(statementsShownToInvestors(overrides, true).restricted).toEqual({
      ...INVESTOR_CATEGORY_DETAILS.restricted,
      label: 'Restricted',
    });
  });
});
