import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { adminRoute, requirePermission } from '../../app/routes/base';

/** /admin/cash-calls: every cash call across the book (decision 0050). */
export const cashCallRoutes = [
  createRoute({
    getParentRoute: () => adminRoute,
    path: '/cash-calls',
    beforeLoad: requirePermission('cash_calls', 'index'),
    component: lazyRouteComponent(() => import('./components/cash-calls-page'), 'CashCallsPage'),
  }),
];
