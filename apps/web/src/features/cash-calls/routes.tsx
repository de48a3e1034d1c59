import { createRoute } from '@tanstack/react-router';
import { adminRoute, requirePermission } from '../../app/routes/base';
import { lazyPage } from '../../app/page-code';

/**
 * /admin/cash-calls: every cash call across the book (decision 0050); its bank statements, uploaded
 * and reviewed under /admin/cash-calls/statements (decision 0055); when unpaid calls are reminded,
 * /admin/cash-calls/reminders (decision 0061).
 */
export const cashCallRoutes = [
  createRoute({
    getParentRoute: () => adminRoute,
    path: '/cash-calls',
    beforeLoad: requirePermission('cash_calls', 'index'),
    component: lazyPage(() => import('./components/cash-calls-page'), 'CashCallsPage'),
  }),
  createRoute({
    getParentRoute: () => adminRoute,
    path: '/cash-calls/statements',
    beforeLoad: requirePermission('cash_calls', 'index'),
    component: lazyPage(() => import('./components/statements-page'), 'StatementsPage'),
  }),
  createRoute({
    getParentRoute: () => adminRoute,
    path: '/cash-calls/reminders',
    beforeLoad: requirePermission('cash_calls', 'index'),
    component: lazyPage(() => import('./components/reminder-schedule-page'), 'ReminderSchedulePage'),
  }),
  createRoute({
    getParentRoute: () => adminRoute,
    path: '/cash-calls/statements/$id',
    beforeLoad: requirePermission('cash_calls', 'index'),
    component: lazyPage(() => import('./components/statement-review-page'), 'StatementReviewPage'),
  }),
];
