import { useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api-client';
import type { LedgerKind } from '@platform/domain';

/** One holding (server: modules/investments/portfolio.ts). */
export interface Holding {
  opportunity_id: number;
  opportunity: { id: number; name: string; slug: string; company_name: string; status: number; status_label: string };
  currency: string;
  investments_count: number;
  cost: string;
  shares: string | null;
  share_price: string | null;
  current_value: string;
  /** Proceeds received for shares sold (an exit, a partial realisation). */
  realised: string;
  gain: string;
  multiple: string | null;
  valued_at: 'cost' | 'share_price';
}

export interface PortfolioTotals {
  currency: string;
  cost: string;
  current_value: string;
  realised: string;
  gain: string;
  multiple: string | null;
}

/** A holding's page adds its IRR (left out of the list: it costs most of the time there) and its investments. */
export interface HoldingDetail extends Holding {
  irr: string | null;
  investments: Array<{
    id: number;
    holder_type: string;
    type: string;
    status: string;
    status_label: string;
    amount: string;
    currency: string;
    shares: string | null;
    share_price: string | null;
    paid_at: string | null;
    completed_at: string | null;
    created_at: string;
  }>;
}

export function usePortfolio() {
  return useQuery({ queryKey: ['my-portfolio'], queryFn: () => api<{ data: Holding[]; totals: PortfolioTotals[] }>('/api/my/portfolio') });
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
