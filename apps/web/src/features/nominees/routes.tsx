import { createRoute, redirect } from '@tanstack/react-router';
import { adminRoute } from '../../app/routes/base';
import { requireHolderAccess } from '../holders';
import { holderListSearch } from '../holders';
import { lazyPage, pageWith } from '../../app/page-code';

/** Staff pages of nominees (spec §2.2), there only while nominees are enabled. */
const parent = { getParentRoute: () => adminRoute };
type Pages = typeof import('./components/nominee-pages');
const page = (name: 'NomineesListPage' | 'NewNomineePage' | 'EditNomineePage') =>
  lazyPage(() => import('./components/nominee-pages'), name);
const NomineePage = lazyPage<Pages, 'NomineePage'>(() => import('./components/nominee-pages'), 'NomineePage');
const on = (action: 'index' | 'show' | 'create' | 'update') => requireHolderAccess(action, 'enableNominee');

export const nomineeRoutes = [
  createRoute({
    ...parent,
    path: '/investors/nominees',
    validateSearch: holderListSearch,
    beforeLoad: on('index'),
    component: page('NomineesListPage'),
  }),
  createRoute({ ...parent, path: '/investors/nominees/new-nominee', beforeLoad: on('create'), component: page('NewNomineePage') }),
  createRoute({
    ...parent,
    path: '/investors/nominees/$id',
    beforeLoad: ({ params }) => {
      throw redirect({ to: `/admin/investors/nominees/${params.id}/transactions` });
    },
  }),
  createRoute({
    ...parent,
    path: '/investors/nominees/$id/transactions',
    beforeLoad: on('show'),
    component: pageWith(NomineePage, { tab: 'transactions' }),
  }),
  createRoute({
    ...parent,
    path: '/investors/nominees/$id/notes-calls-tasks',
    beforeLoad: on('show'),
    component: pageWith(NomineePage, { tab: 'notes-calls-tasks' }),
  }),
  createRoute({ ...parent, path: '/investors/nominees/$id/edit', beforeLoad: on('update'), component: page('EditNomineePage') }),
];
