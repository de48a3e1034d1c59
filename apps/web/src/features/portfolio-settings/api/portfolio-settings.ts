import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PortfolioStat, PortfolioStats, PortfolioTable, SavePortfolioColumnsInput } from '@platform/domain';
import { api } from '../../../app/api-client';

const TABLES = ['portfolio-tables'] as const;
const STATS = ['portfolio-stats'] as const;

export function usePortfolioTables() {
  return useQuery({ queryKey: TABLES, queryFn: () => api<{ data: PortfolioTable[] }>('/api/portfolio-tables').then((r) => r.data) });
}

export function usePortfolioTable(id: number) {
  return useQuery({
    queryKey: [...TABLES, id],
    queryFn: () => api<{ data: PortfolioTable }>(`/api/portfolio-tables/${id}`).then((r) => r.data),
  });
}

/** Saves a table's columns in order, or (with null) puts its defaults back. */
export function useSaveColumns(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (columns: SavePortfolioColumnsInput['columns'] | null) =>
      api<{ data: PortfolioTable }>(
        `/api/portfolio-tables/${id}/columns`,
        columns ? { method: 'PUT', body: { columns } } : { method: 'DELETE' },
      ).then((r) => r.data),
    onSuccess: (table) => {
      client.setQueryData([...TABLES, id], table);
      return client.invalidateQueries({ queryKey: TABLES, exact: true });
    },
  });
}

export function usePortfolioStats() {
  return useQuery({ queryKey: STATS, queryFn: () => api<{ data: PortfolioStats }>('/api/portfolio-stats').then((r) => r.data) });
}

export function useSaveStats() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (stats: PortfolioStat[]) =>
      api<{ data: PortfolioStats }>('/api/portfolio-stats', { method: 'PUT', body: { stats } }).then((r) => r.data),
    onSuccess: (stats) => client.setQueryData(STATS, stats),
  });
}
