import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MaturityStatus } from '@platform/domain';
import { api } from '../../../app/api-client';
import { useListQuery, type ListParams } from '../../../app/use-list-query';

/** A fund investment, the spec's "company" (server: modules/companies/presenter.ts, with include=fund). */
export interface Company {
  id: number;
  fund_id: number;
  company_name: string;
  industry: string | null;
  stage: string | null;
  investment_date: string | null;
  cost: string;
  current_valuation: string | null;
  valuation_date: string | null;
  maturity_status: MaturityStatus;
  description: string | null;
  key_information: string | null;
  created_at: string;
  updated_at: string;
  fund?: { id: number; name: string; currency: string } | null;
}

export interface MaturityStatusEntry {
  id: number;
  fund_investment_id: number;
  status: MaturityStatus;
  date: string;
  note: string | null;
  recorded_by: { id: number; name: string } | null;
  created_at: string;
}

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

export const recordMaturityStatus = (id: number, body: { status: string; date: string; note: string }) =>
  api<{ data: MaturityStatusEntry }>(`/api/companies/${id}/maturity-statuses`, { method: 'POST', body });
