import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Company, MaturityStatusEntry } from '@platform/domain';
import { api } from '../../../app/api-client';
import { useListQuery, type ListParams } from '../../../app/use-list-query';

export type { Company, MaturityStatusEntry };

export const companyKeys = {
  all: ['companies'] as const,
  one: (id: number | string) => ['companies', 'one', String(id)] as const,
  statuses: (id: number | string) => ['companies', 'statuses', String(id)] as const,
};

export function useCompanyList(params: ListParams) {
  return useListQuery<Company>('companies', { ...params, include: 'fund' });
}

export function useCompany(id: number | string) {
  return useQuery({
    queryKey: companyKeys.one(id),
    queryFn: () => api<{ data: Company }>(`/api/companies/${id}`, { query: { include: 'fund' } }).then((r) => r.data),
  });
}

export function useMaturityStatuses(id: number | string) {
  return useQuery({
    queryKey: companyKeys.statuses(id),
    queryFn: () => api<{ data: MaturityStatusEntry[] }>(`/api/companies/${id}/maturity-statuses`).then((r) => r.data),
  });
}

/** Any write to a fund investment refreshes every view of them (and a fund's portfolio and analysis). */
export function useCompanyAction<Input, Output = unknown>(action: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: () =>
      Promise.all([client.invalidateQueries({ queryKey: companyKeys.all }), client.invalidateQueries({ queryKey: ['funds'] })]),
  });
}

export const deleteCompany = (id: number) => api<void>(`/api/companies/${id}`, { method: 'DELETE' });

/** The record-status form's values (`createMaturityStatusBody`). */
export interface MaturityStatusValues extends Record<string, unknown> {
  status: string;
  date: string;
  note: string;
}

export const maturityStatusBody = (v: MaturityStatusValues) => ({ status: v.status, date: v.date, note: v.note.trim() });

export const recordMaturityStatus = (id: number, body: ReturnType<typeof maturityStatusBody>) =>
  api<{ data: MaturityStatusEntry }>(`/api/companies/${id}/maturity-statuses`, { method: 'POST', body });
