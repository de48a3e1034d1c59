import { createRoute, lazyRouteComponent, notFound } from '@tanstack/react-router';
import { can, REPORTS } from '@platform/domain';
import { adminRoute, loadSession, requirePermission } from '../../app/routes/base';

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
    component: lazyRouteComponent(() => import('./components/reports-page'), 'ReportsPage'),
  }),
  createRoute({
    getParentRoute: () => adminRoute,
    path: '/reports/kpi-portfolio',
    validateSearch: (search: Record<string, unknown>): { as_of?: string } =>
      typeof search.as_of === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(search.as_of) ? { as_of: search.as_of } : {},
    beforeLoad: requirePermission('portfolio_kpis', 'index'),
    component: lazyRouteComponent(() => import('./components/portfolio-kpis-page'), 'PortfolioKpisPage'),
  }),
];
