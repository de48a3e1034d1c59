import { useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateShareIssueInput,
  HoldingTaxRelief,
  InvestmentTaxReliefInput,
  ShareIssue,
  StaffInvestment,
  TaxCertificate,
  UpdateShareIssueInput,
} from '@platform/domain';
import { api } from '../../../app/api-client';

export type { HoldingTaxRelief, ShareIssue, StaffInvestment };

const issuesKey = (opportunityId: number) => ['share-issues', opportunityId] as const;
const investmentsKey = (opportunityId: number) => ['share-issues', opportunityId, 'investments'] as const;

/** A company's share issues, each with its beneficial owners and their certificates. */
export function useShareIssues(opportunityId: number) {
  return useQuery({
    queryKey: issuesKey(opportunityId),
    queryFn: () =>
      api<{ data: ShareIssue[] }>('/api/share-issues', { query: { 'filter[opportunity_id]': opportunityId } }).then((r) => r.data),
  });
}

/** The company's held investments, for recording the relief each claims. */
export function useHeldInvestments(opportunityId: number) {
  return useQuery({
    queryKey: investmentsKey(opportunityId),
    queryFn: () =>
      api<{ data: StaffInvestment[] }>('/api/investments', {
        query: { 'filter[opportunity_id]': opportunityId, 'filter[status]': 'paid,completed', include: 'user,holder', per_page: 100 },
      }).then((r) => r.data),
  });
}

/** After any write the issues and investments are read again, so owners and certificates come from the server. */
export function useRefreshTax(opportunityId: number) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: issuesKey(opportunityId) });
}

export const createShareIssue = (body: CreateShareIssueInput) => api<{ data: ShareIssue }>('/api/share-issues', { method: 'POST', body });

export const updateShareIssue = (id: number, body: UpdateShareIssueInput) =>
  api<{ data: ShareIssue }>(`/api/share-issues/${id}`, { method: 'PATCH', body });

export function uploadCertificate(issueId: number, userId: number, file: File, reference: string) {
  const form = new FormData();
  form.append('user_id', String(userId));
  if (reference) form.append('certificate_reference', reference);
  form.append('file', file);
  return api<{ data: TaxCertificate }>(`/api/share-issues/${issueId}/certificates`, { method: 'POST', body: form });
}

export const recordInvestmentRelief = (investmentId: number, body: InvestmentTaxReliefInput) =>
  api<{ data: StaffInvestment }>(`/api/investments/${investmentId}/tax-relief`, { method: 'PATCH', body });

/** The investor's relief, holding clock and certificates on one holding. */
export function useHoldingTaxRelief(opportunityId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['my-portfolio', opportunityId, 'tax-relief'],
    queryFn: () => api<{ data: HoldingTaxRelief }>(`/api/my/portfolio/${opportunityId}/tax-relief`).then((r) => r.data),
    enabled,
  });
}
