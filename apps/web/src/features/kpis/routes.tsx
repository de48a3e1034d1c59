import { createRoute } from '@tanstack/react-router';
import { KPI_FREQUENCIES, KPI_REQUEST_STATUSES, type KpiFrequency, type KpiRequestStatus } from '@platform/domain';
import { adminRoute, investorRoute, requirePermission, rootRoute } from '../../app/routes/base';
import { pageSizeParam } from '../../app/use-list-page';
import { lazyPage } from '../../app/page-code';

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : undefined);
const id = (value: unknown) => (/^\d{1,9}$/.test(text(value) ?? '') ? text(value) : undefined);
const page = (value: unknown) => (Number(value) > 1 ? Number(value) : undefined);

/** The URL state of the KPI lists: page, sort, search text, category, KPI and frequency. */
function kpiSearch(search: Record<string, unknown>) {
  const frequency = text(search.frequency);
  return {
    page: page(search.page),
    per_page: pageSizeParam(search.per_page),
    sort: text(search.sort),
    search: text(search.search),
    category: id(search.category),
    kpi: id(search.kpi),
    frequency: KPI_FREQUENCIES.includes(frequency as KpiFrequency) ? (frequency as KpiFrequency) : undefined,
  };
}

/** KPIs (spec §2.2 and §2.3; decision 0026): the portfolio report, the two settings pages and the investor's charts. */
export const kpiAdminRoutes = [
  createRoute({
    getParentRoute: () => adminRoute,
    path: '/reports/kpis',
    validateSearch: kpiSearch,
    beforeLoad: requirePermission('kpis', 'index'),
    component: lazyPage(() => import('./components/kpis-report-page'), 'KpisReportPage'),
  }),
  createRoute({
    getParentRoute: () => adminRoute,
    path: '/reports/kpis/requests',
    validateSearch: (search: Record<string, unknown>) => {
      const status = text(search.status);
      return {
        page: page(search.page),
        per_page: pageSizeParam(search.per_page),
        sort: text(search.sort),
        search: text(search.search),
        status: KPI_REQUEST_STATUSES.includes(status as KpiRequestStatus) ? (status as KpiRequestStatus) : undefined,
      };
    },
    beforeLoad: requirePermission('kpis', 'index'),
    component: lazyPage(() => import('./components/kpi-requests-page'), 'KpiRequestsPage'),
  }),
  createRoute({
    getParentRoute: () => adminRoute,
    path: '/settings/kpi-category',
    beforeLoad: requirePermission('kpis', 'index'),
    component: lazyPage(() => import('./components/kpi-settings-pages'), 'KpiCategoriesPage'),
  }),
  createRoute({
    getParentRoute: () => adminRoute,
    path: '/settings/kpis',
    validateSearch: kpiSearch,
    beforeLoad: requirePermission('kpis', 'index'),
    component: lazyPage(() => import('./components/kpi-settings-pages'), 'KpiSettingsPage'),
  }),
];

export const kpiInvestorRoutes = [
  createRoute({
    getParentRoute: () => investorRoute,
    path: '/portfolio/$id/reports/kpis',
    component: lazyPage(() => import('./components/holding-kpis-page'), 'HoldingKpisPage'),
  }),
];

/** The founder's form, reached from the mailed link: no account, no menu. */
export const kpiPublicRoutes = [
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/kpi-request/$token',
    component: lazyPage(() => import('./components/kpi-request-form-page'), 'KpiRequestFormPage'),
  }),
];
