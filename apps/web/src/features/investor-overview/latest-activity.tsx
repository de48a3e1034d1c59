import { Anchor, Box, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { relativeTime } from '@platform/domain';
import { RichText } from '../../ui/rich-text';
import { useNotificationList } from '../notifications';
import { NotificationIcon } from '../notifications';

const SHOWN = 5;

/**
 * The newest things that happened to the investor — invitations, reservations, completions,
 * company updates — as the notifications record them, each leading where the notification does.
 */
export function LatestActivity() {
  const list = useNotificationList('user', true);
  const items = list.data?.data.slice(0, SHOWN) ?? [];
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="latest-activity">
      <Title order={2} fz="lg" mb="md" id="latest-activity">
        Latest activity
      </Title>
      {list.isLoading ? (
        <Stack gap="sm">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={36} />
          ))}
        </Stack>
      ) : items.length === 0 ? (
        <Text c="dimmed" size="sm">
          Nothing has happened yet. Invitations, reservations and updates from your companies will appear here.
        </Text>
      ) : (
        <Stack gap="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {items.map((item) => (
            <Group key={item.id} component="li" wrap="nowrap" align="flex-start" gap="sm">
              <NotificationIcon type={item.data.icon} />
              <Box style={{ flex: 1 }}>
                <RichText html={item.data.message} />
                <Group gap="xs" mt={2}>
                  <Text size="xs" c="dimmed">
                    {relativeTime(item.created_at)}
                  </Text>
                  {item.data.cta && (
                    <Anchor component={Link} to={item.data.cta} size="xs">
                      Open
                    </Anchor>
                  )}
                </Group>
              </Box>
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
