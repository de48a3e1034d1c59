import { createRoute, createRouter, redirect } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { can } from '@platform/domain';
import { landingPath } from '../features/auth/landing';
import { MaintenancePage } from '../features/maintenance/maintenance-page';
import { investorInvestmentRoutes } from '../features/investor-investments/routes';
import { attributeSettingsRoutes } from '../features/attributes/routes';
import { investorRoutes } from '../features/investors/routes';
import { companyRoutes } from '../features/companies/routes';
import { contactRoutes } from '../features/contacts/routes';
import { importRoutes } from '../features/imports/routes';
import { insiderRegisterRoutes } from '../features/insider-register/routes';
import { screeningRoutes } from '../features/screening/routes';
import { dealRoutes } from '../features/deals/routes';
import { placementAdminRoutes, placementInvestorRoutes } from '../features/placements/routes';
import { fundRoutes } from '../features/funds/routes';
import { investmentMethodRoutes } from '../features/investment-methods/routes';
import { nomineeRoutes } from '../features/nominees/routes';
import { cashCallRoutes } from '../features/cash-calls/routes';
import { paymentRoutes } from '../features/payments/routes';
import { organisationRoutes } from '../features/organisations/routes';
import { opportunityAdminRoutes } from '../features/opportunities/routes';
import { pipelineSettingsRoutes } from '../features/pipelines/routes';
import { accountSettingsRoutes } from '../features/account-settings/routes';
import { accountingRoutes } from '../features/accounting/routes';
import { integrationRoutes } from '../features/integrations/routes';
import { portfolioSettingsRoutes } from '../features/portfolio-settings/routes';
import { accountSecurityRoutes, twoFactorSetupRoute } from '../features/account-security/routes';
import { portfolioRoutes } from '../features/portfolio/routes';
import { profileRoutes } from '../features/profile/routes';
import { pdfViewerRoutes } from '../features/pdf-viewer/routes';
import { reportRoutes } from '../features/reports/routes';
import { wipReportRoutes } from '../features/wip-reports/routes';
import { kpiAdminRoutes, kpiInvestorRoutes, kpiPublicRoutes } from '../features/kpis/routes';
import { lookupAdminRoutes } from '../features/lookups/routes';
import { investorSettingsRoutes } from '../features/investor-settings/routes';
import { signUpDocumentsRoutes } from '../features/sign-up-documents/routes';
import { updateReportAdminRoutes, updateReportInvestorRoutes } from '../features/update-reports/routes';
import { libraryAdminRoutes, libraryInvestorRoutes } from '../features/library';
import { adminRoute, investorRoute, loadSession, rootRoute } from './routes/base';
import { PageSkeleton } from '../ui/skeletons';
import { lazyPage, pageWith } from './page-code';

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
  component: lazyPage(() => import('../features/auth/components/login-page'), 'LoginPage'),
});

const registerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/register',
  component: lazyPage(() => import('../features/auth/components/register-page'), 'RegisterPage'),
});
const forgotRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/forgot-password',
  component: lazyPage(() => import('../features/auth/components/forgot-password-page'), 'ForgotPasswordPage'),
});
const verifyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/verify-email',
  component: lazyPage(() => import('../features/auth/components/verify-email-page'), 'VerifyEmailPage'),
});
const termsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/terms',
  component: lazyPage(() => import('../features/terms/components/terms-page'), 'TermsPage'),
});
const maintenanceRoute = createRoute({ getParentRoute: () => rootRoute, path: '/maintenance', component: MaintenancePage });
const ChoosePassword = lazyPage(() => import('../features/auth/components/choose-password-page'), 'ChoosePasswordPage');
const resetRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/reset-password/$token',
  component: pageWith(ChoosePassword, { mode: 'reset' }),
});
const setPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/set-password/$token',
  component: pageWith(ChoosePassword, { mode: 'invite' }),
});

const adminOverviewRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/',
  beforeLoad: async ({ context }) => {
    const { user, flags } = await loadSession(context.queryClient);
    if (user && !can(user.role_id, 'overview', 'index')) throw redirect({ to: landingPath(user, flags) });
  },
  component: lazyPage(() => import('../features/admin-overview/components/overview-page'), 'OverviewPage'),
});

const investorOverviewRoute = createRoute({
  getParentRoute: () => investorRoute,
  path: '/',
  component: lazyPage(() => import('../features/investor-overview/investor-overview-page'), 'InvestorOverviewPage'),
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
  twoFactorSetupRoute,
  ...kpiPublicRoutes,
  adminRoute.addChildren([
    adminOverviewRoute,
    ...investorRoutes,
    ...opportunityAdminRoutes,
    ...dealRoutes,
    ...companyRoutes,
    ...fundRoutes,
    ...accountSettingsRoutes,
    ...accountingRoutes,
    ...integrationRoutes,
    ...portfolioSettingsRoutes,
    ...accountSecurityRoutes,
    ...pipelineSettingsRoutes,
    ...organisationRoutes,
    ...investmentMethodRoutes,
    ...nomineeRoutes,
    ...cashCallRoutes,
    ...paymentRoutes,
    ...attributeSettingsRoutes,
    ...reportRoutes,
    ...wipReportRoutes,
    ...kpiAdminRoutes,
    ...lookupAdminRoutes,
    ...investorSettingsRoutes,
    ...placementAdminRoutes,
    ...signUpDocumentsRoutes,
    ...updateReportAdminRoutes,
    ...libraryAdminRoutes,
    ...contactRoutes,
    ...importRoutes,
    ...insiderRegisterRoutes,
    ...screeningRoutes,
  ]),
  investorRoute.addChildren([
    investorOverviewRoute,
    ...investorInvestmentRoutes,
    ...placementInvestorRoutes,
    ...portfolioRoutes,
    ...kpiInvestorRoutes,
    ...profileRoutes,
    ...updateReportInvestorRoutes,
    ...libraryInvestorRoutes,
    ...pdfViewerRoutes,
  ]),
]);

export function createAppRouter(queryClient: QueryClient) {
  // A page whose code or guards take a moment shows a skeleton inside its shell (ui/skeletons.tsx).
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    scrollRestoration: true,
    defaultPendingComponent: PageSkeleton,
    defaultPendingMs: 200,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
