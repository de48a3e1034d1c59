import { createRoute } from '@tanstack/react-router';
import { adminRoute, requirePermission } from '../../app/routes/base';
import { lazyPage } from '../../app/page-code';

/** Settings › Investor › Sign-up documents (spec §2.2; decision 0036). */
export const signUpDocumentsRoutes = [
  createRoute({
    getParentRoute: () => adminRoute,
    path: '/settings/investor/sign-up-documents',
    beforeLoad: requirePermission('settings_investor_type', 'index'),
    component: lazyPage(() => import('./components/sign-up-documents-page'), 'SignUpDocumentsPage'),
  }),
];
