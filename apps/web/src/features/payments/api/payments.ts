import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CardCheckout, FeeRequest, MembershipOverview, MembershipPlan, Payment, PaymentTotals } from '@platform/domain';
import { api, newIdempotencyKey, type Page } from '../../../app/api-client';

/**
 * The ledger for staff (decision 0050), and memberships and fees paid by card (decision 0058): the
 * investor's own at /api/subscription-payment and /api/single-payment, or, given an investor id,
 * what staff see on that investor's record.
 */
export type PaymentFilters = Record<string, string | undefined>;

const filterQuery = (filters: PaymentFilters) =>
  Object.fromEntries(Object.entries(filters).map(([k, v]) => [`filter[${k}]`, v || undefined]));

/** The payments chosen, their totals per currency. */
export function usePayments(filters: PaymentFilters) {
  const query = filterQuery(filters);
  const list = useQuery({
    queryKey: ['payments', 'list', filters],
    queryFn: () => api<Page<Payment>>('/api/payments', { query: { ...query, per_page: 100 } }),
    placeholderData: keepPreviousData,
  });
  const totals = useQuery({
    queryKey: ['payments', 'totals', filters],
    queryFn: () => api<{ data: PaymentTotals }>('/api/payments/totals', { query }).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
  return { list, totals };
}

/** Off to the provider's hosted checkout: the browser leaves the app and comes back to the page. */
const goToCheckout = (path: string, body?: Record<string, unknown>) =>
  api<{ data: CardCheckout }>(path, { method: 'POST', body, idempotencyKey: newIdempotencyKey() }).then((r) =>
    window.location.assign(r.data.url),
  );

const membershipKey = (investorId?: number) => ['membership', investorId ?? 'mine'] as const;
const feesKey = (investorId?: number) => ['fee-requests', investorId ?? 'mine'] as const;

export function useMembership(investorId?: number) {
  return useQuery({
    queryKey: membershipKey(investorId),
    queryFn: () =>
      api<{ data: MembershipOverview }>(investorId ? `/api/users/${investorId}/subscription-payment` : '/api/subscription-payment').then(
        (r) => r.data,
      ),
  });
}

/** The investor starts, changes and cancels their membership. */
export function useMembershipActions() {
  const client = useQueryClient();
  const settle = (data: MembershipOverview) => client.setQueryData(membershipKey(), data);
  return {
    start: useMutation({ mutationFn: (planId: number) => goToCheckout('/api/subscription-payment', { plan_id: planId }) }),
    change: useMutation({
      mutationFn: (planId: number) =>
        api<{ data: MembershipOverview }>('/api/subscription-payment', { method: 'PATCH', body: { plan_id: planId } }).then((r) => r.data),
      onSuccess: settle,
    }),
    cancel: useMutation({
      mutationFn: () => api<{ data: MembershipOverview }>('/api/subscription-payment/cancel', { method: 'POST' }).then((r) => r.data),
      onSuccess: settle,
    }),
  };
}

export function useFeeRequests(investorId?: number) {
  return useQuery({
    queryKey: feesKey(investorId),
    queryFn: () =>
      api<{ data: FeeRequest[] }>(investorId ? `/api/users/${investorId}/single-payments` : '/api/single-payment').then((r) => r.data),
  });
}

export function usePayFee() {
  return useMutation({ mutationFn: (id: number) => goToCheckout(`/api/single-payment/${id}/checkout`) });
}

/** Staff ask an investor for a fee, or withdraw one not yet paid. */
export function useFeeRequestActions(investorId: number) {
  const client = useQueryClient();
  const onSuccess = () => void client.invalidateQueries({ queryKey: feesKey(investorId) });
  return {
    request: useMutation({
      mutationFn: (body: Record<string, unknown>) =>
        api<{ data: FeeRequest }>('/api/single-payment', {
          method: 'POST',
          body: { ...body, user_id: investorId },
          idempotencyKey: newIdempotencyKey(),
        }),
      onSuccess,
    }),
    withdraw: useMutation({
      mutationFn: (id: number) => api<{ data: FeeRequest }>(`/api/single-payment/${id}/withdraw`, { method: 'POST' }),
      onSuccess,
    }),
  };
}

export function useMembershipPlans() {
  return useQuery({
    queryKey: ['membership-plans'],
    queryFn: () => api<{ data: MembershipPlan[] }>('/api/membership-plans').then((r) => r.data),
  });
}

export function useMembershipPlanActions() {
  const client = useQueryClient();
  const onSuccess = () => void client.invalidateQueries({ queryKey: ['membership-plans'] });
  return {
    create: useMutation({
      mutationFn: (body: Record<string, unknown>) => api<{ data: MembershipPlan }>('/api/membership-plans', { method: 'POST', body }),
      onSuccess,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: number; body: Record<string, unknown> }) =>
        api<{ data: MembershipPlan }>(`/api/membership-plans/${id}`, { method: 'PATCH', body }),
      onSuccess,
    }),
  };
}
