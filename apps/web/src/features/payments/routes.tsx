import { createRoute } from '@tanstack/react-router';
import { adminRoute, requirePermission } from '../../app/routes/base';
import { lazyPage } from '../../app/page-code';

/**
 * /admin/payments: the payments ledger (decisions 0050, 0058); /admin/settings/membership-plans:
 * the plans investors subscribe to by card. The investor's membership page is a profile page
 * (features/profile/routes.tsx).
 */
export const paymentRoutes = [
  createRoute({
    getParentRoute: () => adminRoute,
    path: '/payments',
    beforeLoad: requirePermission('cash_calls', 'index'),
    component: lazyPage(() => import('./components/payments-page'), 'PaymentsPage'),
  }),
  createRoute({
    getParentRoute: () => adminRoute,
    path: '/settings/membership-plans',
    beforeLoad: requirePermission('cash_calls', 'index'),
    component: lazyPage(() => import('./components/membership-plans-page'), 'MembershipPlansPage'),
  }),
];
