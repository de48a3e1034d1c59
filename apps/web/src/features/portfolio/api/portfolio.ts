import { useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api-client';
import type { InvestorFund, InvestorFundDetail } from '@platform/domain';

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
