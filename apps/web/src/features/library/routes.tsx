import { createRoute } from '@tanstack/react-router';
import { adminRoute, investorRoute, requirePermission } from '../../app/routes/base';
import { lazyPage } from '../../app/page-code';

/** The firm's document library (decision 0064): staff's Library under Reports, the investor's under News. */
export const libraryAdminRoutes = [
  createRoute({
    getParentRoute: () => adminRoute,
    path: '/reports/library',
    beforeLoad: requirePermission('update_reports', 'index'),
    component: lazyPage(() => import('./components/library-page'), 'LibraryPage'),
  }),
];

export const libraryInvestorRoutes = [
  createRoute({
    getParentRoute: () => investorRoute,
    path: '/news/library',
    component: lazyPage(() => import('./components/my-library-page'), 'MyLibraryPage'),
  }),
];
