import { useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api-client';
import type { HoldingDetail, InvestorFund, InvestorFundDetail, Portfolio, PortfolioLayout } from '@platform/domain';
import { publicSettingsQuery } from '../../../app/settings';

export type { Holding, HoldingDetail, PortfolioTotal as PortfolioTotals } from '@platform/domain';

export function usePortfolio() {
  return useQuery({ queryKey: ['my-portfolio'], queryFn: () => api<Portfolio>('/api/my/portfolio') });
}

export function useHolding(id: number) {
  return useQuery({
    queryKey: ['my-portfolio', id],
    queryFn: () => api<{ data: HoldingDetail }>(`/api/my/portfolio/${id}`).then((r) => r.data),
  });
}

/** A fund the investor holds, with their position (`/api/my/funds`); the detail adds NAV history and their entries. */
export type { InvestorFund as MyFund, InvestorFundDetail as MyFundDetail } from '@platform/domain';

/** The funds the investor holds; off (and not asked) while the deployment has no funds. */
export function useMyFunds(enabled: boolean) {
  return useQuery({ queryKey: ['my-funds'], queryFn: () => api<{ data: InvestorFund[] }>('/api/my/funds').then((r) => r.data), enabled });
}

export function useMyFund(id: number) {
  return useQuery({
    queryKey: ['my-funds', id],
    queryFn: () => api<{ data: InvestorFundDetail }>(`/api/my/funds/${id}`).then((r) => r.data),
  });
}

/**
 * The columns and headline figures staff chose for the investor's pages. Kept under the settings
 * query's key, so the `settings.updated` event that reloads the settings reloads it too.
 */
export function usePortfolioLayout() {
  return useQuery({
    queryKey: [...publicSettingsQuery.queryKey, 'portfolio-layout'],
    queryFn: () => api<{ data: PortfolioLayout }>('/api/my/portfolio-layout').then((r) => r.data),
    staleTime: 5 * 60_000,
  });
}
