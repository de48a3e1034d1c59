import { useState } from 'react';
import { Badge, Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconListCheck } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import {
  BANK_STATEMENT_FORMAT_LABELS,
  type BankStatementDetail,
  type StaffInvestment,
  type StatementLine,
  type StatementLineStatus,
} from '@platform/domain';
import { api, ApiError, type Page } from '../../../app/api-client';
import { formatDate, formatMoney } from '../../../app/format';
import { BackLink } from '../../../ui/back-link';
import type { Column } from '../../../ui/data-table';
import { EmptyState } from '../../../ui/empty-state';
import { FormError } from '../../../ui/form-error';
import { usePageTitle } from '../../../ui/page-title';
import { SimpleTable } from '../../../ui/simple-table';
import { TableSkeleton } from '../../../ui/skeletons';

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
function LineActions({ statementId, line, onError }: { statementId: number; line: StatementLine; onError: (m: string | null) => void }) {
  const queryClient = useQueryClient();
  const [picking, setPicking] = useState(false);
  const [chosen, setChosen] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const calls = useOpenCalls(picking);
  const act = async (action: 'confirm' | 'ignore', body: Record<string, unknown> = {}) => {
    setBusy(true);
    onError(null);
    try {
      await api(`/api/bank-statements/${statementId}/lines/${line.id}/${action}`, { method: 'POST', body });
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

/** /admin/cash-calls/statements/$id: a statement's credits, what each matched, and the decisions left to staff. */
export function StatementReviewPage() {
  const { id } = useParams({ from: '/admin/cash-calls/statements/$id' });
  const [error, setError] = useState<string | null>(null);
  const statement = useQuery({
    queryKey: ['cash-calls', 'statements', id],
    queryFn: () => api<{ data: BankStatementDetail }>(`/api/bank-statements/${id}`).then((r) => r.data),
  });
  const s = statement.data;
  usePageTitle(s ? `Statement ${s.filename}` : 'Bank statement');
  const columns: Column<StatementLine>[] = [
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
    { key: 'actions', label: 'Actions', render: (l) => s && <LineActions statementId={s.id} line={l} onError={setError} /> },
  ];
  return (
    <Stack>
      <BackLink to="/admin/cash-calls/statements">Bank statements</BackLink>
      <Title order={1} style={{ overflowWrap: 'anywhere' }}>
        {s ? `Statement ${s.filename}` : 'Bank statement'}
      </Title>
      {s && (
        <Text c="dimmed">
          {BANK_STATEMENT_FORMAT_LABELS[s.format]}
          {s.account ? `, account ${s.account}` : ''}: {s.lines.matched} matched, {s.lines.suggested} suggested, {s.lines.unmatched}{' '}
          unmatched, {s.lines.ignored} ignored. Skipped: already imported {s.duplicates_skipped}, payments out {s.debits_skipped}.
        </Text>
      )}
      <FormError message={statement.isError ? 'This statement could not be loaded.' : error} />
      {statement.isPending ? (
        <TableSkeleton />
      ) : (
        <Paper withBorder>
          <SimpleTable
            caption="Statement lines"
            columns={columns}
            rows={s?.statement_lines ?? []}
            rowKey={(l) => l.id}
            minWidth={1000}
            stacked
            empty={
              <EmptyState icon={IconListCheck} title="No new credits on this statement">
                Every credit on it was imported before, or it held only payments out.
              </EmptyState>
            }
          />
        </Paper>
      )}
    </Stack>
  );
}
