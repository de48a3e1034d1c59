import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { LOOKUP_LIST_NAMES, LOOKUP_LISTS } from '@platform/domain';
import { adminRoute, requirePermission } from '../../app/routes/base';

const LookupSettingsPage = lazyRouteComponent(() => import('./components/lookup-settings-page'), 'LookupSettingsPage');

/** /admin/settings/<list>: one settings page per lookup list (spec §2.2; decision 0027). */
export const lookupAdminRoutes = LOOKUP_LIST_NAMES.map((list) =>
  createRoute({
    getParentRoute: () => adminRoute,
    path: `/settings/${list}`,
    beforeLoad: requirePermission(LOOKUP_LISTS[list].event, 'index'),
    component: () => <LookupSettingsPage list={list} />,
  }),
);
