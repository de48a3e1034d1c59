import { useState } from 'react';
import { ActionIcon, Badge, Box, Button, Center, Drawer, Group, Loader, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { badgeCount, relativeTime, STAFF_NOTIFICATIONS_EMPTY } from '@platform/domain';
import { useCurrentUser } from '../../../app/session';
import { RichText } from '../../../ui/rich-text';
import { useMarkRead, useNotificationList, useUnreadCount, type Audience } from '../api/use-notifications';
import { useRealtimeNotifications } from '../api/use-realtime';
import { NotificationIcon } from './notification-icon';

/** The bell with its unread badge and the sliding notifications panel (spec §2.4). */
export function NotificationBell({ audience }: { audience: Audience }) {
  const user = useCurrentUser();
  const [opened, setOpened] = useState(false);
  const unread = useUnreadCount(audience);
  const list = useNotificationList(audience, opened);
  const markRead = useMarkRead(audience);
  const navigate = useNavigate();
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
          <Badge size="sm" circle={unread < 10} color="red" pos="absolute" top={2} right={0} aria-hidden style={{ pointerEvents: 'none' }}>
            {badgeCount(unread)}
          </Badge>
        )}
      </ActionIcon>
      <Drawer
        opened={opened}
        onClose={() => setOpened(false)}
        position="right"
        size="md"
        title={
          <Text fw={600} fz="lg">
            Notifications
          </Text>
        }
      >
        <Stack gap="sm">
          <Group justify="flex-end">
            <Button variant="light" size="xs" onClick={() => markRead('all')} disabled={unread === 0}>
              Mark all as Read
            </Button>
          </Group>
          {list.isPending ? (
            <Center py="xl">
              <Group gap="xs">
                <Loader size="sm" />
                <Text>Loading Notifications...</Text>
              </Group>
            </Center>
          ) : !list.data?.data.length ? (
            <Text c="dimmed" ta="center" py="xl">
              {audience === 'admin' ? STAFF_NOTIFICATIONS_EMPTY : 'There are no Notifications.'}
            </Text>
          ) : (
            <ScrollArea.Autosize mah="calc(100vh - 140px)">
              <Stack gap={4}>
                {list.data.data.map((item) => (
                  <UnstyledButton
                    key={item.id}
                    p="sm"
                    style={{ borderRadius: 8, background: item.read_at ? undefined : 'var(--mantine-color-blue-0)' }}
                    onClick={() => {
                      if (!item.read_at) markRead(item.id);
                      setOpened(false);
                      if (item.data.cta) void navigate({ to: item.data.cta });
                    }}
                  >
                    <Group wrap="nowrap" align="flex-start" gap="sm">
                      <NotificationIcon type={item.data.icon} />
                      <Box style={{ flex: 1 }}>
                        <RichText html={item.data.message} />
                        <Text size="xs" c="dimmed" mt={4}>
                          {relativeTime(item.created_at)}
                        </Text>
                      </Box>
                      {!item.read_at && <span className="unread-dot" role="img" aria-label="Unread" />}
                    </Group>
                  </UnstyledButton>
                ))}
              </Stack>
            </ScrollArea.Autosize>
          )}
        </Stack>
      </Drawer>
    </>
  );
}
