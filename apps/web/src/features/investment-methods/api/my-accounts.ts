import { useQuery } from '@tanstack/react-query';
import type { MyMethodAccountDetail } from '@platform/domain';
import { api } from '../../../app/api-client';

/** One of the investor's own accounts with a method, with what they invested through it. */
export function useMyMethodAccount(id: string) {
  return useQuery({
    queryKey: ['my', 'investment-method-entities', id],
    queryFn: () => api<{ data: MyMethodAccountDetail }>(`/api/my/investment-method-entities/${id}`).then((r) => r.data),
  });
}
