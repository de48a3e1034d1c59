import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type Pusher from 'pusher-js';
import { readXsrfToken } from '../../../app/api-client';
import { afterFirstPageWhenIdle } from '../../../app/link-prefetch';
import { publicSettingsQuery, useBranding } from '../../../app/settings';
import { notificationKeys, type AppNotification, type Audience } from './use-notifications';

/**
 * Listens on the user's private channel (the server speaks the Pusher protocol on its own port,
 * docs/decisions/0005) and puts each new notification into the cached lists at once; a change to the
 * settings reloads them. The Pusher client loads once the first page is drawn and the browser is idle
 * (its own chunk, docs/decisions/0046).
 */
export function useRealtimeNotifications(userId: number | undefined, audience: Audience) {
  const client = useQueryClient();
  const { settings } = useBranding();
  const key = settings?.pusher_key;

  useEffect(() => {
    if (!userId || !key) return;
    let pusher: Pusher | undefined;
    let stopped = false;
    const stopWaiting = afterFirstPageWhenIdle(() => {
      void connect();
      return () => undefined;
    });
    const connect = async () => {
      const { default: PusherClient } = await import('pusher-js');
      // The client's code has just run; the socket is set up in a task of its own, so the two do not
      // make one long task (55–136 ms together at 4× CPU slowdown, docs/benchmarks.md).
      await new Promise((resolve) => window.setTimeout(resolve, 0));
      if (stopped) return;
      const secure = window.location.protocol === 'https:';
      const port = Number(window.location.port) || (secure ? 443 : 80);
      pusher = new PusherClient(key, {
        cluster: settings?.pusher_cluster || 'eu',
        wsHost: window.location.hostname,
        wsPort: port,
        wssPort: port,
        forceTLS: secure,
        enabledTransports: ['ws', 'wss'],
        disableStats: true,
        channelAuthorization: {
          endpoint: '/api/broadcasting/auth',
          transport: 'ajax',
          headersProvider: () => ({ 'X-XSRF-TOKEN': readXsrfToken() ?? '' }),
        },
      });
      const channel = pusher.subscribe(`private-user.${userId}`);
      // The socket opens after the first paint, and may drop and come back: whatever arrived while it
      // was not listening is fetched again once the channel is (re)subscribed.
      channel.bind('pusher:subscription_succeeded', () => {
        void client.invalidateQueries({ queryKey: notificationKeys.unread(audience) });
        void client.invalidateQueries({ queryKey: notificationKeys.list(audience) });
      });
      channel.bind('notification.created', (notification: AppNotification) => {
        client.setQueryData<{ data: AppNotification[] }>(notificationKeys.unread(audience), (unread) => ({
          data: [notification, ...(unread?.data ?? []).filter((n) => n.id !== notification.id)],
        }));
        // Shown at once above; the refetch replaces any answer still on its way that predates it.
        void client.invalidateQueries({ queryKey: notificationKeys.unread(audience) });
        void client.invalidateQueries({ queryKey: notificationKeys.list(audience) });
      });
      // Branding, wording or flags changed in Settings: reload them so this page follows at once.
      channel.bind('settings.updated', () => void client.invalidateQueries({ queryKey: publicSettingsQuery.queryKey }));
    };
    return () => {
      stopped = true;
      stopWaiting();
      pusher?.disconnect();
    };
  }, [userId, key, audience, client, settings?.pusher_cluster]);
}
