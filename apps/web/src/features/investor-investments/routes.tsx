import { createRoute } from '@tanstack/react-router';
import { HOLDER_TYPES, type HolderType } from '@platform/domain';
import { investorRoute } from '../../app/routes/base';
import { lazyPage } from '../../app/page-code';

/** The investor's investment pages (spec §2.3). */
const parent = { getParentRoute: () => investorRoute };

export const investorInvestmentRoutes = [
  createRoute({
    ...parent,
    path: '/investments',
    component: lazyPage(() => import('./components/investments-page'), 'InvestmentsPage'),
  }),
  createRoute({
    ...parent,
    path: '/investments/market-sounding/$id',
    component: lazyPage(() => import('./components/market-sounding-page'), 'MarketSoundingPage'),
  }),
  createRoute({
    ...parent,
    path: '/investments/$slug',
    validateSearch: (search: Record<string, unknown>): { payment?: 'done' | 'cancelled' } =>
      search.payment === 'done' || search.payment === 'cancelled' ? { payment: search.payment } : {},
    component: lazyPage(() => import('./components/opportunity-page'), 'InvestorOpportunityPage'),
  }),
  createRoute({
    ...parent,
    path: '/investments/$slug/investor-type',
    component: lazyPage(() => import('./components/investor-type-page'), 'InvestorTypePage'),
  }),
  createRoute({
    ...parent,
    path: '/investments/$slug/invest',
    validateSearch: (search: Record<string, unknown>): { holder_type?: HolderType; holder_id?: number; choice_id?: number } => ({
      ...(HOLDER_TYPES.includes(search.holder_type as HolderType) ? { holder_type: search.holder_type as HolderType } : {}),
      ...(Number(search.holder_id) > 0 ? { holder_id: Number(search.holder_id) } : {}),
      ...(Number(search.choice_id) > 0 ? { choice_id: Number(search.choice_id) } : {}),
    }),
    component: lazyPage(() => import('./components/invest-page'), 'InvestPage'),
  }),
];
