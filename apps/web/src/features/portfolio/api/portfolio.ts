import { useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api-client';
import type { HoldingDetail, LedgerKind, Portfolio } from '@platform/domain';

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

/** The investor's position in a fund (server: modules/funds/investor-routes.ts). */
export interface FundPosition {
  as_of: string;
  units: string;
  nav_per_unit: string | null;
  nav_date: string | null;
  value: string | null;
  paid_in: string;
  distributions: string;
  redemptions: string;
  fees: string;
  dpi: string | null;
  rvpi: string | null;
  tvpi: string | null;
  gain: string | null;
}

export interface MyFund {
  id: number;
  name: string;
  type: string;
  vintage: number;
  currency: string;
  description: string | null;
  position: FundPosition;
}

export interface MyFundDetail extends MyFund {
  nav_history: Array<{ date: string; nav: string; nav_per_unit: string | null }>;
  transactions: Array<{
    id: number;
    kind: LedgerKind;
    date: string;
    amount: string;
    units: string | null;
    nav_per_unit: string | null;
    reference: string | null;
  }>;
}

/** The funds the investor holds; off (and not asked) while the deployment has no funds. */
export function useMyFunds(enabled: boolean) {
  return useQuery({ queryKey: ['my-funds'], queryFn: () => api<{ data: MyFund[] }>('/api/my/funds').then((r) => r.data), enabled });
}

export function useMyFund(id: number) {
  return useQuery({ queryKey: ['my-funds', id], queryFn: () => api<{ data: MyFundDetail }>(`/api/my/funds/${id}`).then((r) => r.data) });
}
