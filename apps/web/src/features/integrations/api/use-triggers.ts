import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateTriggerBody, Trigger, TriggerDelivery, TriggerWithSecret, UpdateTriggerBody } from '@platform/domain';
import { api, type Page } from '../../../app/api-client';
import { type ListParams, toQuery } from '../../../app/use-list-query';

const TRIGGERS = ['triggers'] as const;

export function useTriggers() {
  return useQuery({ queryKey: TRIGGERS, queryFn: () => api<{ data: Trigger[] }>('/api/triggers').then((r) => r.data) });
}

export function useTrigger(id: number) {
  return useQuery({ queryKey: [...TRIGGERS, id], queryFn: () => api<{ data: Trigger }>(`/api/triggers/${id}`).then((r) => r.data) });
}

/** Staff who may be chosen to receive a trigger's e-mail. */
export function useTriggerRecipients() {
  return useQuery({
    queryKey: [...TRIGGERS, 'recipients'],
    queryFn: () => api<{ data: Array<{ id: number; name: string; email: string }> }>('/api/triggers/recipients').then((r) => r.data),
  });
}

/** Creates or updates a trigger; the answer holds a new signing secret, the only time it is sent. */
export function useSaveTrigger(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTriggerBody | UpdateTriggerBody) =>
      api<{ data: TriggerWithSecret }>(id ? `/api/triggers/${id}` : '/api/triggers', { method: id ? 'PUT' : 'POST', body }).then(
        (r) => r.data,
      ),
    onSettled: () => client.invalidateQueries({ queryKey: TRIGGERS }),
  });
}

export function useDeleteTrigger() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<void>(`/api/triggers/${id}`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: TRIGGERS }),
  });
}

/** The delivery log, refreshed every few seconds while something is waiting to be sent. */
export function useTriggerDeliveries(id: number, params: ListParams) {
  return useQuery({
    queryKey: [...TRIGGERS, id, 'deliveries', params],
    queryFn: () => api<Page<TriggerDelivery>>(`/api/triggers/${id}/deliveries`, { query: toQuery(params) }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.data.some((d) => d.status !== 'delivered' && d.next_attempt_at) ? 5000 : false),
  });
}

export function useReplayDelivery(triggerId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: number) =>
      api<{ data: TriggerDelivery }>(`/api/triggers/${triggerId}/deliveries/${deliveryId}/replay`, { method: 'POST' }),
    onSettled: () => client.invalidateQueries({ queryKey: [...TRIGGERS, triggerId, 'deliveries'] }),
  });
}
