import { useState } from 'react';
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconFileInvoice, IconListCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { BANK_STATEMENT_FORMAT_LABELS, type BankStatement, type StatementLine, UNRESOLVED_LINES_SHOWN } from '@platform/domain';
import { api } from '../../../app/api-client';
import { formatDateTimeUtc } from '../../../app/format';
import { BackLink } from '../../../ui/back-link';
import { EmptyState } from '../../../ui/empty-state';
import { usePageTitle } from '../../../ui/page-title';
import type { Column } from '../../../ui/data-table';
import { SimpleTable } from '../../../ui/simple-table';
import { TableSkeleton } from '../../../ui/skeletons';
import { FormError } from '../../../ui/form-error';
import { StatementLinesTable } from './statement-lines';
import { StatementUpload } from './statement-upload';

const columns: Column<BankStatement>[] = [
  {
    key: 'file',
    label: 'Statement',
    render: (s) => (
      <Link to="/admin/cash-calls/statements/$id" params={{ id: String(s.id) }}>
        {s.filename}
      </Link>
    ),
  },
  { key: 'format', label: 'Format', render: (s) => BANK_STATEMENT_FORMAT_LABELS[s.format] },
  {
    key: 'uploaded',
    label: 'Uploaded',
    render: (s) => `${formatDateTimeUtc(s.uploaded_at)}${s.uploaded_by ? ` by ${s.uploaded_by.name}` : ''}`,
  },
  {
    key: 'lines',
    label: 'Credits',
    render: (s) => (
      <Group gap={4}>
        <Badge color="green" variant="light">
          {s.lines.matched} matched
        </Badge>
        <Badge color="yellow" variant="light">
          {s.lines.suggested} suggested
        </Badge>
        <Badge color="gray" variant="light">
          {s.lines.unmatched} unmatched
        </Badge>
      </Group>
    ),
  },
  { key: 'skipped', label: 'Skipped', render: (s) => `Already imported ${s.duplicates_skipped}, payments out ${s.debits_skipped}` },
];

/** Credits of every statement still suggested or unmatched: they stay here until staff pay or ignore them. */
function UnresolvedLines() {
  const [error, setError] = useState<string | null>(null);
  const lines = useQuery({
    queryKey: ['cash-calls', 'statements', 'unresolved'],
    queryFn: () => api<{ data: StatementLine[] }>('/api/bank-statements/unresolved-lines').then((r) => r.data),
  });
  const count = lines.data?.length ?? 0;
  return (
    <Stack gap="xs">
      <Title order={2} fz="lg">
        Credits to resolve
      </Title>
      <Text size="sm" c="dimmed">
        Suggested and unmatched credits of every statement, oldest first
        {count >= UNRESOLVED_LINES_SHOWN ? ` (the first ${UNRESOLVED_LINES_SHOWN})` : ''}. Confirm a suggestion, pick the cash call a credit
        pays, or ignore it.
      </Text>
      <FormError message={error} />
      {lines.isPending ? (
        <TableSkeleton />
      ) : (
        <Paper withBorder>
          <StatementLinesTable
            caption="Credits to resolve"
            lines={lines.data ?? []}
            onError={setError}
            withStatement
            empty={
              <EmptyState icon={IconListCheck} title="Nothing to resolve">
                Every credit uploaded has paid its cash call or been ignored.
              </EmptyState>
            }
          />
        </Paper>
      )}
    </Stack>
  );
}

/** /admin/cash-calls/statements: upload a bank statement, the credits still to resolve, and the statements uploaded so far. */
export function StatementsPage() {
  usePageTitle('Bank statements');
  const list = useQuery({
    queryKey: ['cash-calls', 'statements'],
    queryFn: () => api<{ data: BankStatement[] }>('/api/bank-statements').then((r) => r.data),
  });
  return (
    <Stack>
      <BackLink to="/admin/cash-calls">Cash calls</BackLink>
      <Title order={1}>Bank statements</Title>
      <StatementUpload />
      <UnresolvedLines />
      <Title order={2} fz="lg">
        Statements uploaded
      </Title>
      {list.isPending ? (
        <TableSkeleton />
      ) : (
        <Paper withBorder>
          <SimpleTable
            caption="Statements uploaded"
            columns={columns}
            rows={list.data ?? []}
            rowKey={(s) => s.id}
            minWidth={800}
            stacked
            empty={
              <EmptyState icon={IconFileInvoice} title="No statements yet">
                Upload a statement from your bank to match the money received to cash calls.
              </EmptyState>
            }
          />
        </Paper>
      )}
    </Stack>
  );
}
