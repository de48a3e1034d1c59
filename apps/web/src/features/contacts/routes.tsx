import { createRoute } from '@tanstack/react-router';
import { adminRoute, requirePermission } from '../../app/routes/base';
import { contactsSearch } from './components/contacts-search';
import { lazyPage, pageWith } from '../../app/page-code';

/** Staff pages of contacts (leads, spec §2.2 Contacts) and the lead status settings. */
const parent = { getParentRoute: () => adminRoute };
const ContactPage = lazyPage(() => import('./components/contact-page'), 'ContactPage');
const show = requirePermission('investors', 'show');

export const contactRoutes = [
  createRoute({
    ...parent,
    path: '/investors/contacts',
    validateSearch: contactsSearch,
    beforeLoad: requirePermission('investors', 'index'),
    component: lazyPage(() => import('./components/contacts-list-page'), 'ContactsListPage'),
  }),
  createRoute({
    ...parent,
    path: '/investors/contacts/new-contact',
    beforeLoad: requirePermission('investors', 'create'),
    component: lazyPage(() => import('./components/contact-form-page'), 'NewContactPage'),
  }),
  createRoute({
    ...parent,
    path: '/investors/contacts/$id/edit',
    beforeLoad: requirePermission('investors', 'update'),
    component: lazyPage(() => import('./components/contact-form-page'), 'EditContactPage'),
  }),
  createRoute({
    ...parent,
    path: '/investors/contacts/$id/details',
    beforeLoad: show,
    component: pageWith(ContactPage, { tab: 'details' }),
  }),
  createRoute({
    ...parent,
    path: '/investors/contacts/$id/documents',
    beforeLoad: show,
    component: pageWith(ContactPage, { tab: 'documents' }),
  }),
  createRoute({
    ...parent,
    path: '/investors/contacts/$id/notes-calls-tasks',
    beforeLoad: show,
    component: pageWith(ContactPage, { tab: 'notes-calls-tasks' }),
  }),
  createRoute({
    ...parent,
    path: '/investors/contacts/$id/category',
    beforeLoad: show,
    component: pageWith(ContactPage, { tab: 'category' }),
  }),
  createRoute({
    ...parent,
    path: '/investors/contacts/$id/registration-form',
    beforeLoad: show,
    component: pageWith(ContactPage, { tab: 'registration-form' }),
  }),
  createRoute({
    ...parent,
    path: '/investors/contacts/$id/fact-find',
    beforeLoad: show,
    component: pageWith(ContactPage, { tab: 'fact-find' }),
  }),
  createRoute({
    ...parent,
    path: '/investors/contacts/$id/risk-profile',
    beforeLoad: show,
    component: pageWith(ContactPage, { tab: 'risk-profile' }),
  }),
  createRoute({
    ...parent,
    path: '/settings/investor/lead-status',
    beforeLoad: requirePermission('settings_investor_type', 'index'),
    component: lazyPage(() => import('./components/lead-statuses-page'), 'LeadStatusesPage'),
  }),
];
