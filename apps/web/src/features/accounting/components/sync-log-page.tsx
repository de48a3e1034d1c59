import { useState } from 'react';
import { Alert, Badge, Button, Group, Select, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import {
  ACCOUNTING_SYNC_KIND_LABELS,
  ACCOUNTING_SYNC_KINDS,
  ACCOUNTING_SYNC_STATUS_LABELS,
  ACCOUNTING_SYNC_STATUSES,
  type AccountingSyncItem,
  type AccountingSyncStatus,
} from '@platform/domain';
import { formatDateTime } from '../../../app/format';
import { BackLink } from '../../../ui/back-link';
import type { Column } from '../../../ui/data-table';
import { usePageTitle } from '../../../ui/page-title';
import { PagedLog } from '../../../ui/paged-log';
import { useRetrySyncItem, useSyncItems } from '../api/use-accounting';

const STATUS_COLOURS: Record<AccountingSyncStatus, string> = { pending: 'gray', sent: 'green', failed: 'red' };
const PER_PAGE = 50;

/** /admin/settings/integrations/accounting/sync-log: what went to the accounting service, newest first, with a retry on what did not. */
export function SyncLogPage() {
  usePageTitle('Accounting sync log');
  const [status, setStatus] = useState<string | null>(null);
  const [kind, setKind] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const items = useSyncItems({
    page,
    perPage: PER_PAGE,
    sort: '-updated_at',
    filters: { status: status ?? undefined, kind: kind ?? undefined },
  });
  const retry = useRetrySyncItem();
  const columns: Column<AccountingSyncItem>[] = [
    { key: 'kind', label: 'Record', render: (r) => r.kind_label, nowrap: true },
    { key: 'description', label: 'What was sent', render: (r) => r.description },
    {
      key: 'status',
      label: 'Status',
      render: (r) => (
        <Badge color={STATUS_COLOURS[r.status]} variant="light">
          {r.status_label}
        </Badge>
      ),
    },
    {
      key: 'external_id',
      label: 'Xero id',
      render: (r) => (
        <Text size="xs" ff="monospace">
          {r.external_id ?? '—'}
        </Text>
      ),
    },
    { key: 'attempts', label: 'Attempts', render: (r) => r.attempts, numeric: true, align: 'right' },
    {
      key: 'error',
      label: 'Error',
      render: (r) =>
        r.last_error ? (
          <Stack gap={2}>
            <Text size="sm" c={r.status === 'failed' ? 'red.8' : undefined}>
              {r.last_error}
            </Text>
            {r.next_attempt_at && r.status !== 'sent' && (
              <Text size="xs" c="dimmed">
                Next try {formatDateTime(r.next_attempt_at)}
              </Text>
            )}
          </Stack>
        ) : (
          '—'
        ),
    },
    { key: 'updated_at', label: 'Updated', render: (r) => formatDateTime(r.sent_at ?? r.updated_at), nowrap: true },
    {
      key: 'actions',
      label: 'Actions',
      hideLabel: true,
      render: (r) =>
        r.status === 'sent' ? null : (
          <Button size="xs" variant="default" loading={retry.isPending && retry.variables === r.id} onClick={() => retry.mutate(r.id)}>
            Retry<VisuallyHidden> {r.description}</VisuallyHidden>
          </Button>
        ),
    },
  ];
  return (
    <Stack gap="lg">
      <BackLink to="/admin/settings/integrations/accounting">Accounting</BackLink>
      <Title order={1} fz={26}>
        Accounting sync log
      </Title>
      <Group>
        <Select
          label="Record"
          placeholder="Every record"
          data={ACCOUNTING_SYNC_KINDS.map((value) => ({ value, label: ACCOUNTING_SYNC_KIND_LABELS[value] }))}
          value={kind}
          onChange={(value) => {
            setKind(value);
            setPage(1);
          }}
          clearable
          w={220}
        />
        <Select
          label="Status"
          placeholder="Every status"
          data={ACCOUNTING_SYNC_STATUSES.map((value) => ({ value, label: ACCOUNTING_SYNC_STATUS_LABELS[value] }))}
          value={status}
          onChange={(value) => {
            setStatus(value);
            setPage(1);
          }}
          clearable
          w={220}
        />
      </Group>
      {retry.error && <Alert color="red">{retry.error.message}</Alert>}
      <PagedLog
        caption="Records sent to the accounting service"
        columns={columns}
        log={items}
        page={page}
        onPage={setPage}
        pagesLabel="Pages of the sync log"
        minWidth={900}
      />
    </Stack>
  );
}
