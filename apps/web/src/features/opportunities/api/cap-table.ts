import { useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api-client';

interface HolderIdentity {
  key: string;
  user_id: number;
  name: string;
  holder_type: string;
  holder_type_label: string;
  held_through: string | null;
}

/** server: modules/performance/cap-table.ts */
export interface CapTable {
  currency: string;
  as_of: string;
  shares_outstanding: { date: string; shares: string } | null;
  total: { holders: number; shares: string; cost: string; percent_of_company: string | null };
  holders: Array<HolderIdentity & { shares: string; cost: string; percent_of_holders: string | null; percent_of_company: string | null }>;
}

export interface HolderFigures {
  cost: string;
  shares_held: string;
  current_value: string;
  realised: string;
  gain: string;
  moic: string | null;
  irr: string | null;
  price: { date: string; source: string; price_per_share: string } | null;
}

export interface CapTablePerformance {
  currency: string;
  as_of: string;
  total: HolderFigures | null;
  holders: Array<HolderIdentity & HolderFigures>;
}

export function useCapTable(id: number) {
  return useQuery({
    queryKey: ['investment-opportunities', 'cap-table', id],
    queryFn: () => api<{ data: CapTable }>(`/api/investment-opportunities/${id}/cap-table`).then((r) => r.data),
  });
}

export function useCapTablePerformance(id: number) {
  return useQuery({
    queryKey: ['investment-opportunities', 'cap-table-performance', id],
    queryFn: () => api<{ data: CapTablePerformance }>(`/api/investment-opportunities/${id}/cap-table-performance`).then((r) => r.data),
  });
}
