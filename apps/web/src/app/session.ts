import { queryOptions, useQuery } from '@tanstack/react-query';
import { Role, type User } from '@platform/domain';
import { api, ApiError } from './api-client';
import { SESSION_PATH, USER_INCLUDES } from './first-requests';

/** The signed-in person as /api/user answers (the contract's user). */
export type CurrentUser = User;

/**
 * The current-user fetch decides the session (spec §4): a user is logged in, anything else logged
 * out; a 503 or no answer also sends the person to /maintenance. It asks the probe /api/session,
 * which answers a visitor with 200 and `data: null`, so public pages log no failed request
 * (decision 0041); /api/user answers the same user.
 */
export const currentUserQuery = queryOptions({
  queryKey: ['current-user'],
  queryFn: async (): Promise<CurrentUser | null> => {
    try {
      return (await api<{ data: CurrentUser | null }>(SESSION_PATH, { query: { include: USER_INCLUDES }, on401: 'reject' })).data;
    } catch (error) {
      if (error instanceof ApiError && (error.status === 503 || error.isTimeout) && window.location.pathname !== '/maintenance') {
        window.location.assign('/maintenance');
      }
      return null;
    }
  },
  staleTime: 60_000,
});

export const useCurrentUser = () => useQuery(currentUserQuery).data ?? null;

export const isInvestor = (user: CurrentUser | null) => user?.role_id === Role.User;
