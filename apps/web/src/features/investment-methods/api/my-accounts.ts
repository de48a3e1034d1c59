import { useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api-client';

/** Server: modules/investment-methods/my-accounts.ts — the investor's own accounts. */
export interface MyMethodAccount {
  id: number;
  reference: string | null;
  method: { id: number; name: string; type: string; type_label: string; provider: string | null };
  created_at: string;
  investments?: Array<{
    id: number;
    opportunity: string;
    amount: string;
    currency: string;
    status: string;
    status_label: string;
    created_at: string;
  }>;
}

export function useMyMethodAccount(id: string) {
  return useQuery({
    queryKey: ['my', 'investment-method-entities', id],
    queryFn: () => api<{ data: MyMethodAccount }>(`/api/my/investment-method-entities/${id}`).then((r) => r.data),
  });
}
