import { toQuery } from './use-list-query';

/**
 * The address of a streamed export of exactly the list on screen: the same filters and sort, every
 * page (a report without a sort of its own passes an empty one). `resource` is the list's API path,
 * e.g. 'companies'.
 */
export function exportHref(resource: string, format: 'csv' | 'xlsx', list: { sort: string; filters: Record<string, string | undefined> }) {
  const query = new URLSearchParams({ format });
  for (const [key, value] of Object.entries(toQuery({ page: 1, perPage: 1, sort: list.sort, filters: list.filters }))) {
    if (value !== undefined && value !== '' && key !== 'page' && key !== 'per_page') query.set(key, String(value));
  }
  return `/api/${resource}/export?${query}`;
}
