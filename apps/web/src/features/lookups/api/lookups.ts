import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateLookupValueInput, LookupListName, LookupValue, UpdateLookupValueInput } from '@platform/domain';
import { api } from '../../../app/api-client';

export type { LookupListName, LookupValue };

const keys = {
  all: ['lookups'] as const,
  list: (list: LookupListName) => ['lookups', list] as const,
};

/** Every entry of a list in its order, retired ones included (they are few: a settings list). */
export function useLookupList(list: LookupListName, enabled = true) {
  return useQuery({
    queryKey: keys.list(list),
    queryFn: () => api<{ data: LookupValue[] }>(`/api/${list}`).then((r) => r.data),
    enabled,
  });
}

/** A write to a list; the lists (and the counts of records holding each entry) are read again after it. */
export function useLookupAction<V>(action: (values: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: action, onSuccess: () => client.invalidateQueries({ queryKey: keys.all }) });
}

export const createLookupValue = (list: LookupListName, body: CreateLookupValueInput) => api(`/api/${list}`, { method: 'POST', body });
export const updateLookupValue = (list: LookupListName, id: number, body: UpdateLookupValueInput) =>
  api(`/api/${list}/${id}`, { method: 'PATCH', body });
export const deleteLookupValue = (list: LookupListName, id: number) => api(`/api/${list}/${id}`, { method: 'DELETE' });
