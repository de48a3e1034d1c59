import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { WipReport } from '@platform/domain';
import { api } from '../../../app/api-client';

export interface WipFilters extends Record<string, string | undefined> {
  owner_id?: string;
  pipeline_id?: string;
}

/** The WIP report for the filters on screen (GET /api/reports/wip). */
export function useWipReport(filters: WipFilters) {
  return useQuery({
    queryKey: ['reports', 'wip', filters],
    queryFn: () =>
      api<{ data: WipReport }>('/api/reports/wip', {
        query: { 'filter[owner_id]': filters.owner_id, 'filter[pipeline_id]': filters.pipeline_id },
      }).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
}
