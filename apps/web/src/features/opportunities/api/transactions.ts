import { useQueryClient } from '@tanstack/react-query';
import type { StaffInvestment as Transaction } from '@platform/domain';
import { api, newIdempotencyKey } from '../../../app/api-client';
import { useListQuery } from '../../../app/use-list-query';

/** A staff view of an investment, with its investor and holder. */
export type { Transaction };

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
