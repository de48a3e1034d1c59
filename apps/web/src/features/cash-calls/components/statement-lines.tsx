import { useState, type ReactNode } from 'react';
import { Badge, Button, Group, Select, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { StaffInvestment, StatementLine, StatementLineStatus } from '@platform/domain';
import { api, ApiError, type Page } from '../../../app/api-client';
import { formatDate, formatMoney } from '../../../app/format';
import type { Column } from '../../../ui/data-table';
import { SimpleTable } from '../../../ui/simple-table';

const STATUS_COLOURS: Record<StatementLineStatus, string> = { matched: 'green', suggested: 'yellow', unmatched: 'gray', ignored: 'dark' };
const MATCHED_BY = { reference: 'by reference', amount_and_name: 'by amount and name', staff: 'by staff' } as const;

/** Open cash calls in a currency, to pick the one an unmatched line pays. */
function useOpenCalls(enabled: boolean) {
  return useQuery({
    queryKey: ['cash-calls', 'list', { state: 'open', picker: true }],
    queryFn: () =>
      api<Page<StaffInvestment>>('/api/cash-calls', {
        query: { 'filter[state]': 'outstanding,part_paid,overdue', include: 'user,opportunity', per_page: 100 },
      }).then((r) => r.data),
    enabled,
  });
}

/** What staff can do with one line: confirm its suggestion, pick a call for it, or ignore it. */
function LineActions({ line, onError }: { line: StatementLine; onError: (m: string | null) => void }) {
  const queryClient = useQueryClient();
  const [picking, setPicking] = useState(false);
  const [chosen, setChosen] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const calls = useOpenCalls(picking);
  const act = async (action: 'confirm' | 'ignore', body: Record<string, unknown> = {}) => {
    setBusy(true);
    onError(null);
    try {
      await api(`/api/bank-statements/${line.statement.id}/lines/${line.id}/${action}`, { method: 'POST', body });
      await queryClient.invalidateQueries({ queryKey: ['cash-calls'] });
    } catch (failure) {
      const errors = failure instanceof ApiError ? failure.errors : undefined;
      onError(errors ? Object.values(errors).flat().join(' ') : (failure as Error).message);
    } finally {
      setBusy(false);
    }
  };
  if (line.status === 'matched' || line.status === 'ignored') return null;
  const label = `line ${line.position} (${formatMoney(line.amount, line.currency)})`;
  if (picking) {
    const options = (calls.data ?? [])
      .filter((c) => c.currency === line.currency)
      .map((c) => ({
        value: String(c.id),
        label: `${c.payment_reference} — ${c.user?.name ?? ''}, ${formatMoney(c.amount_outstanding, c.currency)} outstanding`,
      }));
    return (
      <Group gap="xs">
        <Select
          aria-label={`Cash call paid by ${label}`}
          placeholder={calls.isPending ? 'Loading cash calls…' : 'Choose a cash call'}
          data={options}
          value={chosen}
          onChange={setChosen}
          searchable
          w={{ base: '100%', sm: 280 }}
        />
        <Button size="xs" loading={busy} disabled={!chosen} onClick={() => void act('confirm', { investment_id: Number(chosen) })}>
          Pay
        </Button>
        <Button size="xs" variant="default" onClick={() => setPicking(false)}>
          Cancel
        </Button>
      </Group>
    );
  }
  return (
    <Group gap="xs">
      {line.status === 'suggested' && (
        <Button size="xs" loading={busy} onClick={() => void act('confirm')} aria-label={`Confirm ${label}`}>
          Confirm
        </Button>
      )}
      <Button size="xs" variant="light" onClick={() => setPicking(true)} aria-label={`Pick cash call for ${label}`}>
        Pick cash call
      </Button>
      <Button size="xs" variant="subtle" color="gray" loading={busy} onClick={() => void act('ignore')} aria-label={`Ignore ${label}`}>
        Ignore
      </Button>
    </Group>
  );
}

/**
 * Statement credits with what each matched and the decisions left to staff: one statement's lines,
 * or (`withStatement`) those still to resolve across statements, each naming its statement.
 */
export function StatementLinesTable({
  caption,
  lines,
  onError,
  empty,
  withStatement = false,
}: {
  caption: string;
  lines: StatementLine[];
  onError: (message: string | null) => void;
  empty: ReactNode;
  withStatement?: boolean;
}) {
  const columns: Column<StatementLine>[] = [
    ...(withStatement
      ? [
          {
            key: 'statement',
            label: 'Statement',
            render: (l: StatementLine) => (
              <Link to="/admin/cash-calls/statements/$id" params={{ id: String(l.statement.id) }}>
                {l.statement.filename}
              </Link>
            ),
          },
        ]
      : []),
    { key: 'line', label: 'Line', render: (l) => l.position },
    { key: 'day', label: 'Date', render: (l) => formatDate(l.booked_on) },
    { key: 'amount', label: 'Amount', render: (l) => formatMoney(l.amount, l.currency) },
    {
      key: 'payer',
      label: 'Payer and reference',
      render: (l) => (
        <Stack gap={0}>
          <Text size="sm">{l.payer_name || '—'}</Text>
          <Text size="xs" c="dimmed">
            {l.reference || 'No reference'}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'status',
      label: 'Status',
      render: (l) => (
        <Stack gap={2}>
          <Badge color={STATUS_COLOURS[l.status]} variant="light">
            {l.status_label}
          </Badge>
          {l.match_kind && l.status !== 'ignored' && (
            <Text size="xs" c="dimmed">
              {MATCHED_BY[l.match_kind]}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'call',
      label: 'Cash call',
      render: (l) =>
        l.cash_call && (
          <Stack gap={0}>
            <Text size="sm">
              {l.cash_call.investor} — {l.cash_call.opportunity}
            </Text>
            <Text size="xs" c="dimmed">
              {l.cash_call.payment_reference},{' '}
              {l.cash_call.status === 'paid' ? 'paid' : `${formatMoney(l.cash_call.amount_outstanding, l.cash_call.currency)} outstanding`}
            </Text>
          </Stack>
        ),
    },
    { key: 'actions', label: 'Actions', render: (l) => <LineActions line={l} onError={onError} /> },
  ];
  return <SimpleTable caption={caption} columns={columns} rows={lines} rowKey={(l) => l.id} minWidth={1000} stacked empty={empty} />;
}
