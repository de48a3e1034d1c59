import { createRoute, redirect } from '@tanstack/react-router';
import { investorRoute } from '../../app/routes/base';
import { lazyPage } from '../../app/page-code';

/** The investor's profile (spec §2.3 /investor/profile/...): one layout, a page each. */
const profileRoute = createRoute({
  getParentRoute: () => investorRoute,
  path: '/profile',
  component: lazyPage(() => import('./components/profile-layout'), 'ProfileLayout'),
});
const parent = { getParentRoute: () => profileRoute };

/** Search parameters that are plain texts: kept when present, dropped otherwise. */
const texts =
  <K extends string>(...keys: K[]) =>
  (search: Record<string, unknown>): Partial<Record<K, string>> =>
    Object.fromEntries(keys.filter((k) => typeof search[k] === 'string').map((k) => [k, search[k]])) as Partial<Record<K, string>>;

export const profileRoutes = [
  profileRoute.addChildren([
    createRoute({
      ...parent,
      path: '/',
      beforeLoad: () => {
        throw redirect({ to: '/investor/profile/view' });
      },
    }),
    createRoute({
      ...parent,
      path: '/view',
      component: lazyPage(() => import('./components/profile-view-page'), 'ProfileViewPage'),
    }),
    createRoute({ ...parent, path: '/details', component: lazyPage(() => import('./components/details-page'), 'DetailsPage') }),
    createRoute({
      ...parent,
      path: '/type',
      validateSearch: texts('category', 'redirect'),
      component: lazyPage(() => import('./components/category-page'), 'CategoryPage'),
    }),
    createRoute({
      ...parent,
      path: '/investor-type',
      component: lazyPage(() => import('./components/how-you-invest-page'), 'HowYouInvestPage'),
    }),
    createRoute({
      ...parent,
      path: '/ownership',
      component: lazyPage(() => import('../ownership-choices'), 'OwnershipChoicesPage'),
    }),
    createRoute({
      ...parent,
      path: '/appropriateness',
      validateSearch: texts('redirect'),
      component: lazyPage(() => import('../appropriateness'), 'AppropriatenessPage'),
    }),
    createRoute({
      ...parent,
      path: '/identity',
      component: lazyPage(() => import('./components/identity-page'), 'IdentityPage'),
    }),
    createRoute({
      ...parent,
      path: '/security',
      component: lazyPage(() => import('./components/security-page'), 'SecurityPage'),
    }),
    createRoute({
      ...parent,
      path: '/subscription',
      validateSearch: texts('payment'),
      component: lazyPage(() => import('../payments'), 'SubscriptionPage'),
    }),
    createRoute({
      ...parent,
      path: '/documents',
      component: lazyPage(() => import('./components/documents-page'), 'DocumentsPage'),
    }),
    createRoute({
      ...parent,
      path: '/contact',
      component: lazyPage(() => import('./components/contact-page'), 'ContactPage'),
    }),
    // The investor's organisations and method accounts: features/organisations, features/investment-methods.
    createRoute({
      ...parent,
      path: '/organisation-apply',
      component: lazyPage(() => import('../organisations'), 'OrganisationApplyPage'),
    }),
    createRoute({
      ...parent,
      path: '/organisation_{$id}',
      component: lazyPage(() => import('../organisations'), 'MyOrganisationPage'),
    }),
    createRoute({
      ...parent,
      path: '/organisation-documents_{$id}',
      component: lazyPage(() => import('../organisations'), 'MyOrganisationDocumentsPage'),
    }),
    createRoute({
      ...parent,
      path: '/investmentmethod-documents_{$id}',
      component: lazyPage(() => import('../investment-methods'), 'MyMethodDocumentsPage'),
    }),
    createRoute({
      ...parent,
      path: '/investmentmethod_{$id}',
      component: lazyPage(() => import('../investment-methods'), 'MyMethodAccountPage'),
    }),
  ]),
];
