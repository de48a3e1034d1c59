import { createRoute } from '@tanstack/react-router';
import { adminRoute, requirePermission } from '../../app/routes/base';
import { companiesSearch } from './components/companies-search';
import { lazyPage, pageWith } from '../../app/page-code';

/** Staff pages of fund investments, the spec's "companies" (§2.2). Not behind the funds flag (decision 0009). */
const parent = { getParentRoute: () => adminRoute };
const CompanyPage = lazyPage(() => import('./components/company-page'), 'CompanyPage');
const show = requirePermission('fund_opportunities', 'show');

export const companyRoutes = [
  createRoute({
    ...parent,
    path: '/investments/companies',
    validateSearch: companiesSearch,
    beforeLoad: requirePermission('fund_opportunities', 'index'),
    component: lazyPage(() => import('./components/companies-list-page'), 'CompaniesListPage'),
  }),
  createRoute({
    ...parent,
    path: '/investments/companies/new-company',
    validateSearch: (search: Record<string, unknown>): { fund?: number } => (Number(search.fund) > 0 ? { fund: Number(search.fund) } : {}),
    beforeLoad: requirePermission('fund_opportunities', 'create'),
    component: lazyPage(() => import('./components/company-form-page'), 'NewCompanyPage'),
  }),
  createRoute({
    ...parent,
    path: '/investments/companies/$id/edit',
    beforeLoad: requirePermission('fund_opportunities', 'update'),
    component: lazyPage(() => import('./components/company-form-page'), 'EditCompanyPage'),
  }),
  createRoute({
    ...parent,
    path: '/investments/companies/$id/details',
    beforeLoad: show,
    component: pageWith(CompanyPage, { tab: 'details' }),
  }),
  createRoute({
    ...parent,
    path: '/investments/companies/$id/key-information',
    beforeLoad: show,
    component: pageWith(CompanyPage, { tab: 'key-information' }),
  }),
  createRoute({
    ...parent,
    path: '/investments/companies/$id/transactions',
    beforeLoad: show,
    component: pageWith(CompanyPage, { tab: 'transactions' }),
  }),
  createRoute({
    ...parent,
    path: '/investments/companies/$id/notes-calls-tasks',
    beforeLoad: show,
    component: pageWith(CompanyPage, { tab: 'notes-calls-tasks' }),
  }),
  createRoute({
    ...parent,
    path: '/investments/companies/$id/maturity-statuses',
    beforeLoad: show,
    component: pageWith(CompanyPage, { tab: 'maturity-statuses' }),
  }),
];
