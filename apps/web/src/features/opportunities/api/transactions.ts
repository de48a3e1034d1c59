import { useQueryClient } from '@tanstack/react-query';
import { api, newIdempotencyKey } from '../../../app/api-client';
import { useListQuery } from '../../../app/use-list-query';

/** A staff view of an investment (server: presentInvestmentsWith with user and holder). */
export interface Transaction {
  id: number;
  user_id: number;
  user: { id: number; name: string; email: string } | null;
  holder: { type: string; id: number | null; name: string } | null;
  holder_type_label: string;
  type: string;
  status: 'reserved' | 'cash_call' | 'paid' | 'completed' | 'cancelled';
  status_label: string;
  amount: string;
  currency: string;
  shares: string | null;
  payment_reference: string;
  cancel_reason: string | null;
  created_at: string;
}

export function useTransactions(opportunityId: number, page: number, sort: string) {
  return useListQuery<Transaction>('investments', {
    page,
    perPage: 25,
    sort,
    filters: { opportunity_id: String(opportunityId) },
    include: 'user,holder',
  });
}

/** A staff move on an investment; lists of investments and opportunities (committed totals) refresh. */
export function useTransactionMove() {
  const client = useQueryClient();
  return async (id: number, action: 'cash-call' | 'mark-paid' | 'cancel', body?: Record<string, unknown>) => {
    // One key per move: a menu item closes as it is chosen, so a choice is one submission.
    await api(`/api/investments/${id}/${action}`, { method: 'POST', body, idempotencyKey: newIdempotencyKey() });
    await Promise.all([
      client.invalidateQueries({ queryKey: ['investments'] }),
      client.invalidateQueries({ queryKey: ['investment-opportunities'] }),
    ]);
  };
}
