import { createRoute } from '@tanstack/react-router';
import { adminRoute, requirePermission } from '../../app/routes/base';
import { lazyPage } from '../../app/page-code';

/** Settings › Custom Attributes (spec §2.2): attributes and attributes/configure/{id}. */
const parent = { getParentRoute: () => adminRoute };

export const attributeSettingsRoutes = [
  createRoute({
    ...parent,
    path: '/settings/attributes',
    validateSearch: (search: Record<string, unknown>): { for?: 'contact' } => (search.for === 'contact' ? { for: 'contact' } : {}),
    beforeLoad: requirePermission('settings_attributes', 'index'),
    component: lazyPage(() => import('./components/attributes-page'), 'AttributesPage'),
  }),
  createRoute({
    ...parent,
    path: '/settings/attributes/configure/$id',
    beforeLoad: requirePermission('settings_attributes', 'update'),
    component: lazyPage(() => import('./components/configure-attribute-page'), 'ConfigureAttributePage'),
  }),
];
