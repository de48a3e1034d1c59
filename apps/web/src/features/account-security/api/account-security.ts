import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AccountDetailsInput,
  ActiveSession,
  EmailChangeInput,
  MessageBody,
  PasswordPolicy,
  RecoveryCodes,
  SecuritySettings,
  SecuritySettingsInput,
  TwoFactorSetup,
  TwoFactorStatus,
} from '@platform/domain';
import { api } from '../../../app/api-client';
import { currentUserQuery, type CurrentUser } from '../../../app/session';

const SETTINGS = ['security-settings'] as const;
const TWO_FACTOR = ['two-factor'] as const;
const SESSIONS = ['sessions'] as const;

export const useSecuritySettings = () =>
  useQuery({ queryKey: SETTINGS, queryFn: () => api<{ data: SecuritySettings }>('/api/settings/security').then((r) => r.data) });

export function useSaveSecuritySettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SecuritySettingsInput) => api<{ data: SecuritySettings }>('/api/settings/security', { method: 'PATCH', body }),
    onSuccess: ({ data }) => client.setQueryData(SETTINGS, data),
  });
}

/** The rules a new password must meet, for the hint under a password field. */
export const usePasswordPolicy = () =>
  useQuery({
    queryKey: ['password-policy'],
    queryFn: () => api<{ data: PasswordPolicy }>('/api/auth/password-policy').then((r) => r.data),
    staleTime: 5 * 60_000,
  });

export const useTwoFactorStatus = () =>
  useQuery({ queryKey: TWO_FACTOR, queryFn: () => api<{ data: TwoFactorStatus }>('/api/auth/two-factor').then((r) => r.data) });

/** Any change to two-factor sign-in refreshes its status and the signed-in user (whose enrolment may have been due). */
function useTwoFactorMutation<Input, Output>(action: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: TWO_FACTOR });
      await client.invalidateQueries({ queryKey: currentUserQuery.queryKey });
      await client.invalidateQueries({ queryKey: SESSIONS });
    },
  });
}

export const useStartTwoFactor = () =>
  useMutation({ mutationFn: () => api<{ data: TwoFactorSetup }>('/api/auth/two-factor/setup', { method: 'POST' }).then((r) => r.data) });
export const useEnableTwoFactor = () =>
  useTwoFactorMutation((body: { code: string }) =>
    api<{ data: RecoveryCodes }>('/api/auth/two-factor/enable', { method: 'POST', body }).then((r) => r.data),
  );
export const useNewRecoveryCodes = () =>
  useTwoFactorMutation((body: { current_password: string }) =>
    api<{ data: RecoveryCodes }>('/api/auth/two-factor/recovery-codes', { method: 'POST', body }).then((r) => r.data),
  );
export const useDisableTwoFactor = () =>
  useTwoFactorMutation((body: { current_password: string }) => api<null>('/api/auth/two-factor/disable', { method: 'POST', body }));

export const useSessions = () =>
  useQuery({ queryKey: SESSIONS, queryFn: () => api<{ data: ActiveSession[] }>('/api/auth/sessions').then((r) => r.data) });

export function useEndSessions() {
  const client = useQueryClient();
  return useMutation({
    /** One session by its id, or every other one. */
    mutationFn: (id: number | 'others') =>
      api<null>(id === 'others' ? '/api/auth/sessions' : `/api/auth/sessions/${id}`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: SESSIONS }),
  });
}

export function useSaveAccountDetails() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AccountDetailsInput | FormData) =>
      api<{ data: CurrentUser }>(
        '/api/auth/account',
        body instanceof FormData ? { method: 'POST', body } : { method: 'PATCH', body: { ...body } },
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: currentUserQuery.queryKey }),
  });
}

export const useRequestEmailChange = () =>
  useMutation({
    mutationFn: (body: EmailChangeInput) => api<MessageBody>('/api/auth/email-change', { method: 'POST', body: { ...body } }),
  });

/** The second step of a sign-in that asked for it: a code from the app, or a recovery code. */
export const loginSecondStep = (body: { code?: string; recovery_code?: string }) =>
  api<{ data: CurrentUser }>('/login/two-factor', { method: 'POST', body }).then((r) => r.data);

export const useUpdatePassword = () =>
  useMutation({
    mutationFn: (values: { current_password: string; password: string; password_confirmation: string }) =>
      api<MessageBody>('/api/auth/update-password', { method: 'POST', body: values }),
  });
