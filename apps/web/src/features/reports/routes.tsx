import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { adminRoute, requirePermission } from '../../app/routes/base';

/** Staff reports (spec §2.2 Reports). Portfolio KPIs: the whole book's performance (decision 0015). */
export const reportRoutes = [
  createRoute({
    getParentRoute: () => adminRoute,
    path: '/reports/kpi-portfolio',
    validateSearch: (search: Record<string, unknown>): { as_of?: string } =>
      typeof search.as_of === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(search.as_of) ? { as_of: search.as_of } : {},
    beforeLoad: requirePermission('portfolio_kpis', 'index'),
    component: lazyRouteComponent(() => import('./components/portfolio-kpis-page'), 'PortfolioKpisPage'),
  }),
];
