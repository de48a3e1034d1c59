import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateKpiInput,
  CreateKpiValueInput,
  HoldingKpis,
  Kpi,
  KpiCategory,
  KpiCompany,
  KpiGridRow,
  KpiUnit,
  KpiValue,
} from '@platform/domain';
import { api, type Page } from '../../../app/api-client';
import { formatAmount, formatPercent, formatUnits } from '../../../app/format';
import type { ListParams } from '../../../app/use-list-query';
import { useListQuery } from '../../../app/use-list-query';

export type { HoldingKpis, Kpi, KpiCategory, KpiCompany, KpiGridRow, KpiValue };

const keys = {
  all: ['kpis'] as const,
  categories: ['kpis', 'categories'] as const,
  definitions: ['kpis', 'definitions'] as const,
  companies: ['kpis', 'companies'] as const,
  values: (filter: Record<string, string>) => ['kpis', 'values', filter] as const,
  holding: (id: number) => ['kpis', 'holding', id] as const,
};

/** A KPI value as people read it: money in the company's currency, a percentage, or a plain number. */
export function formatKpiValue(value: string | null | undefined, unit: KpiUnit, currency: string): string {
  if (unit === 'currency') return formatAmount(value, currency);
  if (unit === 'percentage') return formatPercent(value);
  return formatUnits(value);
}

export function useKpiCategories() {
  return useQuery({
    queryKey: keys.categories,
    queryFn: () => api<{ data: KpiCategory[] }>('/api/kpi-categories').then((r) => r.data),
  });
}

/** Every KPI definition, by name (a settings list: small). */
export function useAllKpis() {
  return useQuery({
    queryKey: keys.definitions,
    queryFn: () => api<Page<Kpi>>('/api/kpis', { query: { per_page: 100, sort: 'name' } }).then((r) => r.data),
  });
}

/** The KPI settings list, paged and filtered as the URL says. */
export function useKpiList(params: ListParams) {
  return useListQuery<Kpi>('kpis', params);
}

export function useKpiCompanies() {
  return useQuery({
    queryKey: keys.companies,
    queryFn: () => api<{ data: KpiCompany[] }>('/api/reports/kpis/companies').then((r) => r.data),
  });
}

export function useKpiGrid(params: ListParams) {
  return useListQuery<KpiGridRow>('reports/kpis', params);
}

/** Values of some companies (`opportunity_id`) or some KPIs (`kpi_id`), comma-separated ids. */
export function useKpiValues(filter: { opportunity_id?: string; kpi_id?: string }, enabled = true) {
  const query: Record<string, string> = {};
  if (filter.opportunity_id) query['filter[opportunity_id]'] = filter.opportunity_id;
  if (filter.kpi_id) query['filter[kpi_id]'] = filter.kpi_id;
  return useQuery({
    queryKey: keys.values(query),
    queryFn: () => api<{ data: KpiValue[] }>('/api/kpi-values', { query }).then((r) => r.data),
    enabled: enabled && Object.keys(query).length > 0,
  });
}

export function useHoldingKpis(opportunityId: number) {
  return useQuery({
    queryKey: keys.holding(opportunityId),
    queryFn: () => api<{ data: HoldingKpis }>(`/api/my/portfolio/${opportunityId}/kpis`).then((r) => r.data),
  });
}

/** A change to KPIs: every KPI query is read again (categories' counts, lists, values, the grid). */
export function useKpiAction<V>(action: (values: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: async () => {
      await Promise.all([client.invalidateQueries({ queryKey: keys.all }), client.invalidateQueries({ queryKey: ['reports/kpis'] })]);
    },
  });
}

export const saveCategory = (id: number | null, name: string) =>
  api(id ? `/api/kpi-categories/${id}` : '/api/kpi-categories', { method: id ? 'PATCH' : 'POST', body: { name } });
export const deleteCategory = (id: number) => api(`/api/kpi-categories/${id}`, { method: 'DELETE' });

export type KpiFormValues = { name: string; category_id: string; unit: string; frequency: string; investor_visible: boolean };
export const kpiBody = (v: KpiFormValues): CreateKpiInput => ({
  name: v.name,
  category_id: v.category_id,
  unit: v.unit as CreateKpiInput['unit'],
  frequency: v.frequency as CreateKpiInput['frequency'],
  investor_visible: v.investor_visible,
});
export const saveKpi = (id: number | null, v: KpiFormValues) =>
  api(id ? `/api/kpis/${id}` : '/api/kpis', { method: id ? 'PATCH' : 'POST', body: kpiBody(v) });
export const deleteKpi = (id: number) => api(`/api/kpis/${id}`, { method: 'DELETE' });

export type KpiValueFormValues = { kpi_id: string; period: string; value: string; note: string };
export const kpiValueBody = (opportunityId: number, v: KpiValueFormValues): CreateKpiValueInput => ({
  kpi_id: v.kpi_id,
  opportunity_id: opportunityId,
  period: v.period,
  value: v.value,
  note: v.note,
});
export const createKpiValue = (body: CreateKpiValueInput) => api('/api/kpi-values', { method: 'POST', body });
export const deleteKpiValue = (id: number) => api(`/api/kpi-values/${id}`, { method: 'DELETE' });
