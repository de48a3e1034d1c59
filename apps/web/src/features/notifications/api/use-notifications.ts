import { useEffect, useMemo, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type AppNotification, MARK_READ_DEBOUNCE_MS } from '@platform/domain';
import { api, type Page } from '../../../app/api-client';
import { NOTIFICATIONS_PAGE } from '../../../app/first-requests';

export type { AppNotification };

export type Audience = 'user' | 'admin';

export const notificationKeys = {
  list: (audience: Audience) => ['notifications', audience, 'list'] as const,
  unread: (audience: Audience) => ['notifications', audience, 'unread'] as const,
};

export function useNotificationList(audience: Audience, enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.list(audience),
    queryFn: () => api<Page<AppNotification>>(`/api/notifications/${audience}`, { query: NOTIFICATIONS_PAGE }),
    enabled,
  });
}

/** The unread count is the length of the unread list (spec §7.3). */
export function useUnreadCount(audience: Audience) {
  const { data } = useQuery({
    queryKey: notificationKeys.unread(audience),
    queryFn: () => api<{ data: AppNotification[] }>(`/api/notifications/${audience}/unread`),
  });
  return data?.data.length ?? 0;
}

/**
 * Marks notifications read: the screen updates at once, the calls go out together 500 ms after
 * the last click (spec §7.3). Failures are ignored silently (spec §8) — the next refetch corrects.
 */
export function useMarkRead(audience: Audience) {
  const client = useQueryClient();
  const pending = useRef<{ all: boolean; ids: Set<string> }>({ all: false, ids: new Set() });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const flush = useMemo(
    () => async () => {
      const { all, ids } = pending.current;
      pending.current = { all: false, ids: new Set() };
      const calls = all
        ? [api(`/api/notifications/${audience}/mark-read`, { method: 'POST' })]
        : [...ids].map((id) => api(`/api/notifications/${audience}/mark-read/${id}`, { method: 'POST' }));
      await Promise.allSettled(calls);
      await client.invalidateQueries({ queryKey: notificationKeys.unread(audience) });
    },
    [audience, client],
  );

  useEffect(
    () => () => {
      if (timer.current) {
        clearTimeout(timer.current);
        void flush();
      }
    },
    [flush],
  );

  return (id: string | 'all') => {
    const now = new Date().toISOString();
    if (id === 'all') pending.current.all = true;
    else pending.current.ids.add(id);
    client.setQueryData<Page<AppNotification>>(
      notificationKeys.list(audience),
      (page) => page && { ...page, data: page.data.map((n) => (id === 'all' || n.id === id ? { ...n, read_at: n.read_at ?? now } : n)) },
    );
    client.setQueryData<{ data: AppNotification[] }>(
      notificationKeys.unread(audience),
      (unread) => unread && { data: id === 'all' ? [] : unread.data.filter((n) => n.id !== id) },
    );
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      void flush();
    }, MARK_READ_DEBOUNCE_MS);
  };
}
