import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CashCallReminderScheduleView, UpdateCashCallReminderScheduleInput } from '@platform/domain';
import { api } from '../../../app/api-client';

const key = ['cash-calls', 'reminder-schedule'];

/** When the firm reminds unpaid cash calls (decision 0061). */
export function useReminderSchedule() {
  return useQuery({
    queryKey: key,
    queryFn: () => api<{ data: CashCallReminderScheduleView }>('/api/cash-calls/reminder-schedule').then((r) => r.data),
  });
}

export function useSaveReminderSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateCashCallReminderScheduleInput) =>
      api<{ data: CashCallReminderScheduleView }>('/api/cash-calls/reminder-schedule', { method: 'PATCH', body }).then((r) => r.data),
    onSuccess: (data) => queryClient.setQueryData(key, data),
  });
}
