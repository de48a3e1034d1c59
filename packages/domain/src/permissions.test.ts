import { describe, expect, it } from 'vitest';
import { ACTIONS, EVENTS, can, type Action, type PermissionEvent } from './permissions';
import { ROLE_IDS } from './roles';

/**
 * The expected table written out by hand from spec §6, independent of the implementation's data:
 * letters i s c u d x = index show create update delete delete_unsafe.
 */
const SA_EVENTS = EVENTS.filter((e) => e !== 'attributes_lock' && e !== 'app_test' && e !== 'investor_password');
const superAdmin: Record<string, string> = {
  ...Object.fromEntries(SA_EVENTS.map((e) => [e, 'iscud'])),
  app_test: 'c',
  investor_password: 'u',
};
const EXPECTED: Record<number, Record<string, string>> = {
  1: superAdmin,
  8: { ...superAdmin, attributes_lock: 'i', live_opportunities: 'iscudx', existing_opportunities: 'iscudx', investors: 'iscudx' },
  3: {
    deals: 'iscu',
    live_opportunities: 'iscu',
    existing_opportunities: 'iscu',
    funds: 'iscud',
    fund_opportunities: 'iscu',
    investors: 'iscu',
    investor_category: 'u',
    overview: 'i',
    kpis: 'is',
    portfolio_kpis: 'is',
    update_reports: 'iscud',
    wip_reports: 'iscud',
  },
  2: { deals: 'isu', live_opportunities: 'isu', existing_opportunities: 'iscu' },
  7: { live_opportunities: 'isu', existing_opportunities: 'isu', fund_opportunities: 'isu' },
  9: { investors: 'ic' },
  10: { live_opportunities: 'is', existing_opportunities: 'is', investors: 'isud', investor_category: 'u', onboarding_documents: 'i' },
  12: { investors: 'iscud' },
  11: {
    deals: 'iscud',
    live_opportunities: 'iscud',
    existing_opportunities: 'iscud',
    investors: 'iscu',
    funds: 'isud',
    fund_opportunities: 'iscud',
    kpis: 'ic',
    portfolio_kpis: 'i',
    update_reports: 'is',
    wip_reports: 'is',
  },
  5: {},
};
const LETTER: Record<Action, string> = { index: 'i', show: 's', create: 'c', update: 'u', delete: 'd', delete_unsafe: 'x' };

describe('can()', () => {
  it('has an expectation for every role', () => {
    expect(
      Object.keys(EXPECTED)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual([...ROLE_IDS].sort((a, b) => a - b));
  });

  for (const roleId of ROLE_IDS) {
    it(`matches spec §6 for role ${roleId} on every event and action`, () => {
      const mismatches: string[] = [];
      for (const event of EVENTS) {
        for (const action of ACTIONS) {
          const expected = (EXPECTED[roleId][event] ?? '').includes(LETTER[action]);
          if (can(roleId, event, action) !== expected) mismatches.push(`${event}.${action} should be ${expected}`);
        }
      }
      expect(mismatches).toEqual([]);
    });
  }

  it('allows any role, even an unknown one, when no event is given', () => {
    expect(can(5, null, 'delete_unsafe')).toBe(true);
    expect(can(999, undefined, 'index')).toBe(true);
  });

  it('denies unknown and missing roles', () => {
    for (const roleId of [0, 4, 6, 13, 999, null, undefined]) {
      expect(can(roleId, 'investors', 'index')).toBe(false);
    }
  });

  it('uses the later Creator definition (index and create, not index only)', () => {
    expect(can(9, 'investors', 'create')).toBe(true);
    expect(can(9, 'investors', 'show')).toBe(false);
  });

  it('keeps the hard delete for Support alone', () => {
    const holders = ROLE_IDS.filter((r) => EVENTS.some((e) => can(r, e as PermissionEvent, 'delete_unsafe')));
    expect(holders).toEqual([8]);
  });
});
