import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { adminRoute, requirePermission } from '../../app/routes/base';

/** Settings › Investor › Sign-up documents (spec §2.2; decision 0036). */
export const signUpDocumentsRoutes = [
  createRoute({
    getParentRoute: () => adminRoute,
    path: '/settings/investor/sign-up-documents',
    beforeLoad: requirePermission('settings_investor_type', 'index'),
    component: lazyRouteComponent(() => import('./components/sign-up-documents-page'), 'SignUpDocumentsPage'),
  }),
];
