import type { QueryClient } from '@tanstack/react-query';
import { createRoute, notFound } from '@tanstack/react-router';
import { can } from '@platform/domain';
import { adminRoute, loadSession } from '../../app/routes/base';
import { lazyPage } from '../../app/page-code';

/** The screening review queue (decision 0032): the `screening` grant, while `enableScreening` is on. */
export const screeningRoutes = [
  createRoute({
    getParentRoute: () => adminRoute,
    path: '/investors/screening',
    beforeLoad: async ({ context }: { context: { queryClient: QueryClient } }) => {
      const { user, flags } = await loadSession(context.queryClient);
      if (!flags.enableScreening || (user && !can(user.role_id, 'screening', 'index'))) throw notFound();
    },
    component: lazyPage(() => import('./components/screening-page'), 'ScreeningPage'),
  }),
];
