import { createRoute } from '@tanstack/react-router';
import { adminRoute } from '../../app/routes/base';
import { requireHolderAccess } from '../holders';
import { holderListSearch } from '../holders';
import { applicationsSearch } from './applications-search';
import { lazyPage, pageWith } from '../../app/page-code';

/** Staff pages of organisations and, while organisation links are enabled, applications (spec §2.2). */
const parent = { getParentRoute: () => adminRoute };
type Pages = typeof import('./components/organisation-pages');
const page = (name: 'OrganisationsListPage' | 'NewOrganisationPage' | 'EditOrganisationPage') =>
  lazyPage(() => import('./components/organisation-pages'), name);
const OrganisationPage = lazyPage<Pages, 'OrganisationPage'>(() => import('./components/organisation-pages'), 'OrganisationPage');
const BASE = '/investors/organisations';
const APPLICATIONS = '/investors/organisation-applications';

export const organisationRoutes = [
  createRoute({
    ...parent,
    path: BASE,
    validateSearch: holderListSearch,
    beforeLoad: requireHolderAccess('index'),
    component: page('OrganisationsListPage'),
  }),
  createRoute({
    ...parent,
    path: `${BASE}/new-organisation`,
    beforeLoad: requireHolderAccess('create'),
    component: page('NewOrganisationPage'),
  }),
  createRoute({
    ...parent,
    path: `${BASE}/$id/details`,
    beforeLoad: requireHolderAccess('show'),
    component: pageWith(OrganisationPage, { tab: 'details' }),
  }),
  createRoute({
    ...parent,
    path: `${BASE}/$id/transactions`,
    beforeLoad: requireHolderAccess('show'),
    component: pageWith(OrganisationPage, { tab: 'transactions' }),
  }),
  createRoute({
    ...parent,
    path: `${BASE}/$id/notes-calls-tasks`,
    beforeLoad: requireHolderAccess('show'),
    component: pageWith(OrganisationPage, { tab: 'notes-calls-tasks' }),
  }),
  createRoute({ ...parent, path: `${BASE}/$id/edit`, beforeLoad: requireHolderAccess('update'), component: page('EditOrganisationPage') }),
  createRoute({
    ...parent,
    path: APPLICATIONS,
    validateSearch: applicationsSearch,
    beforeLoad: requireHolderAccess('index', 'enableOrganisationLinks'),
    component: lazyPage(() => import('./components/applications-list-page'), 'ApplicationsListPage'),
  }),
  createRoute({
    ...parent,
    path: `${APPLICATIONS}/$id/details`,
    beforeLoad: requireHolderAccess('show', 'enableOrganisationLinks'),
    component: lazyPage(() => import('./components/application-page'), 'ApplicationPage'),
  }),
];
