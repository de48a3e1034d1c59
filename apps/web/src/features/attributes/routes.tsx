import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { adminRoute, requirePermission } from '../../app/routes/base';

/** Settings › Custom Attributes (spec §2.2): attributes and attributes/configure/{id}. */
const parent = { getParentRoute: () => adminRoute };

export const attributeSettingsRoutes = [
  createRoute({
    ...parent,
    path: '/settings/attributes',
    validateSearch: (search: Record<string, unknown>): { for?: 'contact' } => (search.for === 'contact' ? { for: 'contact' } : {}),
    beforeLoad: requirePermission('settings_attributes', 'index'),
    component: lazyRouteComponent(() => import('./components/attributes-page'), 'AttributesPage'),
  }),
  createRoute({
    ...parent,
    path: '/settings/attributes/configure/$id',
    beforeLoad: requirePermission('settings_attributes', 'update'),
    component: lazyRouteComponent(() => import('./components/configure-attribute-page'), 'ConfigureAttributePage'),
  }),
];
