import { describe, expect, it } from 'vitest';
import { mayViewOpportunityTab } from './existing-investments';
import { kpiPeriodKey, kpiPeriodOf, kpiPeriodStart } from './kpi-periods';
import { Role } from './roles';

describe('KPI periods', () => {
  it('reads a period key of its frequency as the first day of the period', () => {
    expect(kpiPeriodStart('quarterly', '2026-Q3')).toBe('2026-07-01');
    expect(kpiPeriodStart('quarterly', '2026-q1')).toBe('2026-01-01');
    expect(kpiPeriodStart('monthly', '2026-12')).toBe('2026-12-01');
    expect(kpiPeriodStart('annual', '2025')).toBe('2025-01-01');
  });

  it('refuses a key of another frequency or out of range', () => {
    expect(kpiPeriodStart('quarterly', '2026-03')).toBeNull();
    expect(kpiPeriodStart('quarterly', '2026-Q5')).toBeNull();
    expect(kpiPeriodStart('monthly', '2026-13')).toBeNull();
    expect(kpiPeriodStart('annual', '2026-Q1')).toBeNull();
    expect(kpiPeriodStart('annual', '0999')).toBeNull();
  });

  it('names the period of a start date and of any day', () => {
    expect(kpiPeriodKey('quarterly', '2026-10-01')).toBe('2026-Q4');
    expect(kpiPeriodKey('monthly', '2026-02-01')).toBe('2026-02');
    expect(kpiPeriodKey('annual', '2026-01-01')).toBe('2026');
    expect(kpiPeriodOf('quarterly', '2026-05-17')).toBe('2026-Q2');
    expect(kpiPeriodOf('monthly', '2026-05-17')).toBe('2026-05');
  });
});

describe('the KPIs tab of an existing investment', () => {
  it('is for the roles that may read KPIs, and only on existing investments', () => {
    const existing = { existing: true, capTable: false };
    expect(mayViewOpportunityTab(Role.FundManager, 'kpis', existing)).toBe(true);
    expect(mayViewOpportunityTab(Role.InvestmentCommittee, 'kpis', existing)).toBe(true);
    expect(mayViewOpportunityTab(Role.Custodian, 'kpis', existing)).toBe(false);
    expect(mayViewOpportunityTab(null, 'kpis', existing)).toBe(true);
    expect(mayViewOpportunityTab(Role.SuperAdmin, 'kpis', { existing: false, capTable: false })).toBe(false);
  });
});
