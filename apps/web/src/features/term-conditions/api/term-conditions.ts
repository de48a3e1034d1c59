import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AcceptTermConditionInput, CurrentTermCondition, MyTermAcceptance, TermCondition } from '@platform/domain';
import { api } from '../../../app/api-client';

export const termKeys = {
  all: ['term-conditions'] as const,
  versions: (opportunityId: number) => ['term-conditions', 'versions', opportunityId] as const,
  current: (opportunityId: number) => ['term-conditions', 'current', opportunityId] as const,
  mine: ['term-conditions', 'mine'] as const,
};

/** Every version of an opportunity's terms, newest first (staff). */
export function useTermVersions(opportunityId: number) {
  return useQuery({
    queryKey: termKeys.versions(opportunityId),
    queryFn: () => api<{ data: TermCondition[] }>('/api/term-conditions', { query: { opportunity_id: opportunityId } }).then((r) => r.data),
  });
}

/** The opportunity's current terms (null when none are published). */
export function useCurrentTerms(opportunityId: number, enabled = true) {
  return useQuery({
    queryKey: termKeys.current(opportunityId),
    queryFn: () =>
      api<{ data: CurrentTermCondition }>('/api/term-conditions/current', { query: { opportunity_id: opportunityId } }).then((r) => r.data),
    enabled,
  });
}

/** Every acceptance the investor gave, with the accepted text. */
export function useMyTermAcceptances() {
  return useQuery({
    queryKey: termKeys.mine,
    queryFn: () => api<{ data: MyTermAcceptance[] }>('/api/my/term-conditions').then((r) => r.data),
  });
}

/** Publishes a new version, or corrects one nobody accepted (`id`). */
export function useSaveTerms(opportunityId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: string }) =>
      api<{ data: TermCondition }>(id ? `/api/term-conditions/${id}` : '/api/term-conditions', {
        method: id ? 'PATCH' : 'POST',
        body: id ? { body } : { opportunity_id: opportunityId, body },
      }).then((r) => r.data),
    onSuccess: () => void client.invalidateQueries({ queryKey: termKeys.all }),
  });
}

/** The investor accepts the current version for one of their investments. */
export function useAcceptTerms() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ investmentId, body }: { investmentId: number; body: AcceptTermConditionInput }) =>
      api<{ data: MyTermAcceptance }>(`/api/my/investments/${investmentId}/term-conditions`, { method: 'POST', body }).then((r) => r.data),
    onSuccess: () => void client.invalidateQueries({ queryKey: termKeys.all }),
  });
}
