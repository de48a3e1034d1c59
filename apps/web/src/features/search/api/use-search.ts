import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SEARCH_MIN_LENGTH, type SearchAnswer } from '@platform/domain';
import { api } from '../../../app/api-client';

/** The staff search for a query; nothing is asked until it has enough characters. */
export const useSearch = (query: string) => {
  const q = query.trim();
  return useQuery<SearchAnswer>({
    queryKey: ['search', q],
    enabled: q.length >= SEARCH_MIN_LENGTH,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => api<{ data: SearchAnswer }>('/api/search', { query: { q }, signal }).then((r) => r.data),
  });
};
