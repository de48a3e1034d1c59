import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { PreEmptionEntitlement as Entitlement, PreEmptionRound, StaffInvestment } from '@platform/domain';
import { api } from '../../../app/api-client';

export type { Entitlement, PreEmptionRound };

const roundsKey = (opportunityId: number) => ['pre-emption-rounds', opportunityId] as const;

export function usePreEmptionRounds(opportunityId: number) {
  return useQuery({
    queryKey: roundsKey(opportunityId),
    queryFn: () =>
      api<{ data: PreEmptionRound[] }>('/api/pre-emption-rounds', { query: { 'filter[opportunity_id]': opportunityId } }).then(
        (r) => r.data,
      ),
  });
}

/** After any write the rounds are read again, so totals always come from the server. */
export function useRefreshRounds(opportunityId: number) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: roundsKey(opportunityId) });
}

export const openRound = (body: {
  opportunity_id: number;
  name: string;
  price_per_share: string;
  amount_available: string;
  deadline: string;
}) => api<{ data: PreEmptionRound }>('/api/pre-emption-rounds', { method: 'POST', body });

export const updateRound = (id: number, body: { name?: string; deadline?: string; is_open?: boolean }) =>
  api<{ data: PreEmptionRound }>(`/api/pre-emption-rounds/${id}`, { method: 'PATCH', body });

export const deleteRound = (id: number) => api(`/api/pre-emption-rounds/${id}`, { method: 'DELETE' });

export const recordChoice = (roundId: number, body: { entitlement_id: number; choice: number; requested_amount?: string }) =>
  api<{ data: PreEmptionRound }>(`/api/pre-emption-rounds/${roundId}/choices`, { method: 'POST', body });

/** Turns a closed round's allotments into follow-on investments paid on the day; a second call creates nothing more. */
export const convertAllotments = (roundId: number, investedOn: string) =>
  api<{ data: StaffInvestment[] }>(`/api/pre-emption-rounds/${roundId}/subsequent-investments`, {
    method: 'POST',
    body: { invested_on: investedOn },
  });

// ——— Investor portal ———

const myRoundsKey = (opportunityId: number) => ['my-portfolio', opportunityId, 'pre-emption-rounds'] as const;

/** Open rounds of one of the investor's holdings, with their own entitlements only. */
export function useMyPreEmptionRounds(opportunityId: number) {
  return useQuery({
    queryKey: myRoundsKey(opportunityId),
    queryFn: () => api<{ data: PreEmptionRound[] }>(`/api/my/portfolio/${opportunityId}/pre-emption-rounds`).then((r) => r.data),
  });
}

export function useAnswerPreEmption(opportunityId: number) {
  const client = useQueryClient();
  return async (entitlementId: number, body: { choice: number; requested_amount?: string }) => {
    await api(`/api/my/pre-emption-entitlements/${entitlementId}/choice`, { method: 'POST', body });
    await client.invalidateQueries({ queryKey: myRoundsKey(opportunityId) });
  };
}
