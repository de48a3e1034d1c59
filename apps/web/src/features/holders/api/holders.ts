import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffInvestment } from '@platform/domain';
import { api } from '../../../app/api-client';
import { useListQuery, type ListParams } from '../../../app/use-list-query';

/**
 * Organisations, investment methods and nominees share the shape of their staff API (decision
 * 0012): list, export, details, create, edit, delete, investments held.
 */
export type HolderResource = 'organisations' | 'investment-methods' | 'nominees';

export const holderKeys = {
  all: (resource: HolderResource) => [resource] as const,
  one: (resource: HolderResource, id: number | string) => [resource, 'one', String(id)] as const,
};

export function useHolderList<T>(resource: HolderResource, params: ListParams) {
  return useListQuery<T>(resource, params);
}

export function useHolder<T>(resource: HolderResource, id: number | string, include?: string) {
  return useQuery({
    queryKey: [...holderKeys.one(resource, id), include ?? ''],
    queryFn: () => api<{ data: T }>(`/api/${resource}/${id}`, { query: { include } }).then((r) => r.data),
  });
}

/** Any write on a holder refreshes every view of that kind of holder. */
export function useHolderAction<Input, Output = unknown>(resource: HolderResource, action: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: action, onSuccess: () => client.invalidateQueries({ queryKey: holderKeys.all(resource) }) });
}

/** FormData as the web sends forms: on edit an empty field clears the value; on create it is left out. */
export function holderFormData(values: Record<string, string | null>, editing: boolean): FormData {
  const data = new FormData();
  if (editing) data.append('_method', 'PATCH');
  for (const [field, raw] of Object.entries(values)) {
    const value = (raw ?? '').trim();
    if (value || editing) data.append(field, value);
  }
  return data;
}

export const saveHolder = <T extends { id: number }>(resource: HolderResource, values: Record<string, string | null>, id?: number) =>
  api<{ data: T }>(id ? `/api/${resource}/${id}` : `/api/${resource}`, { method: 'POST', body: holderFormData(values, Boolean(id)) });

export const deleteHolder = (resource: HolderResource, id: number, permanent: boolean) =>
  api<void>(`/api/${resource}/${id}`, { method: 'DELETE', query: { permanent: permanent ? '1' : undefined } });

export function useHeldInvestments(resource: HolderResource, id: number, page: number, sort: string) {
  return useListQuery<StaffInvestment>(`${resource}/${id}/investments`, {
    page,
    perPage: 25,
    sort,
    filters: {},
    include: 'user,opportunity,holder',
  });
}
