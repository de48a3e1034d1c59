import { useQuery } from '@tanstack/react-query';
import type { InvestorCountByDate, UserCountStats } from '@platform/domain';
import { api } from '../../../app/api-client';

export const useUserCounts = () =>
  useQuery({
    queryKey: ['stats', 'user-count'],
    queryFn: () => api<{ data: UserCountStats }>('/api/stats/user-count').then((r) => r.data),
  });

export const useRegistrationsByDay = () =>
  useQuery({
    queryKey: ['stats', 'investor-count-by-date'],
    queryFn: () => api<{ data: InvestorCountByDate }>('/api/stats/investor-count-by-date').then((r) => r.data),
  });
