import { useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api-client';

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
  gain: string;
  multiple: string | null;
  irr: string | null;
  valued_at: 'cost' | 'share_price';
}

export interface PortfolioTotals {
  currency: string;
  cost: string;
  current_value: string;
  gain: string;
  multiple: string | null;
}

export interface HoldingDetail extends Holding {
  investments: Array<{ id: number; holder_type: string; type: string; status: string; status_label: string; amount: string; currency: string; shares: string | null; share_price: string | null; paid_at: string | null; completed_at: string | null; created_at: string }>;
}

export function usePortfolio() {
  return useQuery({ queryKey: ['my-portfolio'], queryFn: () => api<{ data: Holding[]; totals: PortfolioTotals[] }>('/api/my/portfolio') });
}

export function useHolding(id: number) {
  return useQuery({ queryKey: ['my-portfolio', id], queryFn: () => api<{ data: HoldingDetail }>(`/api/my/portfolio/${id}`).then((r) => r.data) });
}
