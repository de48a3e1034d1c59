import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BrandingSettings, DefaultAssociates, InviteStaffInput, StaffAccount } from '@platform/domain';
import { api } from '../../../app/api-client';
import { publicSettingsQuery } from '../../../app/settings';
import type { ListParams } from '../../../app/use-list-query';
import { useListQuery } from '../../../app/use-list-query';

const STAFF = 'admin-accounts';

export function useStaffAccounts(params: ListParams) {
  return useListQuery<StaffAccount>(STAFF, params);
}

/** A change to a staff account refreshes the list. */
export function useStaffAction<Input, Output = unknown>(action: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: action, onSettled: () => client.invalidateQueries({ queryKey: [STAFF] }) });
}

type One = { data: StaffAccount };
export const inviteStaff = (input: InviteStaffInput) => api<One>('/api/admin-accounts', { method: 'POST', body: { ...input } });
export const changeStaffRole = ({ id, roleId }: { id: number; roleId: number }) =>
  api<One>(`/api/admin-accounts/${id}`, { method: 'PATCH', body: { role_id: roleId } });
export const deactivateStaff = (id: number) => api<One>(`/api/admin-accounts/${id}/deactivate`, { method: 'POST' });
export const reactivateStaff = (id: number) => api<One>(`/api/admin-accounts/${id}/reactivate`, { method: 'POST' });
/** Resets another person's two-factor sign-in (a lost phone), with the reason; they are signed out and told by e-mail. */
export const resetTwoFactor = ({ id, reason }: { id: number; reason: string }) =>
  api<void>(`/api/users/${id}/two-factor/reset`, { method: 'POST', body: { reason } });
export const resendStaffInvitation = (id: number) =>
  api<{ message: string }>(`/api/admin-accounts/${id}/resend-invitation`, { method: 'POST' });

const brandingKey = ['branding'] as const;

export function useBrandingSettings() {
  return useQuery({ queryKey: brandingKey, queryFn: () => api<{ data: BrandingSettings }>('/api/branding/1').then((r) => r.data) });
}

/**
 * Saves branding, flags or images through /api/branding. Every page reads the public settings, so
 * they are refetched at once here; other people's pages pick the change up when they next load them.
 */
export function useSaveBranding() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown> | FormData) =>
      api<{ data: BrandingSettings }>('/api/branding', body instanceof FormData ? { method: 'POST', body } : { method: 'PATCH', body }),
    onSuccess: ({ data }) => {
      client.setQueryData(brandingKey, data);
      return client.invalidateQueries({ queryKey: publicSettingsQuery.queryKey });
    },
  });
}

const associatesKey = ['default-investor-associates'] as const;
const ASSOCIATES = '/api/default-investor-associates';

/** The owner and adviser new investors get while `enableDefaultInvestorAssociates` is on. */
export function useDefaultAssociates(enabled: boolean) {
  return useQuery({ queryKey: associatesKey, queryFn: () => api<{ data: DefaultAssociates }>(ASSOCIATES).then((r) => r.data), enabled });
}

export function useSaveDefaultAssociates() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<DefaultAssociates>) => api<{ data: DefaultAssociates }>(ASSOCIATES, { method: 'PATCH', body }),
    onSuccess: ({ data }) => client.setQueryData(associatesKey, data),
  });
}
