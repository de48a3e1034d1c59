import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { INVESTOR_GATES, type InvestorGate, type InvestorGates } from '@platform/domain';
import { api, ApiError } from '../../../app/api-client';

const investorGatesKey = ['my', 'investor-gates'] as const;

/** Where the investor stands with the gates before promotions and investing; asked afresh on every page that needs it. */
export function useInvestorGates() {
  return useQuery({
    queryKey: investorGatesKey,
    queryFn: () => api<{ data: InvestorGates }>('/api/my/investor-gates').then((r) => r.data),
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

export function useAcknowledgeRiskWarning() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ data: InvestorGates }>('/api/my/risk-warning-acknowledgement', { method: 'POST' }).then((r) => r.data),
    onSuccess: (gates) => client.setQueryData(investorGatesKey, gates),
  });
}

/** The gate a 403 names (`code`), if the error is one: the page then leads the investor to that step. */
export function gateOf(error: unknown): InvestorGate | null {
  if (!(error instanceof ApiError) || error.status !== 403) return null;
  const code = error.step?.code;
  return (INVESTOR_GATES as readonly string[]).includes(code ?? '') ? (code as InvestorGate) : null;
}
