import { createRoute, redirect } from '@tanstack/react-router';
import { adminRoute, loadSession, requirePermission, rootRoute } from '../../app/routes/base';
import { lazyPage } from '../../app/page-code';

/** Settings › Password Management and User Details (spec §2.2), and the enrolment page staff may be sent to. */
const parent = { getParentRoute: () => adminRoute };

export const accountSecurityRoutes = [
  createRoute({
    ...parent,
    path: '/settings/security',
    beforeLoad: requirePermission('settings_users', 'show'),
    component: lazyPage(() => import('./components/password-management-page'), 'PasswordManagementPage'),
  }),
  createRoute({
    ...parent,
    path: '/settings/security/details',
    validateSearch: (search: Record<string, unknown>): { email_changed?: string } =>
      typeof search.email_changed === 'string' ? { email_changed: search.email_changed } : {},
    component: lazyPage(() => import('./components/user-details-page'), 'UserDetailsPage'),
  }),
];

export const twoFactorSetupRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/two-factor-setup',
  beforeLoad: async ({ context, location }) => {
    const { user } = await loadSession(context.queryClient);
    if (!user) throw redirect({ to: '/login', search: { redirect: location.href } });
    // The home route sends the person where they belong.
    if (!user.two_factor_enrolment_due) throw redirect({ to: '/' });
  },
  component: lazyPage(() => import('./components/two-factor-setup-page'), 'TwoFactorSetupPage'),
});
