import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { HOLDER_TYPES, type HolderType } from '@platform/domain';
import { investorRoute } from '../../app/routes/base';

/** The investor's investment pages (spec §2.3). */
const parent = { getParentRoute: () => investorRoute };

export const investorInvestmentRoutes = [
  createRoute({
    ...parent,
    path: '/investments',
    component: lazyRouteComponent(() => import('./components/investments-page'), 'InvestmentsPage'),
  }),
  createRoute({
    ...parent,
    path: '/investments/market-sounding/$id',
    component: lazyRouteComponent(() => import('./components/market-sounding-page'), 'MarketSoundingPage'),
  }),
  createRoute({
    ...parent,
    path: '/investments/$slug',
    validateSearch: (search: Record<string, unknown>): { payment?: 'done' | 'cancelled' } =>
      search.payment === 'done' || search.payment === 'cancelled' ? { payment: search.payment } : {},
    component: lazyRouteComponent(() => import('./components/opportunity-page'), 'InvestorOpportunityPage'),
  }),
  createRoute({
    ...parent,
    path: '/investments/$slug/investor-type',
    component: lazyRouteComponent(() => import('./components/investor-type-page'), 'InvestorTypePage'),
  }),
  createRoute({
    ...parent,
    path: '/investments/$slug/invest',
    validateSearch: (search: Record<string, unknown>): { holder_type?: HolderType; holder_id?: number; choice_id?: number } => ({
      ...(HOLDER_TYPES.includes(search.holder_type as HolderType) ? { holder_type: search.holder_type as HolderType } : {}),
      ...(Number(search.holder_id) > 0 ? { holder_id: Number(search.holder_id) } : {}),
      ...(Number(search.choice_id) > 0 ? { choice_id: Number(search.choice_id) } : {}),
    }),
    component: lazyRouteComponent(() => import('./components/invest-page'), 'InvestPage'),
  }),
];
