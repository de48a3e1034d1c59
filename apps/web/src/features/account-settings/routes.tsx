import { createRoute, notFound } from '@tanstack/react-router';
import { TERM_GROUPS } from '@platform/domain';
import { adminRoute, requirePermission } from '../../app/routes/base';
import { lazyPage } from '../../app/page-code';

/** Settings › Account (spec §2.2): branding, User Management and features. */
const parent = { getParentRoute: () => adminRoute };

export const accountSettingsRoutes = [
  createRoute({
    ...parent,
    path: '/settings/account',
    beforeLoad: requirePermission('settings_branding', 'show'),
    component: lazyPage(() => import('./components/branding-page'), 'BrandingPage'),
  }),
  createRoute({
    ...parent,
    path: '/settings/account/admin-accounts',
    beforeLoad: requirePermission('settings_users', 'index'),
    component: lazyPage(() => import('./components/admin-accounts-page'), 'AdminAccountsPage'),
  }),
  createRoute({
    ...parent,
    path: '/settings/account/features',
    beforeLoad: requirePermission('settings_features', 'index'),
    component: lazyPage(() => import('./components/features-page'), 'FeaturesPage'),
  }),
  createRoute({
    ...parent,
    path: '/settings/terminology',
    beforeLoad: requirePermission('settings_branding', 'update'),
    component: lazyPage(() => import('./components/terminology-page'), 'TerminologyPage'),
  }),
  createRoute({
    ...parent,
    path: '/settings/terminology/$group',
    beforeLoad: requirePermission('settings_branding', 'update'),
    loader: ({ params }) => {
      if (!TERM_GROUPS.some((g) => g.slug === params.group)) throw notFound();
    },
    component: lazyPage(() => import('./components/terminology-page'), 'TerminologyPage'),
  }),
];
