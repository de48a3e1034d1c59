import { useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api-client';

export interface UserCounts {
  investors: number;
  staff: number;
  verified_investors: number;
  unverified_investors: number;
  pending_terms: number;
}

export const useUserCounts = () =>
  useQuery({ queryKey: ['stats', 'user-count'], queryFn: () => api<{ data: UserCounts }>('/api/stats/user-count').then((r) => r.data) });

export const useRegistrationsByDay = () =>
  useQuery({
    queryKey: ['stats', 'investor-count-by-date'],
    queryFn: () => api<{ data: Array<{ date: string; count: number }> }>('/api/stats/investor-count-by-date').then((r) => r.data),
  });
