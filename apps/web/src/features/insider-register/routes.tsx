import { createRoute } from '@tanstack/react-router';
import { adminRoute, requirePermission } from '../../app/routes/base';
import { paDealsSearch, registerSearch } from './components/register-search';
import { lazyPage } from '../../app/page-code';

/**
 * The insider register (spec §2.2): the register itself and PA deals. Access per decision 0004; PA
 * deal requests are open to any staff member, who sees only their own (docs/decisions/0025).
 */
const parent = { getParentRoute: () => adminRoute };

export const insiderRegisterRoutes = [
  createRoute({
    ...parent,
    path: '/insider-register',
    validateSearch: registerSearch,
    beforeLoad: requirePermission('insider_register', 'index'),
    component: lazyPage(() => import('./components/insider-register-page'), 'InsiderRegisterPage'),
  }),
  createRoute({
    ...parent,
    path: '/insider-register/pa-deals',
    validateSearch: paDealsSearch,
    component: lazyPage(() => import('./components/pa-deals-page'), 'PaDealsPage'),
  }),
  createRoute({
    ...parent,
    path: '/insider-register/pa-deals/create',
    component: lazyPage(() => import('./components/pa-deal-form-page'), 'PaDealFormPage'),
  }),
];
