import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { investorRoute } from '../../app/routes/base';

/** The investor's portfolio pages (spec §2.3). */
export const portfolioRoutes = [
  createRoute({ getParentRoute: () => investorRoute, path: '/portfolio', component: lazyRouteComponent(() => import('./components/portfolio-page'), 'PortfolioPage') }),
  createRoute({ getParentRoute: () => investorRoute, path: '/portfolio/$id', component: lazyRouteComponent(() => import('./components/holding-page'), 'HoldingPage') }),
];
