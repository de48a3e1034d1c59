import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api-client';
import { useListQuery, type ListParams } from '../../../app/use-list-query';
import type { GalleryImage, StaffOpportunity } from '@platform/domain';
import type { PublicDocument } from '../components/opportunity-view';

export type {
  ConfidentialOpportunity,
  GalleryImage,
  InvestorOpportunity,
  Opportunity,
  StaffOpportunity,
  TeamMember,
} from '@platform/domain';

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
