import { useQuery } from '@tanstack/react-query';
import type {
  AmlCount,
  ComplianceCount,
  InvestorCategorisationStats,
  InvestorCountByDate,
  LatestActivity,
  LiveOpportunityCount,
  Task,
  TotalInvestmentValue,
  TrioBreakdown,
  UserCountStats,
} from '@platform/domain';
import { api, type Page } from '../../../app/api-client';

/** One figure of /api/stats/* (spec §7.6). */
const useStat = <T>(path: string) =>
  useQuery({ queryKey: ['stats', path], queryFn: () => api<{ data: T }>(`/api/stats/${path}`).then((r) => r.data) });

export const useUserCounts = () => useStat<UserCountStats>('user-count');
export const useRegistrationsByDay = () => useStat<InvestorCountByDate>('investor-count-by-date');
export const useInvestmentValue = () => useStat<TotalInvestmentValue>('total-investment-value');
export const useLiveOpportunities = () => useStat<LiveOpportunityCount>('live-opportunity-count');
export const useTrioBreakdown = () => useStat<TrioBreakdown>('trio-breakdown');
export const useInvestorCategories = () => useStat<InvestorCategorisationStats>('investor-categorisation');
export const useAmlCount = () => useStat<AmlCount>('aml-count');
export const useComplianceCount = () => useStat<ComplianceCount>('compliance-count');

const MY_TASKS = 6;

/** The signed-in member of staff's open tasks, soonest due first. */
export const useMyTasks = (userId: number | undefined) =>
  useQuery({
    queryKey: ['records', 'tasks', 'mine', userId],
    enabled: userId !== undefined,
    queryFn: () =>
      api<Page<Task>>('/api/tasks', {
        query: { 'filter[assignee_id]': userId, 'filter[status]': 'open', sort: 'due_date', per_page: MY_TASKS },
      }),
  });

/** The newest changes to records this member of staff may open (`/api/activity/latest`). */
export const useLatestActivity = (limit: number) =>
  useQuery({
    queryKey: ['activity', 'latest', limit],
    queryFn: () => api<{ data: LatestActivity[] }>('/api/activity/latest', { query: { limit } }).then((r) => r.data),
  });
