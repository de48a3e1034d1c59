import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { formatDateTime } from '../../../app/format';
import { FormError } from '../../../ui/form-error';
import { SectionCard } from '../../../ui/section-card';
import { useEndSessions, useSessions } from '../api/account-security';

/** Where the signed-in person is signed in; any other session can be ended, one by one or all at once. */
export function SessionsCard() {
  const sessions = useSessions();
  const end = useEndSessions();
  const others = (sessions.data ?? []).filter((session) => !session.current);
  return (
    <SectionCard title="Where you are signed in">
      <Stack gap="sm">
        {sessions.isPending && <Text c="dimmed">Loading sessions…</Text>}
        {end.error && <FormError message={end.error.message} />}
        {sessions.data?.map((session) => (
          <Paper key={session.id} withBorder radius="sm" p="sm" data-testid="session">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Stack gap={2}>
                <Group gap="xs">
                  <Text fw={600} title={session.user_agent ?? undefined}>
                    {session.device}
                  </Text>
                  {session.current && (
                    <Badge color="teal" variant="light">
                      This device
                    </Badge>
                  )}
                </Group>
                <Text size="sm" c="dimmed">
                  {session.ip ?? 'Unknown address'} · signed in {formatDateTime(session.signed_in_at)} · last seen{' '}
                  {formatDateTime(session.last_seen_at)}
                </Text>
              </Stack>
              {!session.current && (
                <Button
                  size="xs"
                  variant="default"
                  aria-label={`End session on ${session.device}, signed in ${formatDateTime(session.signed_in_at)}`}
                  loading={end.isPending && end.variables === session.id}
                  onClick={() => end.mutate(session.id)}
                >
                  End session
                </Button>
              )}
            </Group>
          </Paper>
        ))}
        {others.length > 0 ? (
          <Button
            w="fit-content"
            variant="light"
            color="red"
            loading={end.isPending && end.variables === 'others'}
            onClick={() => end.mutate('others')}
          >
            Sign out everywhere else
          </Button>
        ) : (
          sessions.data && (
            <Text size="sm" c="dimmed">
              You are not signed in anywhere else.
            </Text>
          )
        )}
      </Stack>
    </SectionCard>
  );
}
