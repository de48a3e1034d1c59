import { useState } from 'react';
import { Alert, Badge, Button, Group, Select, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useParams } from '@tanstack/react-router';
import {
  TRIGGER_DELIVERY_STATUS_LABELS,
  TRIGGER_DELIVERY_STATUSES,
  type TriggerDelivery,
  type TriggerDeliveryStatus,
} from '@platform/domain';
import { formatDateTime } from '../../../app/format';
import { BackLink } from '../../../ui/back-link';
import type { Column } from '../../../ui/data-table';
import { usePageTitle } from '../../../ui/page-title';
import { PagedLog } from '../../../ui/paged-log';
import { useReplayDelivery, useTrigger, useTriggerDeliveries } from '../api/use-triggers';

const STATUS_COLOURS: Record<TriggerDeliveryStatus, string> = { pending: 'gray', delivered: 'green', failed: 'red' };
const PER_PAGE = 50;

/** /admin/settings/integrations/triggers/:id/deliveries: each sending of the trigger, newest first, with a replay by hand. */
export function TriggerDeliveriesPage() {
  const { triggerId } = useParams({ strict: false }) as { triggerId: string };
  const id = Number(triggerId);
  const trigger = useTrigger(id);
  usePageTitle(trigger.data ? `Delivery log: ${trigger.data.name}` : 'Delivery log');
  const [status, setStatus] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const deliveries = useTriggerDeliveries(id, { page, perPage: PER_PAGE, sort: '-id', filters: { status: status ?? undefined } });
  const replay = useReplayDelivery(id);
  const columns: Column<TriggerDelivery>[] = [
    { key: 'created_at', label: 'Event at', render: (r) => formatDateTime(r.created_at), nowrap: true },
    { key: 'channel', label: 'By', render: (r) => (r.channel === 'webhook' ? 'Webhook' : 'E-mail') },
    {
      key: 'status',
      label: 'Status',
      render: (r) => (
        <Badge color={STATUS_COLOURS[r.status]} variant="light">
          {r.status_label}
        </Badge>
      ),
    },
    { key: 'response_code', label: 'Response', render: (r) => r.response_code ?? '—', numeric: true, align: 'right' },
    { key: 'attempts', label: 'Attempts', render: (r) => r.attempts, numeric: true, align: 'right' },
    {
      key: 'error',
      label: 'Last error',
      render: (r) => (
        <Stack gap={2}>
          <Text size="sm" c={r.status === 'failed' ? 'red.8' : undefined}>
            {r.last_error ?? '—'}
          </Text>
          {r.next_attempt_at && r.status !== 'delivered' && (
            <Text size="xs" c="dimmed">
              Next try {formatDateTime(r.next_attempt_at)}
            </Text>
          )}
          {r.replay_of && (
            <Text size="xs" c="dimmed">
              Sent again by hand
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'actions',
      label: 'Actions',
      hideLabel: true,
      render: (r) => (
        <Button size="xs" variant="default" loading={replay.isPending && replay.variables === r.id} onClick={() => replay.mutate(r.id)}>
          Send again<VisuallyHidden> delivery {r.delivery_id}</VisuallyHidden>
        </Button>
      ),
    },
  ];
  return (
    <Stack gap="lg">
      <BackLink to="/admin/settings/integrations/triggers">Triggers</BackLink>
      <Title order={1} fz={26}>
        Delivery log{trigger.data ? `: ${trigger.data.name}` : ''}
      </Title>
      {trigger.data && <Text c="dimmed">{trigger.data.event_label}</Text>}
      <Group>
        <Select
          label="Status"
          placeholder="Every status"
          data={TRIGGER_DELIVERY_STATUSES.map((value) => ({ value, label: TRIGGER_DELIVERY_STATUS_LABELS[value] }))}
          value={status}
          onChange={(value) => {
            setStatus(value);
            setPage(1);
          }}
          clearable
          w={220}
        />
      </Group>
      {replay.error && <Alert color="red">{replay.error.message}</Alert>}
      {replay.isSuccess && (
        <Alert color="teal" variant="light" role="status">
          Sent again as a new delivery, with a new delivery id and a fresh timestamp.
        </Alert>
      )}
      <PagedLog
        caption="Deliveries of this trigger"
        columns={columns}
        log={deliveries}
        page={page}
        onPage={setPage}
        pagesLabel="Pages of the delivery log"
        minWidth={860}
      />
    </Stack>
  );
}
