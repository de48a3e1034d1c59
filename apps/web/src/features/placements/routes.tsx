import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { adminRoute, investorRoute, requirePermission } from '../../app/routes/base';

/** Soft-circling deals (decision 0062): the investor's page of one placement, and the intent terms in Settings › Investor. */
export const placementInvestorRoutes = [
  createRoute({
    getParentRoute: () => investorRoute,
    path: '/investments/placements/$id',
    component: lazyRouteComponent(() => import('./components/placement-page'), 'PlacementPage'),
  }),
];

export const placementAdminRoutes = [
  createRoute({
    getParentRoute: () => adminRoute,
    path: '/settings/investor/intent-terms',
    beforeLoad: requirePermission('settings_investor_type', 'show'),
    component: lazyRouteComponent(() => import('./components/intent-terms-page'), 'IntentTermsSettingsPage'),
  }),
];
