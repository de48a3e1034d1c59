import { createRoute } from '@tanstack/react-router';
import { adminRoute } from '../../app/routes/base';
import { requireHolderAccess } from '../holders';
import { holderListSearch } from '../holders';
import { lazyPage, pageWith } from '../../app/page-code';

/** Staff pages of alternative investment methods (spec §2.2). */
const parent = { getParentRoute: () => adminRoute };
type Pages = typeof import('./components/method-pages');
const page = (name: 'MethodsListPage' | 'NewMethodPage' | 'EditMethodPage') => lazyPage(() => import('./components/method-pages'), name);
const MethodPage = lazyPage<Pages, 'MethodPage'>(() => import('./components/method-pages'), 'MethodPage');
const BASE = '/investors/investment-methods';

export const investmentMethodRoutes = [
  createRoute({
    ...parent,
    path: BASE,
    validateSearch: holderListSearch,
    beforeLoad: requireHolderAccess('index'),
    component: page('MethodsListPage'),
  }),
  createRoute({ ...parent, path: `${BASE}/new-method`, beforeLoad: requireHolderAccess('create'), component: page('NewMethodPage') }),
  createRoute({
    ...parent,
    path: `${BASE}/$id/details`,
    beforeLoad: requireHolderAccess('show'),
    component: pageWith(MethodPage, { tab: 'details' }),
  }),
  createRoute({
    ...parent,
    path: `${BASE}/$id/transactions`,
    beforeLoad: requireHolderAccess('show'),
    component: pageWith(MethodPage, { tab: 'transactions' }),
  }),
  createRoute({
    ...parent,
    path: `${BASE}/$id/notes-calls-tasks`,
    beforeLoad: requireHolderAccess('show'),
    component: pageWith(MethodPage, { tab: 'notes-calls-tasks' }),
  }),
  createRoute({ ...parent, path: `${BASE}/$id/edit`, beforeLoad: requireHolderAccess('update'), component: page('EditMethodPage') }),
];
