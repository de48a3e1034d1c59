import type { PermissionEvent } from './permissions';

/** The reports of spec §2.2 Reports, each opened with `index` on its permission event (spec §6). */
export const REPORTS = [
  { key: 'kpis', path: '/admin/reports/kpis', event: 'kpis' },
  { key: 'kpi_portfolio', path: '/admin/reports/kpi-portfolio', event: 'portfolio_kpis' },
  { key: 'updates', path: '/admin/reports/updates', event: 'update_reports' },
  { key: 'wip', path: '/admin/reports/wip', event: 'wip_reports' },
  { key: 'investments', path: '/admin/reports/investments', event: 'portfolio_kpis' },
  { key: 'statements', path: '/admin/reports/statements', event: 'portfolio_kpis' },
  { key: 'fund_kpis', path: '/admin/reports/fund-kpis', event: 'funds' },
  { key: 'quarter_kpis', path: '/admin/reports/quarter-kpis', event: 'kpis' },
] as const satisfies ReadonlyArray<{ key: string; path: string; event: PermissionEvent }>;
export type ReportKey = (typeof REPORTS)[number]['key'];
