import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { investorRoute } from '../../app/routes/base';

/** The investor's profile (spec §2.3 /investor/profile/...): one layout, a page each. */
const profileRoute = createRoute({
  getParentRoute: () => investorRoute,
  path: '/profile',
  component: lazyRouteComponent(() => import('./components/profile-layout'), 'ProfileLayout'),
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
      component: lazyRouteComponent(() => import('./components/profile-view-page'), 'ProfileViewPage'),
    }),
    createRoute({ ...parent, path: '/details', component: lazyRouteComponent(() => import('./components/details-page'), 'DetailsPage') }),
    createRoute({
      ...parent,
      path: '/type',
      validateSearch: texts('category', 'redirect'),
      component: lazyRouteComponent(() => import('./components/category-page'), 'CategoryPage'),
    }),
    createRoute({
      ...parent,
      path: '/investor-type',
      component: lazyRouteComponent(() => import('./components/how-you-invest-page'), 'HowYouInvestPage'),
    }),
    createRoute({
      ...parent,
      path: '/ownership',
      component: lazyRouteComponent(() => import('../ownership-choices'), 'OwnershipChoicesPage'),
    }),
    createRoute({
      ...parent,
      path: '/appropriateness',
      validateSearch: texts('redirect'),
      component: lazyRouteComponent(() => import('../appropriateness'), 'AppropriatenessPage'),
    }),
    createRoute({
      ...parent,
      path: '/identity',
      component: lazyRouteComponent(() => import('./components/identity-page'), 'IdentityPage'),
    }),
    createRoute({
      ...parent,
      path: '/security',
      component: lazyRouteComponent(() => import('./components/security-page'), 'SecurityPage'),
    }),
    createRoute({
      ...parent,
      path: '/subscription',
      validateSearch: texts('payment'),
      component: lazyRouteComponent(() => import('../payments'), 'SubscriptionPage'),
    }),
    createRoute({
      ...parent,
      path: '/documents',
      component: lazyRouteComponent(() => import('./components/documents-page'), 'DocumentsPage'),
    }),
    createRoute({
      ...parent,
      path: '/contact',
      component: lazyRouteComponent(() => import('./components/contact-page'), 'ContactPage'),
    }),
    // The investor's organisations and method accounts: features/organisations, features/investment-methods.
    createRoute({
      ...parent,
      path: '/organisation-apply',
      component: lazyRouteComponent(() => import('../organisations'), 'OrganisationApplyPage'),
    }),
    createRoute({
      ...parent,
      path: '/organisation_{$id}',
      component: lazyRouteComponent(() => import('../organisations'), 'MyOrganisationPage'),
    }),
    createRoute({
      ...parent,
      path: '/organisation-documents_{$id}',
      component: lazyRouteComponent(() => import('../organisations'), 'MyOrganisationDocumentsPage'),
    }),
    createRoute({
      ...parent,
      path: '/investmentmethod-documents_{$id}',
      component: lazyRouteComponent(() => import('../investment-methods'), 'MyMethodDocumentsPage'),
    }),
    createRoute({
      ...parent,
      path: '/investmentmethod_{$id}',
      component: lazyRouteComponent(() => import('../investment-methods'), 'MyMethodAccountPage'),
    }),
  ]),
];
