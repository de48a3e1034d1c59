import { describe, expect, it } from 'vitest';
import { FEATURE_FLAGS, FLAG_DEFAULTS, flagValue, toBoolean, toClientFlags } from './flags';
import { TERMINOLOGY_DEFAULTS, resolveTerminology } from './terminology';
import { badgeCount, compactPayload, relativeTime } from './constants';
import { firstAdminPath, visibleMenu, visibleSettings } from './menu';
import { opportunityAdminPath } from './statuses';

describe('feature flags', () => {
  it('maps every public setting name onto its client name', () => {
    const flags = toClientFlags({ funds_enabled: 1, nominee_enabled: '1', tax_enabled: '0', risk_warning_enabled: true });
    expect(flags.enableFunds).toBe(true);
    expect(flags.enableNominee).toBe(true);
    expect(flags.enableTax).toBe(false);
    expect(flags.enableRiskWarning).toBe(true);
    expect(flags.enableOrganisationLinks).toBe(false);
    expect(Object.keys(flags)).toHaveLength(Object.keys(FEATURE_FLAGS).length);
  });

  it("reads '1' as true and '0' as false", () => {
    expect(toBoolean('1')).toBe(true);
    expect(toBoolean('0')).toBe(false);
    expect(toBoolean(0)).toBe(false);
  });

  it('gives a flag missing from the settings its default: portfolio analysis on, every other flag off', () => {
    expect(Object.entries(FLAG_DEFAULTS).filter(([, on]) => on)).toEqual([['portfolio_analysis_enabled', true]]);
    expect(flagValue({}, 'portfolio_analysis_enabled')).toBe(true);
    expect(flagValue({ portfolio_analysis_enabled: null }, 'portfolio_analysis_enabled')).toBe(true);
    expect(flagValue({ portfolio_analysis_enabled: false }, 'portfolio_analysis_enabled')).toBe(false);
    expect(flagValue({ portfolio_analysis_enabled: '0' }, 'portfolio_analysis_enabled')).toBe(false);
    expect(flagValue({}, 'funds_enabled')).toBe(false);
    const missing = toClientFlags({});
    expect(missing.enablePortfolioAnalysis).toBe(true);
    expect(missing.enableFunds).toBe(false);
    expect(toClientFlags({ portfolio_analysis_enabled: false }).enablePortfolioAnalysis).toBe(false);
  });
});

describe('terminology', () => {
  it('fills labels the customer left out with defaults', () => {
    const terms = resolveTerminology(JSON.stringify({ investments: 'Deals Room', investors: '  ' }));
    expect(terms.investments).toBe('Deals Room');
    expect(terms.investors).toBe(TERMINOLOGY_DEFAULTS.investors);
    expect(terms.pageTitle).toBe(TERMINOLOGY_DEFAULTS.pageTitle);
  });

  it('falls back to defaults on malformed JSON', () => {
    expect(resolveTerminology('{not json')).toEqual(TERMINOLOGY_DEFAULTS);
  });
});

describe('notification helpers', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  it.each([
    ['2026-11-22T11:59:30Z', 'Just now'],
    ['2026-11-22T11:59:00Z', '1 mins ago'],
    ['2026-11-22T11:15:00Z', '45 mins ago'],
    ['2026-11-22T09:00:00Z', '3 hours ago'],
    ['2026-11-19T12:00:00Z', '3 days ago'],
  ])('shows %s as %s', (at, text) => {
    expect(relativeTime(at, now)).toBe(text);
  });

  it('caps the badge at two digits', () => {
    expect(badgeCount(7)).toBe('7');
    expect(badgeCount(99)).toBe('99');
    expect(badgeCount(150)).toBe('99');
  });
});

describe('payloads', () => {
  it('drops empty values and keeps zero', () => {
    expect(compactPayload({ a: '', b: null, c: undefined, d: 0, e: 'x', f: false, g: [] })).toEqual({ d: 0, e: 'x', f: false });
  });
});

describe('admin menu', () => {
  const flagsOn = () => true;
  const flagsOff = () => false;
  it('offers the investment categories and characters settings only with their flags on', () => {
    const paths = (flag: () => boolean) => visibleSettings(1, flag).map((l) => l.path);
    expect(paths(flagsOn)).toEqual(
      expect.arrayContaining(['/admin/settings/investment-categories', '/admin/settings/investment-characters']),
    );
    expect(paths(flagsOff)).not.toContain('/admin/settings/investment-categories');
    expect(paths(flagsOff)).not.toContain('/admin/settings/investment-characters');
    expect(paths(flagsOff)).toContain('/admin/settings/industries');
  });
  it('shows every area to Super Admin and sends them to the overview first', () => {
    expect(visibleMenu(1, flagsOn).map((a) => a.key)).toEqual([
      'overview',
      'investments',
      'funds',
      'investors',
      'insider_register',
      'reports',
    ]);
    expect(firstAdminPath(1, flagsOn)).toBe('/admin');
  });

  it('hides Funds when the flag is off', () => {
    expect(visibleMenu(1, flagsOff).map((a) => a.key)).not.toContain('funds');
  });

  it('gives Creator only Investors, with the create action', () => {
    const menu = visibleMenu(9, flagsOn);
    expect(menu.map((a) => a.key)).toEqual(['investors']);
    expect(menu[0].href).toBe('/admin/investors');
    expect(menu[0].create.map((c) => c.path)).toContain('/admin/investors/new-investor');
  });

  it('links an area to the first sub-page the role may open', () => {
    const custodian = visibleMenu(7, flagsOn);
    expect(custodian.map((a) => a.key)).toEqual(['investments']);
    expect(custodian[0].href).toBe('/admin/investments/opportunities');
    expect(firstAdminPath(10, flagsOn)).toBe('/admin/investments/opportunities');
  });

  it('opens Reports on its landing page, which lists the reports the role may open', () => {
    const reports = visibleMenu(11, flagsOn).find((a) => a.key === 'reports');
    expect(reports?.href).toBe('/admin/reports');
    expect(reports?.links.map((l) => l.path)).toEqual([
      '/admin/reports/kpis',
      '/admin/reports/kpi-portfolio',
      '/admin/reports/updates',
      '/admin/reports/library',
      '/admin/reports/wip',
    ]);
  });

  it('gives an investor no admin menu', () => {
    expect(firstAdminPath(5, flagsOn)).toBeNull();
  });
});

describe('opportunity routing', () => {
  it.each([
    [1, '/admin/investments/opportunities/9/edit'],
    [2, '/admin/investments/opportunities/9/details'],
    [3, '/admin/investments/opportunities/9/details'],
    [4, '/admin/investments/opportunities/9/details'],
    [5, '/admin/investments/existing/9/details'],
    [6, '/admin/investments/existing/9/details'],
  ])('status %i opens %s', (status, path) => {
    expect(opportunityAdminPath(9, status)).toBe(path);
  });
});
