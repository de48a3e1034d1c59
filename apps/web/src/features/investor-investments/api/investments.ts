import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CardCheckout, HolderType, InvestorInvestment as MyInvestment, MyHolders, PaymentSentInput } from '@platform/domain';
import { api, newIdempotencyKey, type Page } from '../../../app/api-client';
import { MY_INVESTMENTS_PAGE } from '../../../app/first-requests';

/** The investor's own investment: its portal category and how to pay. */
export type { MyInvestment };

export const myInvestmentKeys = { all: ['my-investments'] as const };

/** Every live investment of the investor (a portal holds a handful, so one large page). */
export function useMyInvestments(opportunityId?: number) {
  return useQuery({
    queryKey: [...myInvestmentKeys.all, opportunityId ?? 'all'],
    queryFn: () =>
      api<Page<MyInvestment>>('/api/my/investments', {
        query: { ...MY_INVESTMENTS_PAGE, ...(opportunityId ? { 'filter[opportunity_id]': opportunityId } : {}) },
      }).then((r) => r.data),
  });
}

export function useHolders() {
  return useQuery({ queryKey: ['my-holders'], queryFn: () => api<{ data: MyHolders }>('/api/my/holders').then((r) => r.data) });
}

export interface ReserveInput extends Record<string, unknown> {
  opportunity_id: number;
  amount: string;
  holder_type?: HolderType;
  ownership_choice_id?: number;
  save_as_default?: boolean;
  organisation_id?: number;
  investment_method_entity_id?: number;
  nominee_id?: number;
  accept_terms?: boolean;
  term_condition_id?: number;
}

export function useReserve() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: ReserveInput; idempotencyKey: string }) =>
      api<{ data: MyInvestment }>('/api/investments/investor', { method: 'POST', body: input, idempotencyKey }).then((r) => r.data),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: myInvestmentKeys.all });
      void client.invalidateQueries({ queryKey: ['investment-opportunities'] });
    },
  });
}

/** Opens the card provider's checkout for one of the investor's investments (decision 0011). */
export function usePayByCard() {
  return useMutation({
    // One key per press of the button: the button is busy until the answer, so a press is one submission.
    mutationFn: (id: number) =>
      api<{ data: CardCheckout }>(`/api/investments/${id}/stripe`, { method: 'POST', idempotencyKey: newIdempotencyKey() }).then(
        (r) => r.data.url,
      ),
    onSuccess: (url) => window.location.assign(url),
  });
}

/** The investor's "I've paid" on a reservation or cash call: recorded once, for staff to look out for the money. */
export function useMarkPaymentSent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: PaymentSentInput }) =>
      api<{ data: MyInvestment }>(`/api/my/investments/${id}/payment-sent`, {
        method: 'POST',
        body,
        idempotencyKey: newIdempotencyKey(),
      }).then((r) => r.data),
    onSuccess: () => void client.invalidateQueries({ queryKey: myInvestmentKeys.all }),
  });
}
