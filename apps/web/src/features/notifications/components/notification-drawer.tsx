import { Box, Button, Center, Drawer, Group, Loader, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { relativeTime, STAFF_NOTIFICATIONS_EMPTY } from '@platform/domain';
import { RichText } from '../../../ui/rich-text';
import { useMarkRead, useNotificationList, type Audience } from '../api/use-notifications';
import { NotificationIcon } from './notification-icon';

/** The sliding notifications panel (spec §2.4): the list, newest first, and "Mark all as Read". */
export function NotificationDrawer({
  opened,
  onClose,
  audience,
  unread,
}: {
  opened: boolean;
  onClose: () => void;
  audience: Audience;
  unread: number;
}) {
  const list = useNotificationList(audience, opened);
  const markRead = useMarkRead(audience);
  const navigate = useNavigate();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
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
                    onClose();
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
  );
}
