import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type Page } from './api-client';

export interface ListParams {
  page: number;
  perPage: number;
  sort: string;
  filters: Record<string, string | undefined>;
  include?: string;
}

/** Turns list state into the server's list-query parameters (filter[...], sort, page, per_page). */
export function toQuery({ page, perPage, sort, filters, include }: ListParams): Record<string, string | number | undefined> {
  return {
    page,
    per_page: perPage,
    sort,
    include,
    ...Object.fromEntries(Object.entries(filters).map(([name, value]) => [`filter[${name}]`, value?.trim() || undefined])),
  };
}

/** One page of a resource; the previous page stays on screen while the next loads. */
export function useListQuery<T>(resource: string, params: ListParams) {
  return useQuery({
    queryKey: [resource, 'list', params],
    queryFn: () => api<Page<T>>(`/api/${resource}`, { query: toQuery(params) }),
    placeholderData: keepPreviousData,
  });
}
