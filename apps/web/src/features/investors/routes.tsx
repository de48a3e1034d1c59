import { createRoute } from '@tanstack/react-router';
import { adminRoute, requirePermission } from '../../app/routes/base';
import { investorsSearch } from './components/investors-search';
import { lazyPage, pageWith } from '../../app/page-code';

/** Staff pages of investors (spec §2.2 Investors). */
const parent = { getParentRoute: () => adminRoute };
const InvestorPage = lazyPage(() => import('./components/investor-page'), 'InvestorPage');
const show = requirePermission('investors', 'show');

export const investorRoutes = [
  createRoute({
    ...parent,
    path: '/investors',
    validateSearch: investorsSearch,
    beforeLoad: requirePermission('investors', 'index'),
    component: lazyPage(() => import('./components/investors-list-page'), 'InvestorsListPage'),
  }),
  createRoute({
    ...parent,
    path: '/investors/new-investor',
    beforeLoad: requirePermission('investors', 'create'),
    component: lazyPage(() => import('./components/investor-form-page'), 'NewInvestorPage'),
  }),
  createRoute({
    ...parent,
    path: '/investors/invitations',
    beforeLoad: requirePermission('investors', 'index'),
    component: lazyPage(() => import('./components/invitations-page'), 'InvitationsPage'),
  }),
  createRoute({
    ...parent,
    path: '/investors/$id/edit',
    beforeLoad: requirePermission('investors', 'update'),
    component: lazyPage(() => import('./components/investor-form-page'), 'EditInvestorPage'),
  }),
  createRoute({ ...parent, path: '/investors/$id/details', beforeLoad: show, component: pageWith(InvestorPage, { tab: 'details' }) }),
  createRoute({
    ...parent,
    path: '/investors/$id/transactions',
    beforeLoad: show,
    component: pageWith(InvestorPage, { tab: 'transactions' }),
  }),
  createRoute({ ...parent, path: '/investors/$id/documents', beforeLoad: show, component: pageWith(InvestorPage, { tab: 'documents' }) }),
  createRoute({
    ...parent,
    path: '/investors/$id/notes-calls-tasks',
    beforeLoad: show,
    component: pageWith(InvestorPage, { tab: 'notes-calls-tasks' }),
  }),
  createRoute({ ...parent, path: '/investors/$id/category', beforeLoad: show, component: pageWith(InvestorPage, { tab: 'category' }) }),
  createRoute({
    ...parent,
    path: '/investors/$id/registration-form',
    beforeLoad: show,
    component: pageWith(InvestorPage, { tab: 'registration-form' }),
  }),
  createRoute({ ...parent, path: '/investors/$id/fact-find', beforeLoad: show, component: pageWith(InvestorPage, { tab: 'fact-find' }) }),
  createRoute({
    ...parent,
    path: '/investors/$id/risk-profile',
    beforeLoad: show,
    component: pageWith(InvestorPage, { tab: 'risk-profile' }),
  }),
  createRoute({
    ...parent,
    path: '/investors/$id/investor-consent',
    beforeLoad: show,
    component: pageWith(InvestorPage, { tab: 'investor-consent' }),
  }),
  createRoute({
    ...parent,
    path: '/investors/$id/investment-documents',
    beforeLoad: requirePermission('onboarding_documents', 'index'),
    component: pageWith(InvestorPage, { tab: 'investment-documents' }),
  }),
  createRoute({
    ...parent,
    path: '/investors/$id/sign-pdf/$documentId',
    beforeLoad: requirePermission('investors', 'update'),
    component: lazyPage(() => import('./components/sign-pdf-page'), 'SignPdfPage'),
  }),
];
