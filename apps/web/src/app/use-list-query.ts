import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
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

/**
 * The `after` to send for `page`: the one the page before put in its `links.next`, on a list that
 * pages from the previous page's last row (decision 0073). The server reads the page from that row
 * through its sort index, where a page number makes it step over every row before.
 */
export function keysetAfter(previous: Pick<Page<unknown>, 'links'> | undefined, page: number): string | undefined {
  if (!previous?.links.next) return undefined;
  const next = new URL(previous.links.next, 'http://list');
  return next.searchParams.get('page') === String(page) ? (next.searchParams.get('after') ?? undefined) : undefined;
}

/** One page of a resource; the previous page stays on screen while the next loads. */
export function useListQuery<T>(resource: string, params: ListParams) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: [resource, 'list', params],
    queryFn: () => {
      const previous = queryClient.getQueryData<Page<T>>([resource, 'list', { ...params, page: params.page - 1 }]);
      return api<Page<T>>(`/api/${resource}`, { query: { ...toQuery(params), after: keysetAfter(previous, params.page) } });
    },
    placeholderData: keepPreviousData,
  });
}
