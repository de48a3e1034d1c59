import { Anchor, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { formatDateTime, formatTimeAgo } from '../../../app/format';
import { useLatestActivity } from '../api/use-overview-stats';

const ENTRIES = 10;

/** "Ada Admin moved Brightwater to Due diligence · 5 min ago", newest first, each linked to its record. */
export function LatestActivity() {
  const feed = useLatestActivity(ENTRIES);
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="latest-activity">
      <Title order={2} fz="lg" mb="sm" id="latest-activity">
        Latest activity
      </Title>
      {!feed.data ? (
        <Skeleton h={120} />
      ) : feed.data.length === 0 ? (
        <Text c="dimmed">Nothing has changed yet in the records you can open.</Text>
      ) : (
        <Stack gap={8} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {feed.data.map((entry) => (
            <Text component="li" key={entry.id} size="sm">
              <Text span fw={600}>
                {entry.actor?.name ?? 'The system'}
              </Text>{' '}
              {entry.verb}{' '}
              <Anchor component={Link} to={entry.subject.href} size="sm">
                {entry.subject.name}
              </Anchor>
              {entry.detail && ` ${entry.detail}`}
              <Text span c="dimmed" size="xs">
                {' · '}
                <time dateTime={entry.created_at} title={formatDateTime(entry.created_at)}>
                  {formatTimeAgo(entry.created_at)}
                </time>
              </Text>
            </Text>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
