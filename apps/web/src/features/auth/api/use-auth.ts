import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginChallenge, LoginInput, MessageBody, RegisterInput } from '@platform/domain';
import { api } from '../../../app/api-client';
import { currentUserQuery, type CurrentUser } from '../../../app/session';
import { loginSecondStep } from '../../account-security';

/**
 * Login (spec §4): if a session is already open, it is closed first, then the new user is cached.
 * An account with two-factor sign-in answers a challenge instead: no session until the code is given.
 */
export function useLogin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (values: LoginInput): Promise<CurrentUser | LoginChallenge> => {
      if (client.getQueryData(currentUserQuery.queryKey)) await api('/logout', { method: 'POST' });
      const answer = await api<{ data: CurrentUser } | LoginChallenge>('/login', { method: 'POST', body: values });
      return 'data' in answer ? answer.data : answer;
    },
    onSuccess: (answer) => {
      if (!('two_factor_required' in answer)) client.setQueryData(currentUserQuery.queryKey, answer);
    },
  });
}

/** The code after the password; the session starts with it. */
export function useLoginSecondStep() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: loginSecondStep,
    onSuccess: (user) => client.setQueryData(currentUserQuery.queryKey, user),
  });
}

/**
 * Registration answers the same whether or not the address already has an account, and signs no
 * one in: the person confirms the address from the mailed link, then logs in.
 */
export const registerInvestor = (values: RegisterInput) => api<MessageBody>('/api/auth/manual-register', { method: 'POST', body: values });

export const requestPasswordReset = (values: { email: string }) => api<MessageBody>('/password/email', { method: 'POST', body: values });

export const resetPassword = (values: { token: string; email: string; password: string; password_confirmation: string }) =>
  api<MessageBody>('/password/reset', { method: 'POST', body: values });

export const setPasswordFromInvitation = (values: { token: string; email: string; password: string; password_confirmation: string }) =>
  api<{ data: CurrentUser }>('/api/auth/set-password', { method: 'POST', body: values });

export const resendVerification = () => api<MessageBody>('/email/resend', { method: 'POST' });
