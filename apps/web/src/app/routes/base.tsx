import { createRootRouteWithContext, createRoute, notFound, Outlet, redirect } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { can, Role, type Action, type PermissionEvent } from '@platform/domain';
import { landingPath } from '../../features/auth/landing';
import { ErrorPage } from '../../features/errors/error-page';
import { MAINTENANCE_FORCED } from '../../features/maintenance/maintenance-page';
import { currentUserQuery, type CurrentUser } from '../session';
import { brandingFrom, publicSettingsQuery } from '../settings';
import { NavigationProgress } from '../navigation-progress';
import { ShellSkeleton } from '../../ui/skeletons';
import { canonicalSubPagePath } from './spec-paths';
import { lazyPage } from '../page-code';

/**
 * The router's trunk: the root, the staff area and the investor portal. Each feature adds its pages
 * under these in its own routes file; app/router.tsx assembles the tree.
 */
interface RouterContext {
  queryClient: QueryClient;
}

export async function loadSession(queryClient: QueryClient) {
  const [user, settings] = await Promise.all([
    queryClient.ensureQueryData(currentUserQuery),
    queryClient.ensureQueryData(publicSettingsQuery),
  ]);
  return { user, flags: brandingFrom(settings).flags };
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  beforeLoad: ({ location }) => {
    if (MAINTENANCE_FORCED && location.pathname !== '/maintenance') throw redirect({ to: '/maintenance' });
  },
  component: () => (
    <>
      <NavigationProgress />
      <Outlet />
    </>
  ),
  pendingComponent: ShellSkeleton,
  notFoundComponent: () => <ErrorPage status={404} standalone />,
  errorComponent: () => <ErrorPage status={500} standalone />,
});

function requireUser(user: CurrentUser | null, href: string): CurrentUser {
  if (!user) throw redirect({ to: '/login', search: { redirect: href } });
  return user;
}

/** Staff area: investors are sent to their portal. */
export const adminRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin',
  beforeLoad: async ({ context, location }) => {
    const specPath = canonicalSubPagePath(location.pathname);
    if (specPath) throw redirect({ href: `${specPath}${location.searchStr}`, replace: true });
    const { user, flags } = await loadSession(context.queryClient);
    const staff = requireUser(user, location.href);
    if (staff.role_id === Role.User || staff.two_factor_enrolment_due) throw redirect({ to: landingPath(staff, flags) });
  },
  component: lazyPage(() => import('../../features/admin-shell/components/admin-shell'), 'AdminShell'),
  pendingComponent: ShellSkeleton,
  // Pages later areas will build show the error page inside the shell, so the menu stays usable.
  notFoundComponent: () => <ErrorPage status={404} />,
});

/** Investor portal: verified e-mail required (spec §2.4); staff are sent to the back office. */
export const investorRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/investor',
  beforeLoad: async ({ context, location }) => {
    const { user, flags } = await loadSession(context.queryClient);
    const investor = requireUser(user, location.href);
    if (investor.role_id !== Role.User || !investor.email_verified_at) throw redirect({ to: landingPath(investor, flags) });
  },
  component: lazyPage(() => import('../../features/investor-shell/components/investor-shell'), 'InvestorShell'),
  pendingComponent: ShellSkeleton,
  notFoundComponent: () => <ErrorPage status={404} />,
});

/** beforeLoad for staff pages: a role without the permission gets the not-found page inside the shell. */
export function requirePermission(event: PermissionEvent, action: Action) {
  return async ({ context }: { context: RouterContext }) => {
    const { user } = await loadSession(context.queryClient);
    if (user && !can(user.role_id, event, action)) throw notFound();
  };
}
