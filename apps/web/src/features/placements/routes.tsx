import { createRoute } from '@tanstack/react-router';
import { adminRoute, investorRoute, requirePermission } from '../../app/routes/base';
import { lazyPage } from '../../app/page-code';

/** Soft-circling deals (decision 0062): the investor's page of one placement, and the intent terms in Settings › Investor. */
export const placementInvestorRoutes = [
  createRoute({
    getParentRoute: () => investorRoute,
    path: '/investments/placements/$id',
    component: lazyPage(() => import('./components/placement-page'), 'PlacementPage'),
  }),
];

export const placementAdminRoutes = [
  createRoute({
    getParentRoute: () => adminRoute,
    path: '/settings/investor/intent-terms',
    beforeLoad: requirePermission('settings_investor_type', 'show'),
    component: lazyPage(() => import('./components/intent-terms-page'), 'IntentTermsSettingsPage'),
  }),
];
