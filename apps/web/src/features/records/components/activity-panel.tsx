import { useState } from 'react';
import { Button, Group, Paper, Stack, Text, Timeline, Title } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ActivityEntry } from '@platform/domain';
import { api, type Page } from '../../../app/api-client';
import type { Subject } from '../api/records';
import { formatDateTime } from '../../../app/format';

const IGNORED = new Set(['updatedAt', 'updated_at', 'createdAt', 'created_at', 'id']);
const words = (key: string) =>
  key
    .replace(/([A-Z])/g, ' $1')
    .replace(/_/g, ' ')
    .toLowerCase()
    .trim();

/** The fields an update changed, in words: "name, company number". */
function changedFields(entry: ActivityEntry): string | null {
  if (!entry.before || !entry.after) return null;
  const keys = Object.keys(entry.after).filter(
    (k) => !IGNORED.has(k) && JSON.stringify(entry.before![k]) !== JSON.stringify(entry.after![k]),
  );
  return keys.length ? keys.map(words).join(', ') : null;
}

/** A record's history (server: /api/activity): who changed what and when, newest first. */
export function ActivityPanel({ subject }: { subject: Subject }) {
  const [perPage, setPerPage] = useState(20);
  const history = useQuery({
    queryKey: ['records', 'activity', subject.type, subject.id, perPage],
    queryFn: () =>
      api<Page<ActivityEntry>>('/api/activity', {
        query: { 'filter[subject_type]': subject.type, 'filter[subject_id]': subject.id, per_page: perPage },
      }),
  });
  const entries = history.data?.data;
  return (
    <Paper withBorder radius="md" p="lg">
      <Title order={2} fz="lg" mb="md">
        History
      </Title>
      {!entries ? (
        <Text size="sm" c="dimmed">
          Loading history…
        </Text>
      ) : entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          No changes recorded yet.
        </Text>
      ) : (
        <Stack gap="md">
          <Timeline bulletSize={22} lineWidth={2}>
            {entries.map((entry) => {
              const changed = changedFields(entry);
              return (
                <Timeline.Item
                  key={entry.id}
                  bullet={<IconHistory size={12} aria-hidden />}
                  title={
                    <Text size="sm" fw={600}>
                      {words(entry.action).replace(/^./, (c) => c.toUpperCase())}
                    </Text>
                  }
                >
                  <Text size="xs" c="dimmed">
                    {entry.actor?.name ?? 'System'} · {formatDateTime(entry.created_at)}
                  </Text>
                  {changed && <Text size="sm">Changed: {changed}</Text>}
                </Timeline.Item>
              );
            })}
          </Timeline>
          {(history.data?.meta.total ?? 0) > entries.length && (
            <Group>
              <Button
                variant="light"
                size="xs"
                onClick={() => setPerPage((n) => Math.min(n + 50, 100))}
                loading={history.isFetching}
                disabled={perPage >= 100}
              >
                Show more
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Paper>
  );
}
