import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { adminRoute, requirePermission } from '../../app/routes/base';
import type { OpportunitiesSearch } from './components/opportunities-list-page';
import { searchText } from '../../app/search-text';
import { listPaging } from '../../app/use-list-page';

/** Staff pages of live opportunities and existing investments (spec §2.2). */
const listSearch = (search: Record<string, unknown>): OpportunitiesSearch => ({
  ...listPaging(search),
  ...(typeof search.sort === 'string' && search.sort ? { sort: search.sort } : {}),
  ...(searchText(search.search) ? { search: searchText(search.search) } : {}),
  // The router reads ?status=2 as the number 2.
  ...(/^[1-6]$/.test(String(search.status)) ? { status: String(search.status) } : {}),
});

const ListPage = lazyRouteComponent(() => import('./components/opportunities-list-page'), 'OpportunitiesListPage');
const DetailsPage = lazyRouteComponent(() => import('./components/opportunity-details-page'), 'OpportunityDetailsPage');

const parent = { getParentRoute: () => adminRoute };

export const opportunityAdminRoutes = [
  createRoute({
    ...parent,
    path: '/investments/opportunities',
    validateSearch: listSearch,
    beforeLoad: requirePermission('live_opportunities', 'index'),
    component: () => <ListPage group="live" />,
  }),
  createRoute({
    ...parent,
    path: '/investments/opportunities/new-opportunity',
    beforeLoad: requirePermission('live_opportunities', 'create'),
    component: lazyRouteComponent(() => import('./components/opportunity-form-page'), 'NewOpportunityPage'),
  }),
  createRoute({
    ...parent,
    path: '/investments/opportunities/$id/edit',
    beforeLoad: requirePermission('live_opportunities', 'update'),
    component: lazyRouteComponent(() => import('./components/opportunity-form-page'), 'EditOpportunityPage'),
  }),
  createRoute({
    ...parent,
    path: '/investments/opportunities/$id/details',
    beforeLoad: requirePermission('live_opportunities', 'show'),
    component: () => <DetailsPage tab="details" />,
  }),
  createRoute({
    ...parent,
    path: '/investments/opportunities/$id/key-information',
    beforeLoad: requirePermission('live_opportunities', 'show'),
    component: () => <DetailsPage tab="key-information" />,
  }),
  createRoute({
    ...parent,
    path: '/investments/opportunities/$id/transactions',
    beforeLoad: requirePermission('live_opportunities', 'show'),
    component: () => <DetailsPage tab="transactions" />,
  }),
  createRoute({
    ...parent,
    path: '/investments/opportunities/$id/invitations',
    beforeLoad: requirePermission('live_opportunities', 'show'),
    component: () => <DetailsPage tab="invitations" />,
  }),
  createRoute({
    ...parent,
    path: '/investments/opportunities/$id/discussions',
    beforeLoad: requirePermission('live_opportunities', 'show'),
    component: () => <DetailsPage tab="discussions" />,
  }),
  createRoute({
    ...parent,
    path: '/investments/opportunities/$id/documents',
    beforeLoad: requirePermission('live_opportunities', 'show'),
    component: () => <DetailsPage tab="documents" />,
  }),
  createRoute({
    ...parent,
    path: '/investments/opportunities/$id/terms',
    beforeLoad: requirePermission('live_opportunities', 'show'),
    component: () => <DetailsPage tab="terms" />,
  }),
  createRoute({
    ...parent,
    path: '/investments/opportunities/$id/perks',
    beforeLoad: requirePermission('live_opportunities', 'show'),
    component: () => <DetailsPage tab="perks" />,
  }),
  createRoute({
    ...parent,
    path: '/investments/opportunities/$id/notes-calls-tasks',
    beforeLoad: requirePermission('live_opportunities', 'show'),
    component: () => <DetailsPage tab="notes-calls-tasks" />,
  }),
  createRoute({
    ...parent,
    path: '/investments/opportunities/$id/details/preview',
    beforeLoad: requirePermission('live_opportunities', 'show'),
    component: lazyRouteComponent(() => import('./components/opportunity-details-page'), 'OpportunityPreviewPage'),
  }),
  createRoute({
    ...parent,
    path: '/investments/existing',
    validateSearch: listSearch,
    beforeLoad: requirePermission('existing_opportunities', 'index'),
    component: () => <ListPage group="existing" />,
  }),
  createRoute({
    ...parent,
    path: '/investments/existing/new-existing',
    beforeLoad: requirePermission('existing_opportunities', 'create'),
    component: lazyRouteComponent(() => import('./components/opportunity-form-page'), 'NewExistingInvestmentPage'),
  }),
  createRoute({
    ...parent,
    path: '/investments/existing/$id/details',
    beforeLoad: requirePermission('existing_opportunities', 'show'),
    component: () => <DetailsPage tab="details" existing />,
  }),
  createRoute({
    ...parent,
    path: '/investments/existing/$id/key-information',
    beforeLoad: requirePermission('existing_opportunities', 'show'),
    component: () => <DetailsPage tab="key-information" existing />,
  }),
  createRoute({
    ...parent,
    path: '/investments/existing/$id/performance',
    beforeLoad: requirePermission('existing_opportunities', 'show'),
    component: () => <DetailsPage tab="performance" existing />,
  }),
  createRoute({
    ...parent,
    path: '/investments/existing/$id/discussions',
    beforeLoad: requirePermission('existing_opportunities', 'show'),
    component: () => <DetailsPage tab="discussions" existing />,
  }),
  createRoute({
    ...parent,
    path: '/investments/existing/$id/documents',
    beforeLoad: requirePermission('existing_opportunities', 'show'),
    component: () => <DetailsPage tab="documents" existing />,
  }),
  createRoute({
    ...parent,
    path: '/investments/existing/$id/terms',
    beforeLoad: requirePermission('existing_opportunities', 'show'),
    component: () => <DetailsPage tab="terms" existing />,
  }),
  createRoute({
    ...parent,
    path: '/investments/existing/$id/perks',
    beforeLoad: requirePermission('existing_opportunities', 'show'),
    component: () => <DetailsPage tab="perks" existing />,
  }),
  createRoute({
    ...parent,
    path: '/investments/existing/$id/notes-calls-tasks',
    beforeLoad: requirePermission('existing_opportunities', 'show'),
    component: () => <DetailsPage tab="notes-calls-tasks" existing />,
  }),
  createRoute({
    ...parent,
    path: '/investments/existing/$id/cap-table',
    beforeLoad: requirePermission('existing_opportunities', 'show'),
    component: () => <DetailsPage tab="cap-table" existing />,
  }),
  createRoute({
    ...parent,
    path: '/investments/existing/$id/cap-table-performance',
    beforeLoad: requirePermission('existing_opportunities', 'show'),
    component: () => <DetailsPage tab="cap-table-performance" existing />,
  }),
  createRoute({
    ...parent,
    path: '/investments/existing/$id/pre-emption',
    beforeLoad: requirePermission('existing_opportunities', 'show'),
    component: () => <DetailsPage tab="pre-emption" existing />,
  }),
  createRoute({
    ...parent,
    path: '/investments/existing/$id/tax-relief',
    beforeLoad: requirePermission('existing_opportunities', 'show'),
    component: () => <DetailsPage tab="tax-relief" existing />,
  }),
  createRoute({
    ...parent,
    path: '/investments/existing/$id/kpis',
    beforeLoad: requirePermission('existing_opportunities', 'show'),
    component: () => <DetailsPage tab="kpis" existing />,
  }),
  createRoute({
    ...parent,
    path: '/investments/existing/$id/transactions',
    beforeLoad: requirePermission('existing_opportunities', 'show'),
    component: () => <DetailsPage tab="transactions" existing />,
  }),
];
