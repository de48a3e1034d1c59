import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiToken, CreateApiTokenBody, CreatedApiToken } from '@platform/domain';
import { api } from '../../../app/api-client';

const TOKENS = ['api-tokens'] as const;

export function useApiTokens() {
  return useQuery({ queryKey: TOKENS, queryFn: () => api<{ data: ApiToken[] }>('/api/api-tokens').then((r) => r.data) });
}

/** Creates a token: the answer holds the token itself, the only time it is ever sent. */
export function useCreateApiToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiTokenBody) =>
      api<{ data: CreatedApiToken }>('/api/api-tokens', { method: 'POST', body }).then((r) => r.data),
    onSettled: () => client.invalidateQueries({ queryKey: TOKENS }),
  });
}

export function useRevokeApiToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<void>(`/api/api-tokens/${id}`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: TOKENS }),
  });
}
