import { createRoute, notFound } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { FEATURE_FLAGS, LOOKUP_LIST_NAMES, LOOKUP_LISTS, type LookupListName, lookupListFlag } from '@platform/domain';
import { adminRoute, loadSession, requirePermission } from '../../app/routes/base';
import { lazyPage, pageWith } from '../../app/page-code';

const LookupSettingsPage = lazyPage(() => import('./components/lookup-settings-page'), 'LookupSettingsPage');

/** A list behind a flag that is off is the not-found page, as its API answers 404 (decision 0027). */
function requireList(list: LookupListName) {
  const permitted = requirePermission(LOOKUP_LISTS[list].event, 'index');
  const flag = lookupListFlag(list);
  return async ({ context }: { context: { queryClient: QueryClient } }) => {
    if (flag && !(await loadSession(context.queryClient)).flags[FEATURE_FLAGS[flag]]) throw notFound();
    return permitted({ context });
  };
}

/** /admin/settings/<list>: one settings page per lookup list (spec §2.2; decision 0027). */
export const lookupAdminRoutes = LOOKUP_LIST_NAMES.map((list) =>
  createRoute({
    getParentRoute: () => adminRoute,
    path: `/settings/${list}`,
    beforeLoad: requireList(list),
    component: pageWith(LookupSettingsPage, { list }),
  }),
);
