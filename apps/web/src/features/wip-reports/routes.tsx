import { createRoute } from '@tanstack/react-router';
import { adminRoute, requirePermission } from '../../app/routes/base';
import { lazyPage } from '../../app/page-code';

const idSearch = (value: unknown) => (typeof value === 'string' || typeof value === 'number') && /^\d{1,9}$/.test(String(value));

/** /admin/reports/wip: the work in progress (spec §2.2 Reports; decision 0026). */
export const wipReportRoutes = [
  createRoute({
    getParentRoute: () => adminRoute,
    path: '/reports/wip',
    validateSearch: (search: Record<string, unknown>): { owner?: string; pipeline?: string } => ({
      ...(idSearch(search.owner) ? { owner: String(search.owner) } : {}),
      ...(idSearch(search.pipeline) ? { pipeline: String(search.pipeline) } : {}),
    }),
    beforeLoad: requirePermission('wip_reports', 'index'),
    component: lazyPage(() => import('./components/wip-report-page'), 'WipReportPage'),
  }),
];
