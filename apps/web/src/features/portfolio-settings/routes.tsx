import { createRoute } from '@tanstack/react-router';
import { adminRoute, requirePermission } from '../../app/routes/base';
import { lazyPage } from '../../app/page-code';

/** Settings › Investor: the portfolio tables, their columns and the headline figures (spec §2.2). */
const parent = { getParentRoute: () => adminRoute };

export const portfolioSettingsRoutes = [
  createRoute({
    ...parent,
    path: '/settings/investor/portfolio',
    beforeLoad: requirePermission('settings_investor_type', 'index'),
    component: lazyPage(() => import('./components/portfolio-tables-page'), 'PortfolioTablesPage'),
  }),
  createRoute({
    ...parent,
    path: '/settings/investor/portfolio/$id',
    beforeLoad: requirePermission('settings_investor_type', 'update'),
    component: lazyPage(() => import('./components/portfolio-table-page'), 'PortfolioTablePage'),
  }),
  createRoute({
    ...parent,
    path: '/settings/investor/portfolio-stats',
    beforeLoad: requirePermission('settings_investor_type', 'update'),
    component: lazyPage(() => import('./components/portfolio-stats-page'), 'PortfolioStatsPage'),
  }),
];
