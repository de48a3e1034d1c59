import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api-client';
import { useListQuery, type ListParams } from '../../../app/use-list-query';
import type { PublicDocument } from '../components/opportunity-view';

export interface TeamMember {
  name: string;
  role: string;
  bio?: string;
}

/** The content both sides see (server: modules/opportunities/presenter.ts). */
export interface Opportunity {
  id: number;
  slug: string;
  name: string;
  status: number;
  status_label: string;
  company_name: string;
  type: string | null;
  sub_type: string | null;
  industry: string | null;
  round_type: string | null;
  currency: string;
  target_raise: string | null;
  maximum_raise: string | null;
  minimum_investment: string | null;
  maximum_investment: string | null;
  share_price: string | null;
  pre_money_valuation: string | null;
  opens_at: string | null;
  closes_at: string | null;
  tax_relief: 'EIS' | 'SEIS' | 'none';
  fees: string | null;
  summary: string | null;
  description: string | null;
  key_points: string[];
  team: TeamMember[];
  key_dates: Array<{ label: string; date: string }>;
  market_sounding_required: boolean;
  investment_terms: string | null;
  committed_amount: string;
  available_amount: string | null;
  percent_raised: number | null;
  market_sounding_pending: false;
}

export interface StaffOpportunity extends Omit<Opportunity, 'market_sounding_pending'> {
  admin_path: string;
  bank_account_name: string | null;
  bank_sort_code: string | null;
  bank_account_number: string | null;
  bank_iban: string | null;
  source_deal_id: number | null;
  published_at: string | null;
  completed_at: string | null;
  created_at: string;
  updated_at: string;
}

/** What an investor gets before accepting a required market sounding. */
export interface ConfidentialOpportunity {
  id: number;
  slug: string;
  status: number;
  name: string;
  market_sounding_pending: true;
  market_sounding_path: string;
}

export type InvestorOpportunity = Opportunity | ConfidentialOpportunity;

export interface GalleryImage {
  id: number;
  caption: string | null;
  position: number;
  url: string;
}

export const opportunityKeys = {
  all: ['investment-opportunities'] as const,
  one: (key: string | number) => ['investment-opportunities', 'one', String(key)] as const,
  images: (id: number) => ['investment-opportunities', 'images', id] as const,
};

export function useOpportunityList<T = StaffOpportunity>(params: ListParams) {
  return useListQuery<T>('investment-opportunities', params);
}

export function useOpportunity<T = StaffOpportunity>(key: string | number) {
  return useQuery({
    queryKey: opportunityKeys.one(key),
    queryFn: () => api<{ data: T }>(`/api/investment-opportunities/${key}`).then((r) => r.data),
  });
}

export function useGallery(id: number | undefined) {
  return useQuery({
    queryKey: opportunityKeys.images(id ?? 0),
    queryFn: () => api<{ data: GalleryImage[] }>(`/api/investment-opportunities/${id}/images`).then((r) => r.data),
    enabled: Boolean(id),
  });
}

/** Any write to an opportunity refreshes every view of opportunities. */
export function useOpportunityAction<Input, Output = unknown>(action: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: action, onSuccess: () => client.invalidateQueries({ queryKey: opportunityKeys.all }) });
}

export const changeStatus = (id: number, status: number) =>
  api<{ data: StaffOpportunity }>(`/api/investment-opportunities/${id}/status`, { method: 'POST', body: { status } });

/** Public documents an investor may download (investor side) or, for the staff preview, the public ones of all. */
export function usePublicDocuments(id: number | undefined, side: 'investor' | 'staff') {
  return useQuery({
    queryKey: ['investment-opportunities', 'documents', side, id ?? 0],
    enabled: Boolean(id),
    queryFn: () =>
      side === 'investor'
        ? api<{ data: PublicDocument[] }>(`/api/investment-opportunities/${id}/documents`).then((r) => r.data)
        : api<{ data: PublicDocument[] }>('/api/documents', {
            query: { 'filter[subject_type]': 'opportunity', 'filter[subject_id]': id, 'filter[visibility]': 'public', per_page: 100 },
          }).then((r) => r.data),
  });
}
