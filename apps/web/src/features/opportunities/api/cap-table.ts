import { useQuery } from '@tanstack/react-query';
import type { CapTable, CapTablePerformance } from '@platform/domain';
import { api } from '../../../app/api-client';

export function useCapTable(id: number) {
  return useQuery({
    queryKey: ['investment-opportunities', 'cap-table', id],
    queryFn: () => api<{ data: CapTable }>(`/api/investment-opportunities/${id}/cap-table`).then((r) => r.data),
  });
}

export function useCapTablePerformance(id: number) {
  return useQuery({
    queryKey: ['investment-opportunities', 'cap-table-performance', id],
    queryFn: () => api<{ data: CapTablePerformance }>(`/api/investment-opportunities/${id}/cap-table-performance`).then((r) => r.data),
  });
}
