import { createRoute, notFound } from '@tanstack/react-router';
import { can, REPORTS } from '@platform/domain';
import { adminRoute, loadSession, requirePermission } from '../../app/routes/base';
import { lazyPage } from '../../app/page-code';

/** Staff reports (spec §2.2 Reports). Portfolio KPIs: the whole book's performance (decision 0015). */
export const reportRoutes = [
  createRoute({
    getParentRoute: () => adminRoute,
    path: '/reports',
    // The landing is open to a role that may open any report; it lists only those.
    beforeLoad: async ({ context }) => {
      const { user } = await loadSession(context.queryClient);
      if (user && !REPORTS.some((r) => can(user.role_id, r.event, 'index'))) throw notFound();
    },
    component: lazyPage(() => import('./components/reports-page'), 'ReportsPage'),
  }),
  createRoute({
    getParentRoute: () => adminRoute,
    path: '/reports/kpi-portfolio',
    validateSearch: (search: Record<string, unknown>): { as_of?: string } =>
      typeof search.as_of === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(search.as_of) ? { as_of: search.as_of } : {},
    beforeLoad: requirePermission('portfolio_kpis', 'index'),
    component: lazyPage(() => import('./components/portfolio-kpis-page'), 'PortfolioKpisPage'),
  }),
  createRoute({
    getParentRoute: () => adminRoute,
    path: '/reports/investments',
    beforeLoad: requirePermission('portfolio_kpis', 'index'),
    component: lazyPage(() => import('./components/investments-report-page'), 'InvestmentsReportPage'),
  }),
  createRoute({
    getParentRoute: () => adminRoute,
    path: '/reports/statements',
    beforeLoad: requirePermission('portfolio_kpis', 'index'),
    component: lazyPage(() => import('./components/statements-page'), 'StatementsPage'),
  }),
  createRoute({
    getParentRoute: () => adminRoute,
    path: '/reports/fund-kpis',
    beforeLoad: async (options) => {
      await requirePermission('funds', 'index')(options);
      if (!(await loadSession(options.context.queryClient)).flags.enableFunds) throw notFound();
    },
    component: lazyPage(() => import('./components/fund-kpis-page'), 'FundKpisPage'),
  }),
  createRoute({
    getParentRoute: () => adminRoute,
    path: '/reports/quarter-kpis',
    beforeLoad: requirePermission('kpis', 'index'),
    component: lazyPage(() => import('./components/quarter-kpis-page'), 'QuarterKpisPage'),
  }),
];
