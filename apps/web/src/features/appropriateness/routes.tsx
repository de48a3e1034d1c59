import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { investorRoute } from '../../app/routes/base';

/** The appropriateness test in the investor's profile (spec §2.3 /investor/profile/appropriateness). */
export const appropriatenessRoutes = [
  createRoute({
    getParentRoute: () => investorRoute,
    path: '/profile/appropriateness',
    validateSearch: (search: Record<string, unknown>): { redirect?: string } => (typeof search.redirect === 'string' ? { redirect: search.redirect } : {}),
    component: lazyRouteComponent(() => import('./components/appropriateness-page'), 'AppropriatenessPage'),
  }),
];
