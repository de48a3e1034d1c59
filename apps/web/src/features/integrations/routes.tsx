import { createRoute } from '@tanstack/react-router';
import { adminRoute, requirePermission } from '../../app/routes/base';
import { lazyPage } from '../../app/page-code';

/** Settings › API tokens and Triggers (decision 0066). */
const parent = { getParentRoute: () => adminRoute };

export const integrationRoutes = [
  createRoute({
    ...parent,
    path: '/settings/integrations/api-tokens',
    beforeLoad: requirePermission('settings_integrations', 'index'),
    component: lazyPage(() => import('./components/api-tokens-page'), 'ApiTokensPage'),
  }),
  createRoute({
    ...parent,
    path: '/settings/integrations/triggers',
    beforeLoad: requirePermission('settings_integrations', 'index'),
    component: lazyPage(() => import('./components/triggers-page'), 'TriggersPage'),
  }),
  createRoute({
    ...parent,
    path: '/settings/integrations/triggers/$triggerId/deliveries',
    beforeLoad: requirePermission('settings_integrations', 'show'),
    component: lazyPage(() => import('./components/trigger-deliveries-page'), 'TriggerDeliveriesPage'),
  }),
];
