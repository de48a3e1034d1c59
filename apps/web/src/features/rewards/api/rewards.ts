import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateRewardInput, MyRewards, Reward, UpdateRewardInput } from '@platform/domain';
import { api } from '../../../app/api-client';

export const rewardKeys = {
  all: ['rewards'] as const,
  staff: (opportunityId: number) => ['rewards', 'staff', opportunityId] as const,
  mine: (opportunityId: number) => ['rewards', 'mine', opportunityId] as const,
};

/** An opportunity's perks, lowest tier first (staff). */
export function useRewards(opportunityId: number) {
  return useQuery({
    queryKey: rewardKeys.staff(opportunityId),
    queryFn: () => api<{ data: Reward[] }>('/api/rewards', { query: { opportunity_id: opportunityId } }).then((r) => r.data),
  });
}

/** The perks of an opportunity for the signed-in investor, with the tiers their holding reaches. */
export function useMyRewards(opportunityId: number) {
  return useQuery({
    queryKey: rewardKeys.mine(opportunityId),
    queryFn: () => api<{ data: MyRewards }>('/api/my/rewards', { query: { opportunity_id: opportunityId } }).then((r) => r.data),
  });
}

/** Adds a perk, or changes one (`id`). */
export function useSaveReward() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: CreateRewardInput | UpdateRewardInput }) =>
      api<{ data: Reward }>(id ? `/api/rewards/${id}` : '/api/rewards', { method: id ? 'PATCH' : 'POST', body }).then((r) => r.data),
    onSuccess: () => void client.invalidateQueries({ queryKey: rewardKeys.all }),
  });
}

export function useDeleteReward() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<null>(`/api/rewards/${id}`, { method: 'DELETE' }),
    onSuccess: () => void client.invalidateQueries({ queryKey: rewardKeys.all }),
  });
}
