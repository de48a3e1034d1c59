import { createRootRouteWithContext, createRoute, createRouter, lazyRouteComponent, notFound, Outlet, redirect } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { can, Role } from '@platform/domain';
import { landingPath } from '../features/auth/landing';
import { ErrorPage } from '../features/errors/error-page';
import type { InvestorsSearch } from '../features/investors/components/investors-list-page';
import { MAINTENANCE_FORCED, MaintenancePage } from '../features/maintenance/maintenance-page';
import { currentUserQuery, type CurrentUser } from './session';
import { brandingFrom, publicSettingsQuery } from './settings';

interface RouterContext {
  queryClient: QueryClient;
}

async function loadSession(queryClient: QueryClient) {
  const [user, settings] = await Promise.all([queryClient.ensureQueryData(currentUserQuery), queryClient.ensureQueryData(publicSettingsQuery)]);
  return { user, flags: brandingFrom(settings).flags };
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  beforeLoad: ({ location }) => {
    if (MAINTENANCE_FORCED && location.pathname !== '/maintenance') throw redirect({ to: '/maintenance' });
  },
  component: Outlet,
  notFoundComponent: () => <ErrorPage status={404} />,
  errorComponent: () => <ErrorPage status={500} />,
});

const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: async ({ context }) => {
    const { user, flags } = await loadSession(context.queryClient);
    throw redirect({ to: user ? landingPath(user, flags) : '/login' });
  },
});

/** Public pages; a signed-in person visiting /login is sent where they belong. */
const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  validateSearch: (search: Record<string, unknown>): { redirect?: string; verified?: string; reset?: string } => ({
    ...(typeof search.redirect === 'string' ? { redirect: search.redirect } : {}),
    ...(typeof search.verified === 'string' ? { verified: search.verified } : {}),
    ...(typeof search.reset === 'string' ? { reset: search.reset } : {}),
  }),
  beforeLoad: async ({ context, search }) => {
    const { user, flags } = await loadSession(context.queryClient);
    if (user) throw redirect({ to: landingPath(user, flags, search.redirect) });
  },
  component: lazyRouteComponent(() => import('../features/auth/components/login-page'), 'LoginPage'),
});

const registerRoute = createRoute({ getParentRoute: () => rootRoute, path: '/register', component: lazyRouteComponent(() => import('../features/auth/components/register-page'), 'RegisterPage') });
const forgotRoute = createRoute({ getParentRoute: () => rootRoute, path: '/forgot-password', component: lazyRouteComponent(() => import('../features/auth/components/forgot-password-page'), 'ForgotPasswordPage') });
const verifyRoute = createRoute({ getParentRoute: () => rootRoute, path: '/verify-email', component: lazyRouteComponent(() => import('../features/auth/components/verify-email-page'), 'VerifyEmailPage') });
const termsRoute = createRoute({ getParentRoute: () => rootRoute, path: '/terms', component: lazyRouteComponent(() => import('../features/terms/components/terms-page'), 'TermsPage') });
const maintenanceRoute = createRoute({ getParentRoute: () => rootRoute, path: '/maintenance', component: MaintenancePage });
const ChoosePassword = lazyRouteComponent(() => import('../features/auth/components/choose-password-page'), 'ChoosePasswordPage');
const resetRoute = createRoute({ getParentRoute: () => rootRoute, path: '/reset-password/$token', component: () => <ChoosePassword mode="reset" /> });
const setPasswordRoute = createRoute({ getParentRoute: () => rootRoute, path: '/set-password/$token', component: () => <ChoosePassword mode="invite" /> });

function requireUser(user: CurrentUser | null, href: string): CurrentUser {
  if (!user) throw redirect({ to: '/login', search: { redirect: href } });
  return user;
}

/** Staff area: investors are sent to their portal. */
const adminRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin',
  beforeLoad: async ({ context, location }) => {
    const { user, flags } = await loadSession(context.queryClient);
    const staff = requireUser(user, location.href);
    if (staff.role_id === Role.User) throw redirect({ to: landingPath(staff, flags) });
  },
  component: lazyRouteComponent(() => import('../features/admin-shell/components/admin-shell'), 'AdminShell'),
  // Pages later areas will build show the error page inside the shell, so the menu stays usable.
  notFoundComponent: () => <ErrorPage status={404} />,
});

const adminOverviewRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/',
  beforeLoad: async ({ context }) => {
    const { user, flags } = await loadSession(context.queryClient);
    if (user && !can(user.role_id, 'overview', 'index')) throw redirect({ to: landingPath(user, flags) });
  },
  component: lazyRouteComponent(() => import('../features/admin-overview/components/overview-page'), 'OverviewPage'),
});

const adminInvestorsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/investors',
  validateSearch: (search: Record<string, unknown>): InvestorsSearch => ({
    ...(Number(search.page) > 1 ? { page: Number(search.page) } : {}),
    ...(typeof search.sort === 'string' && search.sort ? { sort: search.sort } : {}),
    ...(typeof search.search === 'string' && search.search ? { search: search.search } : {}),
    ...(search.verified === '1' || search.verified === '0' ? { verified: search.verified } : {}),
  }),
  beforeLoad: async ({ context }) => {
    const { user } = await loadSession(context.queryClient);
    if (user && !can(user.role_id, 'investors', 'index')) throw notFound();
  },
  component: lazyRouteComponent(() => import('../features/investors/components/investors-list-page'), 'InvestorsListPage'),
});

/** Investor portal: verified e-mail required (spec §2.4); staff are sent to the back office. */
const investorRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/investor',
  beforeLoad: async ({ context, location }) => {
    const { user, flags } = await loadSession(context.queryClient);
    const investor = requireUser(user, location.href);
    if (investor.role_id !== Role.User || !investor.email_verified_at) throw redirect({ to: landingPath(investor, flags) });
  },
  component: lazyRouteComponent(() => import('../features/investor-shell/components/investor-shell'), 'InvestorShell'),
  notFoundComponent: () => <ErrorPage status={404} />,
});

const investorOverviewRoute = createRoute({
  getParentRoute: () => investorRoute,
  path: '/',
  component: lazyRouteComponent(() => import('../features/investor-overview/investor-overview-page'), 'InvestorOverviewPage'),
});

const routeTree = rootRoute.addChildren([
  indexRoute,
  loginRoute,
  registerRoute,
  forgotRoute,
  resetRoute,
  setPasswordRoute,
  verifyRoute,
  termsRoute,
  maintenanceRoute,
  adminRoute.addChildren([adminOverviewRoute, adminInvestorsRoute]),
  investorRoute.addChildren([investorOverviewRoute]),
]);

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({ routeTree, context: { queryClient }, defaultPreload: 'intent', scrollRestoration: true });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
