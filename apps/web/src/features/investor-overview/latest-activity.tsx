import { lazy, Suspense } from 'react';
import { Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useNotificationList } from '../notifications';

// The items render rich text (DOMPurify): their code follows the page rather than coming with it (docs/decisions/0046).
const ActivityItems = lazy(() => import('./activity-items').then((m) => ({ default: m.ActivityItems })));

const SHOWN = 5;

const ActivitySkeleton = () => (
  <Stack gap="sm">
    {[0, 1, 2].map((i) => (
      <Skeleton key={i} h={36} />
    ))}
  </Stack>
);

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
        <ActivitySkeleton />
      ) : items.length === 0 ? (
        <Text c="dimmed" size="sm">
          Nothing has happened yet. Invitations, reservations and updates from your companies will appear here.
        </Text>
      ) : (
        <Suspense fallback={<ActivitySkeleton />}>
          <ActivityItems items={items} />
        </Suspense>
      )}
    </Paper>
  );
}
