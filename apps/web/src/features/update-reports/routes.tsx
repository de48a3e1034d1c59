import { createRoute, notFound } from '@tanstack/react-router';
import { adminRoute, investorRoute, loadSession, requirePermission } from '../../app/routes/base';
import { listSearch, updatesSearch } from './components/update-reports-search';
import { lazyPage, pageWith } from '../../app/page-code';

/**
 * Update reports (spec §2.2 Reports, §2.3 News): staff pages behind the 'update_reports' grants,
 * and the investor's news, also reachable under a holding or fund of their portfolio.
 */
const admin = { getParentRoute: () => adminRoute };
const investor = { getParentRoute: () => investorRoute };
const ReportPage = lazyPage(() => import('./components/investor-report-page'), 'InvestorReportPage');

export const updateReportAdminRoutes = [
  createRoute({
    ...admin,
    path: '/reports/updates',
    validateSearch: updatesSearch,
    beforeLoad: requirePermission('update_reports', 'index'),
    component: lazyPage(() => import('./components/update-reports-list-page'), 'UpdateReportsListPage'),
  }),
  createRoute({
    ...admin,
    path: '/reports/new-update',
    beforeLoad: requirePermission('update_reports', 'create'),
    component: lazyPage(() => import('./components/update-form-page'), 'NewUpdatePage'),
  }),
  createRoute({
    ...admin,
    path: '/reports/updates/$id/edit-update',
    beforeLoad: requirePermission('update_reports', 'update'),
    component: lazyPage(() => import('./components/update-form-page'), 'EditUpdatePage'),
  }),
  createRoute({
    ...admin,
    path: '/reports/updates/$id/details',
    beforeLoad: requirePermission('update_reports', 'show'),
    component: lazyPage(() => import('./components/update-details-page'), 'UpdateDetailsPage'),
  }),
  createRoute({
    ...admin,
    path: '/reports/client-groups',
    validateSearch: listSearch,
    beforeLoad: requirePermission('update_reports', 'index'),
    component: lazyPage(() => import('./components/client-groups-page'), 'ClientGroupsPage'),
  }),
];

export const updateReportInvestorRoutes = [
  createRoute({ ...investor, path: '/news', component: lazyPage(() => import('./components/news-page'), 'NewsPage') }),
  createRoute({ ...investor, path: '/news/reports/$id', component: pageWith(ReportPage, { area: 'news' }) }),
  createRoute({ ...investor, path: '/portfolio/$id/reports/$reportId', component: pageWith(ReportPage, { area: 'holding' }) }),
  createRoute({
    ...investor,
    path: '/portfolio/fund/$id/reports/$reportId',
    beforeLoad: async ({ context }) => {
      if (!(await loadSession(context.queryClient)).flags.enableFunds) throw notFound();
    },
    component: pageWith(ReportPage, { area: 'fund' }),
  }),
];
