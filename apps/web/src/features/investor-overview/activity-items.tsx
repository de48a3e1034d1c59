import { Anchor, Box, Group, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { type AppNotification, relativeTime } from '@platform/domain';
import { RichText } from '../../ui/rich-text';
import { NotificationIcon } from '../notifications';

/** The latest notifications as a list, each message as the rich text it was written in. */
export function ActivityItems({ items }: { items: AppNotification[] }) {
  return (
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
  );
}
