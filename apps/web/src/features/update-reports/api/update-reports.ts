import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ClientGroup,
  InvestorUpdateReport,
  InvestorUpdateReportDetail,
  ReportType,
  UpdateReport,
  UpdateReportQuestion,
  UpdateReportRecipient,
} from '@platform/domain';
import { api, type Page } from '../../../app/api-client';
import { toQuery, useListQuery, type ListParams } from '../../../app/use-list-query';

export type {
  ClientGroup,
  InvestorUpdateReport,
  InvestorUpdateReportDetail,
  ReportType,
  UpdateReport,
  UpdateReportQuestion,
  UpdateReportRecipient,
};

/** Update reports (server: modules/update-reports). Every write refreshes every view of them. */
export const updateKeys = {
  all: ['update-reports'] as const,
  one: (id: number | string) => ['update-reports', 'one', String(id)] as const,
  mine: ['my-update-reports'] as const,
};

export function useUpdateReportList(params: ListParams) {
  return useListQuery<UpdateReport>('update-reports', params);
}

export function useUpdateReport(id: number | string) {
  return useQuery({
    queryKey: updateKeys.one(id),
    queryFn: () => api<{ data: UpdateReport }>(`/api/update-reports/${id}`).then((r) => r.data),
  });
}

export function useRecipients(id: number, params: ListParams) {
  return useQuery({
    queryKey: ['update-reports', 'recipients', id, params],
    queryFn: () => api<Page<UpdateReportRecipient>>(`/api/update-reports/${id}/recipients`, { query: toQuery(params) }),
    placeholderData: keepPreviousData,
  });
}

export function useStaffQuestions(id: number) {
  return useQuery({
    queryKey: ['update-reports', 'questions', id],
    queryFn: () => api<{ data: UpdateReportQuestion[] }>(`/api/update-reports/${id}/questions`).then((r) => r.data),
  });
}

export function useReportTypes() {
  return useQuery({
    queryKey: ['report-types'],
    queryFn: () => api<{ data: ReportType[] }>('/api/report-types').then((r) => r.data),
    staleTime: 60_000,
  });
}

/** Existing investments (status 5 and 6): what an update can be about besides a fund. */
export function useExistingInvestments() {
  return useQuery({
    queryKey: ['update-reports', 'companies'],
    queryFn: () =>
      api<Page<{ id: number; name: string; company_name: string }>>('/api/investment-opportunities', {
        query: { 'filter[status]': '5,6', per_page: 100, sort: 'name' },
      }).then((r) => r.data),
    staleTime: 60_000,
  });
}

export function useClientGroupList(params: ListParams) {
  return useListQuery<ClientGroup>('client-groups', params);
}

export function useClientGroupOptions() {
  return useQuery({
    queryKey: ['client-groups', 'options'],
    queryFn: () => api<Page<ClientGroup>>('/api/client-groups', { query: { per_page: 100, sort: 'name' } }).then((r) => r.data),
  });
}

export function useClientGroup(id: number | null) {
  return useQuery({
    queryKey: ['client-groups', 'one', id],
    queryFn: () => api<{ data: ClientGroup }>(`/api/client-groups/${id}`).then((r) => r.data),
    enabled: id !== null,
  });
}

/** A write to updates or client groups; the lists and the record refresh after it. */
export function useUpdateAction<Input, Output = unknown>(action: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: updateKeys.all }),
        client.invalidateQueries({ queryKey: ['client-groups'] }),
        client.invalidateQueries({ queryKey: updateKeys.mine }),
      ]),
  });
}

export const saveUpdateReport = (body: Record<string, unknown>, id?: number) =>
  api<{ data: UpdateReport }>(id ? `/api/update-reports/${id}` : '/api/update-reports', { method: id ? 'PATCH' : 'POST', body });
export const publishUpdateReport = (id: number) => api<{ data: UpdateReport }>(`/api/update-reports/${id}/publish`, { method: 'POST' });
export const deleteUpdateReport = (id: number) => api<void>(`/api/update-reports/${id}`, { method: 'DELETE' });
export const answerQuestion = (id: number, body: { answer: string; visibility: string }) =>
  api<{ data: UpdateReportQuestion }>(`/api/update-report-questions/${id}/answer`, { method: 'POST', body });
export const saveClientGroup = (body: Record<string, unknown>, id?: number) =>
  api<{ data: ClientGroup }>(id ? `/api/client-groups/${id}` : '/api/client-groups', { method: id ? 'PATCH' : 'POST', body });
export const deleteClientGroup = (id: number) => api<void>(`/api/client-groups/${id}`, { method: 'DELETE' });

// ——— The investor's side ———

export function useMyUpdateReports(params: ListParams) {
  return useQuery({
    queryKey: [...updateKeys.mine, 'list', params],
    queryFn: () => api<Page<InvestorUpdateReport>>('/api/my/update-reports', { query: toQuery(params) }),
    placeholderData: keepPreviousData,
  });
}

/** Opening an update records that the investor read it, so the news list is refreshed after. */
export function useMyUpdateReport(id: number) {
  const client = useQueryClient();
  return useQuery({
    queryKey: [...updateKeys.mine, 'one', id],
    queryFn: async () => {
      const { data } = await api<{ data: InvestorUpdateReportDetail }>(`/api/my/update-reports/${id}`);
      void client.invalidateQueries({ queryKey: [...updateKeys.mine, 'list'] });
      return data;
    },
  });
}

export const askQuestion = (id: number, question: string) =>
  api<{ data: UpdateReportQuestion }>(`/api/my/update-reports/${id}/questions`, { method: 'POST', body: { question } });
