import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffNotificationSetting, StaffNotificationSettingsInput } from '@platform/domain';
import { api } from '../../../app/api-client';

const KEY = ['staff-notification-settings'] as const;

/** The signed-in member of staff's switches per kind of staff notification (bell, daily digest). */
export function useStaffNotificationSettings() {
  return useQuery({
    queryKey: KEY,
    queryFn: () => api<{ data: StaffNotificationSetting[] }>('/api/notifications/admin/settings').then((r) => r.data),
  });
}

export function useSaveStaffNotificationSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffNotificationSettingsInput) =>
      api<{ data: StaffNotificationSetting[] }>('/api/notifications/admin/settings', { method: 'PATCH', body }).then((r) => r.data),
    onSuccess: (data) => client.setQueryData(KEY, data),
  });
}
