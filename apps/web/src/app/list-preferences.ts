import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateSavedViewInput,
  ListPreference,
  PreferenceList,
  SavedView,
  SavedViewList,
  UpdateSavedViewInput,
} from '@platform/domain';
import { api } from './api-client';

const preferenceKey = (list: PreferenceList) => ['list-preferences', list] as const;

/** The columns a person hid on a list, and the order they put them in (kept on the server, decision 0039). */
export function useListPreference(list: PreferenceList) {
  return useQuery({
    queryKey: preferenceKey(list),
    queryFn: () => api<{ data: ListPreference }>(`/api/user/list-preferences/${list}`).then((r) => r.data),
    staleTime: 5 * 60_000,
  });
}

/** Saves a column choice; the table follows at once, and goes back if the server refuses it. */
export function useSaveListPreference(list: PreferenceList) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { hidden: string[]; order: string[] }) =>
      api<{ data: ListPreference }>(`/api/user/list-preferences/${list}`, { method: 'PUT', body: input }).then((r) => r.data),
    onMutate: async (input) => {
      await client.cancelQueries({ queryKey: preferenceKey(list) });
      const before = client.getQueryData<ListPreference>(preferenceKey(list));
      client.setQueryData<ListPreference>(preferenceKey(list), { list, updated_at: null, ...before, ...input });
      return { before };
    },
    onError: (_error, _input, context) => client.setQueryData(preferenceKey(list), context?.before),
    onSuccess: (saved) => client.setQueryData(preferenceKey(list), saved),
  });
}

/**
 * The columns to show, in the person's order: the chosen order first, then the columns it does not
 * name in their own order; hidden ones left out, except a column that is `required`.
 */
export function arrangeColumns<C extends { key: string; required?: boolean }>(
  columns: C[],
  preference: Pick<ListPreference, 'hidden' | 'order'> | undefined,
): C[] {
  if (!preference) return columns;
  const rank = new Map(preference.order.map((key, index) => [key, index]));
  const ordered = [...columns].sort(
    (a, b) => (rank.get(a.key) ?? rank.size + columns.indexOf(a)) - (rank.get(b.key) ?? rank.size + columns.indexOf(b)),
  );
  const hidden = new Set(preference.hidden);
  return ordered.filter((column) => column.required || !hidden.has(column.key));
}

const viewsKey = (list: SavedViewList) => ['saved-views', list] as const;

export function useSavedViews(list: SavedViewList) {
  return useQuery({
    queryKey: viewsKey(list),
    queryFn: () => api<{ data: SavedView[] }>('/api/saved-views', { query: { list } }).then((r) => r.data),
    staleTime: 60_000,
  });
}

/** Create, change and delete saved views of a list; the menu is refreshed after each. */
export function useSavedViewActions(list: SavedViewList) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: viewsKey(list) });
  return {
    create: useMutation({
      mutationFn: (input: CreateSavedViewInput) =>
        api<{ data: SavedView }>('/api/saved-views', { method: 'POST', body: input }).then((r) => r.data),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, ...input }: UpdateSavedViewInput & { id: number }) =>
        api<{ data: SavedView }>(`/api/saved-views/${id}`, { method: 'PATCH', body: input }).then((r) => r.data),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => api<void>(`/api/saved-views/${id}`, { method: 'DELETE' }),
      onSuccess: refresh,
    }),
  };
}
