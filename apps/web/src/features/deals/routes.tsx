import { createRoute } from '@tanstack/react-router';
import { adminRoute, requirePermission } from '../../app/routes/base';
import { dealsSearch } from './components/deals-search';
import { lazyPage, pageWith } from '../../app/page-code';

/** Staff pages of the deal flow (spec §2.2 Deals). */
const parent = { getParentRoute: () => adminRoute };
const DealPage = lazyPage(() => import('./components/deal-page'), 'DealPage');

export const dealRoutes = [
  createRoute({
    ...parent,
    path: '/investments/deals',
    validateSearch: dealsSearch,
    beforeLoad: requirePermission('deals', 'index'),
    component: lazyPage(() => import('./components/deals-page'), 'DealsPage'),
  }),
  createRoute({
    ...parent,
    path: '/investments/deals/new-deal',
    validateSearch: (search: Record<string, unknown>): { pipeline?: number } =>
      Number(search.pipeline) > 0 ? { pipeline: Number(search.pipeline) } : {},
    beforeLoad: requirePermission('deals', 'create'),
    component: lazyPage(() => import('./components/deal-form-page'), 'NewDealPage'),
  }),
  createRoute({
    ...parent,
    path: '/investments/deals/$id/edit',
    beforeLoad: requirePermission('deals', 'update'),
    component: lazyPage(() => import('./components/deal-form-page'), 'EditDealPage'),
  }),
  createRoute({
    ...parent,
    path: '/investments/deals/$id/performance',
    beforeLoad: requirePermission('deals', 'show'),
    component: pageWith(DealPage, { tab: 'performance' }),
  }),
  createRoute({
    ...parent,
    path: '/investments/deals/$id/key-information',
    beforeLoad: requirePermission('deals', 'show'),
    component: pageWith(DealPage, { tab: 'key-information' }),
  }),
  createRoute({
    ...parent,
    path: '/investments/deals/$id/placement',
    beforeLoad: requirePermission('deals', 'show'),
    component: pageWith(DealPage, { tab: 'placement' }),
  }),
  createRoute({
    ...parent,
    path: '/investments/deals/$id/notes-calls-tasks',
    beforeLoad: requirePermission('deals', 'show'),
    component: pageWith(DealPage, { tab: 'notes-calls-tasks' }),
  }),
];
