import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateStatementRunInput, FundKpis, InvestmentsReportRow, QuarterKpiReport, StatementRun } from '@platform/domain';
import { api } from '../../../app/api-client';
import { type ListParams, useListQuery } from '../../../app/use-list-query';

export type { FundKpis, InvestmentsReportRow, QuarterKpiReport, StatementRun };

/** Every investment across the book, one server page at a time. */
export function useInvestmentsReport(params: ListParams) {
  return useListQuery<InvestmentsReportRow>('reports/investments', params);
}

/** The latest bulk statement runs; polled every 2 seconds while one is still open, so progress moves on screen. */
export function useStatementRuns() {
  return useQuery({
    queryKey: ['statement-runs'],
    queryFn: () => api<{ data: StatementRun[] }>('/api/statement-runs').then((r) => r.data),
    refetchInterval: (query) => (query.state.data?.some((run) => run.status !== 'done') ? 2000 : false),
  });
}

export function useStartStatementRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateStatementRunInput) =>
      api<{ data: StatementRun }>('/api/statement-runs', { method: 'POST', body }).then((r) => r.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['statement-runs'] }),
  });
}

export function useFundKpiReport(range: { from?: string; to?: string }) {
  return useQuery({
    queryKey: ['reports', 'fund-kpis', range],
    queryFn: () => api<{ data: FundKpis[] }>('/api/reports/fund-kpis', { query: range }).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
}

export function useQuarterKpis(quarter: string | undefined) {
  return useQuery({
    queryKey: ['reports', 'quarter-kpis', quarter ?? 'current'],
    queryFn: () => api<{ data: QuarterKpiReport }>('/api/reports/quarter-kpis', { query: { quarter } }).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
}
