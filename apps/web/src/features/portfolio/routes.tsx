import { createRoute, notFound } from '@tanstack/react-router';
import { investorRoute, loadSession } from '../../app/routes/base';
import { lazyPage } from '../../app/page-code';

/** The investor's portfolio pages (spec §2.3). Fund pages exist only while the deployment has funds. */
export const portfolioRoutes = [
  createRoute({
    getParentRoute: () => investorRoute,
    path: '/portfolio',
    component: lazyPage(() => import('./components/portfolio-page'), 'PortfolioPage'),
  }),
  createRoute({
    getParentRoute: () => investorRoute,
    path: '/portfolio/$id',
    component: lazyPage(() => import('./components/holding-page'), 'HoldingPage'),
  }),
  createRoute({
    getParentRoute: () => investorRoute,
    path: '/portfolio/fund/$id',
    beforeLoad: async ({ context }) => {
      if (!(await loadSession(context.queryClient)).flags.enableFunds) throw notFound();
    },
    component: lazyPage(() => import('./components/fund-position-page'), 'FundPositionPage'),
  }),
];
