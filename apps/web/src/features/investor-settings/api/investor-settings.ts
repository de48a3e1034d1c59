import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ComplianceBank, ComplianceQuestion, InvestorSettings } from '@platform/domain';
import { api } from '../../../app/api-client';
import { publicSettingsQuery } from '../../../app/settings';

const settingsKey = ['investor-settings'] as const;

export function useInvestorSettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: () => api<{ data: InvestorSettings }>('/api/investor-settings').then((r) => r.data),
  });
}

/** The pages of Settings › Investor that save through their own route. */
export type InvestorSettingsPage = 'categories' | 'terms' | 'risk-warning' | 'market-sounding' | 'appropriateness-test';

/** Saves one page; the public settings (terms version, texts) are refetched with it. */
export function useSaveInvestorSettings(page: InvestorSettingsPage) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      api<{ data: InvestorSettings }>(`/api/investor-settings/${page}`, { method: 'PATCH', body }).then((r) => r.data),
    onSuccess: (data) => {
      client.setQueryData(settingsKey, data);
      return client.invalidateQueries({ queryKey: publicSettingsQuery.queryKey });
    },
  });
}

const questionsKey = (bank: ComplianceBank) => ['compliance-questions', bank] as const;

export function useQuestionBank(bank: ComplianceBank) {
  return useQuery({
    queryKey: questionsKey(bank),
    queryFn: () => api<{ data: ComplianceQuestion[] }>(`/api/compliance-questions?include=options&bank=${bank}`).then((r) => r.data),
  });
}

/** Creates (no id) or edits a question of a bank; the bank's list is refetched. */
export function useSaveQuestion(bank: ComplianceBank) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: Record<string, unknown> }) =>
      id
        ? api(`/api/compliance-questions/${id}`, { method: 'PATCH', body })
        : api('/api/compliance-questions', { method: 'POST', body: { ...body, bank } }),
    onSettled: () => client.invalidateQueries({ queryKey: questionsKey(bank) }),
  });
}

export function useDeleteQuestion(bank: ComplianceBank) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(`/api/compliance-questions/${id}`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: questionsKey(bank) }),
  });
}
