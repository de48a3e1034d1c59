import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateIntentTermsInput,
  CreatePlacementInput,
  CurrentIntentTerms,
  DealDemand,
  Intent,
  IntentTerms,
  InvestorPlacement,
  SaveIntentInput,
  StaffPlacement,
  StaffPlacementDetail,
  UpdatePlacementInput,
} from '@platform/domain';
import { api } from '../../../app/api-client';

/** Every query of this feature starts with this key, so one invalidation refreshes them all. */
const KEY = 'deal-placements';

export function useDealPlacements(dealId: number) {
  return useQuery({
    queryKey: [KEY, 'deal', dealId],
    queryFn: () => api<{ data: StaffPlacement[] }>('/api/deal-placements', { query: { deal_id: dealId } }).then((r) => r.data),
  });
}

/** The deal's placement that is not withdrawn, if any. */
export function useLivePlacement(dealId: number) {
  const list = useDealPlacements(dealId);
  return { ...list, data: list.data && (list.data.find((p) => p.withdrawn_at === null) ?? null) };
}

export function usePlacement(id: number | null) {
  return useQuery({
    queryKey: [KEY, 'one', id],
    queryFn: () => api<{ data: StaffPlacementDetail }>(`/api/deal-placements/${id}`).then((r) => r.data),
    enabled: id !== null,
  });
}

/** The board's demand per deal: one request for the whole pipeline. */
export function usePipelineDemand(pipelineId: number | undefined) {
  return useQuery({
    queryKey: [KEY, 'demand', pipelineId],
    queryFn: () =>
      api<{ data: DealDemand[] }>('/api/deal-placements/demand', { query: { pipeline_id: pipelineId } }).then(
        (r) => new Map(r.data.map((d) => [d.deal_id, d])),
      ),
    enabled: pipelineId !== undefined,
  });
}

function usePlacementAction<Input, Output = unknown>(action: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: action, onSuccess: () => client.invalidateQueries({ queryKey: [KEY] }) });
}

export const usePlaceDeal = () =>
  usePlacementAction((input: CreatePlacementInput) =>
    api<{ data: StaffPlacementDetail }>('/api/deal-placements', { method: 'POST', body: input }).then((r) => r.data),
  );

export const useUpdatePlacement = (id: number) =>
  usePlacementAction((input: UpdatePlacementInput) =>
    api<{ data: StaffPlacementDetail }>(`/api/deal-placements/${id}`, { method: 'PATCH', body: input }).then((r) => r.data),
  );

export const useWithdrawPlacement = (id: number) => usePlacementAction(() => api(`/api/deal-placements/${id}`, { method: 'DELETE' }));

// ——— The investor ———

export function useMyPlacements() {
  return useQuery({
    queryKey: [KEY, 'mine'],
    queryFn: () => api<{ data: InvestorPlacement[] }>('/api/my/deal-placements').then((r) => r.data),
  });
}

export function useMyPlacement(id: string) {
  return useQuery({
    queryKey: [KEY, 'mine', id],
    queryFn: () => api<{ data: InvestorPlacement }>(`/api/my/deal-placements/${id}`).then((r) => r.data),
  });
}

export const useAcceptPlacementSounding = (id: number) =>
  usePlacementAction(() =>
    api<{ data: InvestorPlacement }>(`/api/my/deal-placements/${id}/market-sounding`, { method: 'POST' }).then((r) => r.data),
  );

export const useSaveIntent = () =>
  usePlacementAction((input: SaveIntentInput) =>
    api<{ data: Intent }>('/api/intents', { method: 'POST', body: input }).then((r) => r.data),
  );

// ——— Intent terms ———

export function useCurrentIntentTerms() {
  return useQuery({
    queryKey: [KEY, 'intent-terms', 'current'],
    queryFn: () => api<{ data: CurrentIntentTerms }>('/api/intent-terms/current').then((r) => r.data),
  });
}

export function useIntentTermsVersions() {
  return useQuery({
    queryKey: [KEY, 'intent-terms', 'all'],
    queryFn: () => api<{ data: IntentTerms[] }>('/api/intent-terms').then((r) => r.data),
  });
}

export const usePublishIntentTerms = () =>
  usePlacementAction((input: CreateIntentTermsInput) => api('/api/intent-terms', { method: 'POST', body: input }));
