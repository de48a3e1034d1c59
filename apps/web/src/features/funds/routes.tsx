import { createRoute, notFound } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { can, type Action, type ClientFlagName } from '@platform/domain';
import { adminRoute, loadSession } from '../../app/routes/base';
import { fundsSearch } from './components/funds-search';
import { lazyPage, pageWith } from '../../app/page-code';

/**
 * Staff pages of funds (spec §2.2 Funds). The whole area exists only with `enableFunds`: with it
 * off, or without the permission, a page is the not-found page, as the API answers 404 (decision 0009).
 * A tab behind a flag of its own (`also`) is the not-found page while that flag is off (decision 0052).
 */
function requireFunds(action: Action, also?: ClientFlagName) {
  return async ({ context }: { context: { queryClient: QueryClient } }) => {
    const { user, flags } = await loadSession(context.queryClient);
    if (user && (!flags.enableFunds || (also && !flags[also]) || !can(user.role_id, 'funds', action))) throw notFound();
  };
}

const parent = { getParentRoute: () => adminRoute };
const FundPage = lazyPage(() => import('./components/fund-page'), 'FundPage');
const show = requireFunds('show');

export const fundRoutes = [
  createRoute({
    ...parent,
    path: '/funds',
    validateSearch: fundsSearch,
    beforeLoad: requireFunds('index'),
    component: lazyPage(() => import('./components/funds-list-page'), 'FundsListPage'),
  }),
  createRoute({
    ...parent,
    path: '/funds/new-fund',
    beforeLoad: requireFunds('create'),
    component: lazyPage(() => import('./components/fund-form-page'), 'NewFundPage'),
  }),
  createRoute({
    ...parent,
    path: '/funds/$id/edit',
    beforeLoad: requireFunds('update'),
    component: lazyPage(() => import('./components/fund-form-page'), 'EditFundPage'),
  }),
  createRoute({ ...parent, path: '/funds/$id/details', beforeLoad: show, component: pageWith(FundPage, { tab: 'details' }) }),
  createRoute({ ...parent, path: '/funds/$id/transactions', beforeLoad: show, component: pageWith(FundPage, { tab: 'transactions' }) }),
  createRoute({ ...parent, path: '/funds/$id/portfolio', beforeLoad: show, component: pageWith(FundPage, { tab: 'portfolio' }) }),
  createRoute({
    ...parent,
    path: '/funds/$id/notes-calls-tasks',
    beforeLoad: show,
    component: pageWith(FundPage, { tab: 'notes-calls-tasks' }),
  }),
  createRoute({
    ...parent,
    path: '/funds/$id/portfolio-analysis',
    beforeLoad: requireFunds('show', 'enablePortfolioAnalysis'),
    component: pageWith(FundPage, { tab: 'portfolio-analysis' }),
  }),
  createRoute({ ...parent, path: '/funds/$id/kpis', beforeLoad: show, component: pageWith(FundPage, { tab: 'kpis' }) }),
];
