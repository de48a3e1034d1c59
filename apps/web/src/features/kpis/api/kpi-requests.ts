import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AcceptKpiRequestInput, CreateKpiRequestInput, KpiRequest, KpiRequestForm, SubmitKpiRequestInput } from '@platform/domain';
import { api } from '../../../app/api-client';
import { type ListParams, useListQuery } from '../../../app/use-list-query';

export type { KpiRequest, KpiRequestForm };

const RESOURCE = 'kpi-requests';

/** A page of KPI requests: across the portfolio, or one company's (`filters.opportunity_id`). */
export function useKpiRequests(params: ListParams) {
  return useListQuery<KpiRequest>(RESOURCE, params);
}

/** A change to a request: the request lists, and the KPI values and grid (accepting writes values), are read again. */
export function useKpiRequestAction<V>(action: (values: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: async () => {
      await Promise.all([[RESOURCE], ['kpis'], ['reports/kpis']].map((queryKey) => client.invalidateQueries({ queryKey })));
    },
  });
}

export type KpiRequestFormValues = {
  period: string;
  kpi_ids: string[];
  contact_name: string;
  contact_email: string;
  message: string;
};
export const kpiRequestBody = (opportunityId: string, v: KpiRequestFormValues): CreateKpiRequestInput => ({
  opportunity_id: opportunityId,
  period: v.period,
  kpi_ids: v.kpi_ids,
  contact_name: v.contact_name,
  contact_email: v.contact_email,
  message: v.message,
});
export const sendKpiRequest = (body: CreateKpiRequestInput) => api(`/api/${RESOURCE}`, { method: 'POST', body });
export const resendKpiRequest = (id: number) => api(`/api/${RESOURCE}/${id}/resend`, { method: 'POST' });
export const cancelKpiRequest = (id: number) => api(`/api/${RESOURCE}/${id}/cancel`, { method: 'POST' });
export const acceptKpiRequest = (id: number, body: AcceptKpiRequestInput) => api(`/api/${RESOURCE}/${id}/accept`, { method: 'POST', body });
export const rejectKpiRequest = (id: number, reason: string) => api(`/api/${RESOURCE}/${id}/reject`, { method: 'POST', body: { reason } });

// ——— The founder's form, behind the mailed link ———

const formKey = (token: string) => ['kpi-request-form', token] as const;

export function useKpiRequestForm(token: string) {
  return useQuery({
    queryKey: formKey(token),
    queryFn: () => api<{ data: KpiRequestForm }>(`/api/kpi-request-forms/${token}`).then((r) => r.data),
    retry: false,
  });
}

export function useSubmitKpiRequestForm(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SubmitKpiRequestInput) =>
      api<{ data: KpiRequestForm }>(`/api/kpi-request-forms/${token}`, { method: 'POST', body }).then((r) => r.data),
    onSuccess: (form) => client.setQueryData(formKey(token), form),
  });
}
