import { createRoute } from '@tanstack/react-router';
import { adminRoute, requirePermission } from '../../app/routes/base';
import type { OpportunitiesSearch } from './components/opportunities-list-page';
import { searchText } from '../../app/search-text';
import { listPaging } from '../../app/use-list-page';
import { lazyPage, pageWith } from '../../app/page-code';

/** Staff pages of live opportunities and existing investments (spec §2.2). */
const listSearch = (search: Record<string, unknown>): OpportunitiesSearch => ({
  ...listPaging(search),
  ...(typeof search.sort === 'string' && search.sort ? { sort: search.sort } : {}),
  ...(searchText(search.search) ? { search: searchText(search.search) } : {}),
  // The router reads ?status=2 as the number 2.
  ...(/^[1-6]$/.test(String(search.status)) ? { status: String(search.status) } : {}),
});

const ListPage = lazyPage(() => import('./components/opportunities-list-page'), 'OpportunitiesListPage');
const DetailsPage = lazyPage(() => import('./components/opportunity-details-page'), 'OpportunityDetailsPage');

const parent = { getParentRoute: () => adminRoute };

export const opportunityAdminRoutes = [
  createRoute({
    ...parent,
    path: '/investments/opportunities',
    validateSearch: listSearch,
    beforeLoad: requirePermission('live_opportunities', 'index'),
    component: pageWith(ListPage, { group: 'live' }),
  }),
  createRoute({
    ...parent,
    path: '/investments/opportunities/new-opportunity',
    beforeLoad: requirePermission('live_opportunities', 'create'),
    component: lazyPage(() => import('./components/opportunity-form-page'), 'NewOpportunityPage'),
  }),
  createRoute({
    ...parent,
    path: '/investments/opportunities/$id/edit',
    beforeLoad: requirePermission('live_opportunities', 'update'),
    component: lazyPage(() => import('./components/opportunity-form-page'), 'EditOpportunityPage'),
  }),
  createRoute({
    ...parent,
    path: '/investments/opportunities/$id/details',
    beforeLoad: requirePermission('live_opportunities', 'show'),
    component: pageWith(DetailsPage, { tab: 'details' }),
  }),
  createRoute({
    ...parent,
    path: '/investments/opportunities/$id/key-information',
    beforeLoad: requirePermission('live_opportunities', 'show'),
    component: pageWith(DetailsPage, { tab: 'key-information' }),
  }),
  createRoute({
    ...parent,
    path: '/investments/opportunities/$id/transactions',
    beforeLoad: requirePermission('live_opportunities', 'show'),
    component: pageWith(DetailsPage, { tab: 'transactions' }),
  }),
  createRoute({
    ...parent,
    path: '/investments/opportunities/$id/invitations',
    beforeLoad: requirePermission('live_opportunities', 'show'),
    component: pageWith(DetailsPage, { tab: 'invitations' }),
  }),
  createRoute({
    ...parent,
    path: '/investments/opportunities/$id/discussions',
    beforeLoad: requirePermission('live_opportunities', 'show'),
    component: pageWith(DetailsPage, { tab: 'discussions' }),
  }),
  createRoute({
    ...parent,
    path: '/investments/opportunities/$id/documents',
    beforeLoad: requirePermission('live_opportunities', 'show'),
    component: pageWith(DetailsPage, { tab: 'documents' }),
  }),
  createRoute({
    ...parent,
    path: '/investments/opportunities/$id/terms',
    beforeLoad: requirePermission('live_opportunities', 'show'),
    component: pageWith(DetailsPage, { tab: 'terms' }),
  }),
  createRoute({
    ...parent,
    path: '/investments/opportunities/$id/perks',
    beforeLoad: requirePermission('live_opportunities', 'show'),
    component: pageWith(DetailsPage, { tab: 'perks' }),
  }),
  createRoute({
    ...parent,
    path: '/investments/opportunities/$id/notes-calls-tasks',
    beforeLoad: requirePermission('live_opportunities', 'show'),
    component: pageWith(DetailsPage, { tab: 'notes-calls-tasks' }),
  }),
  createRoute({
    ...parent,
    path: '/investments/opportunities/$id/details/preview',
    beforeLoad: requirePermission('live_opportunities', 'show'),
    component: lazyPage(() => import('./components/opportunity-details-page'), 'OpportunityPreviewPage'),
  }),
  createRoute({
    ...parent,
    path: '/investments/existing',
    validateSearch: listSearch,
    beforeLoad: requirePermission('existing_opportunities', 'index'),
    component: pageWith(ListPage, { group: 'existing' }),
  }),
  createRoute({
    ...parent,
    path: '/investments/existing/new-existing',
    beforeLoad: requirePermission('existing_opportunities', 'create'),
    component: lazyPage(() => import('./components/opportunity-form-page'), 'NewExistingInvestmentPage'),
  }),
  createRoute({
    ...parent,
    path: '/investments/existing/$id/details',
    beforeLoad: requirePermission('existing_opportunities', 'show'),
    component: pageWith(DetailsPage, { tab: 'details', existing: true }),
  }),
  createRoute({
    ...parent,
    path: '/investments/existing/$id/key-information',
    beforeLoad: requirePermission('existing_opportunities', 'show'),
    component: pageWith(DetailsPage, { tab: 'key-information', existing: true }),
  }),
  createRoute({
    ...parent,
    path: '/investments/existing/$id/performance',
    beforeLoad: requirePermission('existing_opportunities', 'show'),
    component: pageWith(DetailsPage, { tab: 'performance', existing: true }),
  }),
  createRoute({
    ...parent,
    path: '/investments/existing/$id/discussions',
    beforeLoad: requirePermission('existing_opportunities', 'show'),
    component: pageWith(DetailsPage, { tab: 'discussions', existing: true }),
  }),
  createRoute({
    ...parent,
    path: '/investments/existing/$id/documents',
    beforeLoad: requirePermission('existing_opportunities', 'show'),
    component: pageWith(DetailsPage, { tab: 'documents', existing: true }),
  }),
  createRoute({
    ...parent,
    path: '/investments/existing/$id/terms',
    beforeLoad: requirePermission('existing_opportunities', 'show'),
    component: pageWith(DetailsPage, { tab: 'terms', existing: true }),
  }),
  createRoute({
    ...parent,
    path: '/investments/existing/$id/perks',
    beforeLoad: requirePermission('existing_opportunities', 'show'),
    component: pageWith(DetailsPage, { tab: 'perks', existing: true }),
  }),
  createRoute({
    ...parent,
    path: '/investments/existing/$id/notes-calls-tasks',
    beforeLoad: requirePermission('existing_opportunities', 'show'),
    component: pageWith(DetailsPage, { tab: 'notes-calls-tasks', existing: true }),
  }),
  createRoute({
    ...parent,
    path: '/investments/existing/$id/cap-table',
    beforeLoad: requirePermission('existing_opportunities', 'show'),
    component: pageWith(DetailsPage, { tab: 'cap-table', existing: true }),
  }),
  createRoute({
    ...parent,
    path: '/investments/existing/$id/cap-table-performance',
    beforeLoad: requirePermission('existing_opportunities', 'show'),
    component: pageWith(DetailsPage, { tab: 'cap-table-performance', existing: true }),
  }),
  createRoute({
    ...parent,
    path: '/investments/existing/$id/pre-emption',
    beforeLoad: requirePermission('existing_opportunities', 'show'),
    component: pageWith(DetailsPage, { tab: 'pre-emption', existing: true }),
  }),
  createRoute({
    ...parent,
    path: '/investments/existing/$id/tax-relief',
    beforeLoad: requirePermission('existing_opportunities', 'show'),
    component: pageWith(DetailsPage, { tab: 'tax-relief', existing: true }),
  }),
  createRoute({
    ...parent,
    path: '/investments/existing/$id/kpis',
    beforeLoad: requirePermission('existing_opportunities', 'show'),
    component: pageWith(DetailsPage, { tab: 'kpis', existing: true }),
  }),
  createRoute({
    ...parent,
    path: '/investments/existing/$id/transactions',
    beforeLoad: requirePermission('existing_opportunities', 'show'),
    component: pageWith(DetailsPage, { tab: 'transactions', existing: true }),
  }),
];
