import { lazy, useState } from 'react';
import { ActionIcon, Badge } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { badgeCount } from '@platform/domain';
import { useCurrentUser } from '../../../app/session';
import { LoadWhenOpened } from '../../../ui/lazy-dialog';
import { useUnreadCount, type Audience } from '../api/use-notifications';
import { useRealtimeNotifications } from '../api/use-realtime';

const NotificationDrawer = lazy(() => import('./notification-drawer').then((m) => ({ default: m.NotificationDrawer })));

/** The bell with its unread badge; the sliding panel's code loads when it first opens (spec §2.4). */
export function NotificationBell({ audience }: { audience: Audience }) {
  const user = useCurrentUser();
  const [opened, setOpened] = useState(false);
  const unread = useUnreadCount(audience);
  useRealtimeNotifications(user?.id, audience);

  return (
    <>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="xl"
        radius="xl"
        onClick={() => setOpened(true)}
        aria-label={unread ? `Notifications, ${unread} unread` : 'Notifications'}
        pos="relative"
      >
        <IconBell size={24} aria-hidden />
        {unread > 0 && (
          <Badge
            size="sm"
            circle={unread < 10}
            color="red.9"
            pos="absolute"
            top={2}
            right={0}
            aria-hidden
            style={{ pointerEvents: 'none' }}
          >
            {badgeCount(unread)}
          </Badge>
        )}
      </ActionIcon>
      <LoadWhenOpened opened={opened}>
        <NotificationDrawer opened={opened} onClose={() => setOpened(false)} audience={audience} unread={unread} />
      </LoadWhenOpened>
    </>
  );
}
