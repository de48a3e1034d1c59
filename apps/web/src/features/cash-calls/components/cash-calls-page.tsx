import { useState } from 'react';
import { Badge, Button, Group, Modal, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCash } from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CASH_CALL_STATE_LABELS, CASH_CALL_STATES, type CashCallState, type CashCallTotals, type StaffInvestment } from '@platform/domain';
import { api, ApiError, newIdempotencyKey, type Page } from '../../../app/api-client';
import { formatCount, formatDate, formatMoney } from '../../../app/format';
import type { Column } from '../../../ui/data-table';
import { DateField } from '../../../ui/date-field';
import { EmptyState } from '../../../ui/empty-state';
import { ExportButtons } from '../../../ui/export-buttons';
import { MoneyInput } from '../../../ui/money-input';
import { usePageTitle } from '../../../ui/page-title';
import { SimpleTable } from '../../../ui/simple-table';
import { TableSkeleton } from '../../../ui/skeletons';
import { ButtonLink } from '../../../ui/button-link';
import { RemindersModal } from './reminders-modal';

const OPEN = 'outstanding,part_paid,overdue';
const STATE_OPTIONS = [
  { value: OPEN, label: 'Open (not yet paid)' },
  ...CASH_CALL_STATES.map((s) => ({ value: s, label: CASH_CALL_STATE_LABELS[s] })),
  { value: '', label: 'All' },
];
const STATE_COLOURS: Record<CashCallState, string> = { outstanding: 'blue', part_paid: 'yellow', overdue: 'red', paid: 'green' };

/** The calls chosen, their totals per currency and the filters' query. */
function useCashCalls(filters: Record<string, string | undefined>) {
  const query = Object.fromEntries(Object.entries(filters).map(([k, v]) => [`filter[${k}]`, v || undefined]));
  const list = useQuery({
    queryKey: ['cash-calls', 'list', filters],
    queryFn: () => api<Page<StaffInvestment>>('/api/cash-calls', { query: { ...query, include: 'user,opportunity', per_page: 100 } }),
    placeholderData: keepPreviousData,
  });
  const totals = useQuery({
    queryKey: ['cash-calls', 'totals', filters],
    queryFn: () => api<{ data: CashCallTotals }>('/api/cash-calls/totals', { query }).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
  return { list, totals };
}

/** /admin/cash-calls: what is outstanding, part-paid and overdue across the book, and recording what arrives. */
export function CashCallsPage() {
  usePageTitle('Cash calls');
  const [state, setState] = useState(OPEN);
  const [opportunity, setOpportunity] = useState<string | null>(null);
  const [paying, setPaying] = useState<StaffInvestment | null>(null);
  const [reminding, setReminding] = useState<StaffInvestment | null>(null);
  const filters = { state: state || undefined, opportunity_id: opportunity ?? undefined };
  const { list, totals } = useCashCalls(filters);
  const rows = list.data?.data ?? [];
  const opportunities = [...new Map(rows.map((r) => [String(r.opportunity_id), r.opportunity?.name ?? ''])).entries()].map(
    ([value, label]) => ({ value, label }),
  );
  const columns: Column<StaffInvestment>[] = [
    {
      key: 'investor',
      label: 'Investor',
      render: (r) => (
        <Link to="/admin/investments/opportunities/$id/transactions" params={{ id: String(r.opportunity_id) }}>
          {r.user?.name ?? `Investment ${r.id}`}
        </Link>
      ),
    },
    { key: 'opportunity', label: 'Opportunity', render: (r) => r.opportunity?.name ?? '' },
    { key: 'reference', label: 'Reference', render: (r) => r.payment_reference },
    { key: 'due', label: 'Due', render: (r) => formatDate(r.payment_due_on) },
    { key: 'amount', label: 'Amount due', render: (r) => formatMoney(r.amount, r.currency) },
    { key: 'received', label: 'Received', render: (r) => formatMoney(r.amount_received, r.currency) },
    {
      key: 'outstanding',
      label: 'Outstanding',
      render: (r) =>
        Number(r.amount_overpaid) > 0
          ? `Overpaid by ${formatMoney(r.amount_overpaid, r.currency)}`
          : formatMoney(r.amount_outstanding, r.currency),
    },
    {
      key: 'state',
      label: 'State',
      render: (r) =>
        r.cash_call_state && (
          <Badge color={STATE_COLOURS[r.cash_call_state]} variant="light">
            {r.cash_call_state_label}
          </Badge>
        ),
    },
    {
      key: 'actions',
      label: 'Actions',
      render: (r) => (
        <Group gap="xs">
          {r.status === 'cash_call' && (
            <Button size="xs" variant="light" onClick={() => setPaying(r)} aria-label={`Record payment from ${r.user?.name ?? 'investor'}`}>
              Record payment
            </Button>
          )}
          <Button size="xs" variant="subtle" onClick={() => setReminding(r)} aria-label={`Reminders to ${r.user?.name ?? 'investor'}`}>
            Reminders
          </Button>
        </Group>
      ),
    },
  ];
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>Cash calls</Title>
        <Group>
          <ButtonLink to="/admin/cash-calls/statements" variant="default">
            Bank statements
          </ButtonLink>
          <ButtonLink to="/admin/cash-calls/reminders" variant="default">
            Reminder schedule
          </ButtonLink>
          <ExportButtons resource="cash-calls" list={{ sort: 'payment_due_on', filters }} />
        </Group>
      </Group>
      <Group align="end">
        <Select label="State" data={STATE_OPTIONS} value={state} onChange={(v) => setState(v ?? '')} allowDeselect={false} />
        <Select
          label="Opportunity"
          placeholder="Every opportunity"
          data={opportunities}
          value={opportunity}
          onChange={setOpportunity}
          clearable
        />
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }} aria-label="Totals">
        {(totals.data ?? []).map((t) => (
          <Paper key={t.currency} withBorder p="md">
            <Text size="sm" c="dimmed">
              {formatCount(t.count, 'call')} in {t.currency}
            </Text>
            <Text>Due {formatMoney(t.due, t.currency)}</Text>
            <Text>Received {formatMoney(t.received, t.currency)}</Text>
            <Text fw={700}>Outstanding {formatMoney(t.outstanding, t.currency)}</Text>
          </Paper>
        ))}
      </SimpleGrid>
      {list.isPending ? (
        <TableSkeleton />
      ) : (
        <Paper withBorder>
          <SimpleTable
            caption="Cash calls"
            columns={columns}
            rows={rows}
            rowKey={(r) => r.id}
            minWidth={900}
            stacked
            empty={
              <EmptyState icon={IconCash} title="No cash calls here">
                Cash calls appear once they are issued from an opportunity's transactions.
              </EmptyState>
            }
          />
        </Paper>
      )}
      {paying && <RecordPaymentModal call={paying} onClose={() => setPaying(null)} />}
      {reminding && <RemindersModal call={reminding} onClose={() => setReminding(null)} />}
    </Stack>
  );
}

/** Money that arrived against one call: all of it or part, on a day, with a note. */
function RecordPaymentModal({ call, onClose }: { call: StaffInvestment; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState<string>(call.amount_outstanding);
  const [receivedOn, setReceivedOn] = useState<string | null>(new Date().toISOString().slice(0, 10));
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [key] = useState(newIdempotencyKey);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    try {
      await api(`/api/cash-calls/${call.id}/payments`, {
        method: 'POST',
        body: { amount, received_on: receivedOn ?? '', note },
        idempotencyKey: key,
      });
      await queryClient.invalidateQueries({ queryKey: ['cash-calls'] });
      onClose();
    } catch (error) {
      setErrors(error instanceof ApiError && typeof error.errors === 'object' ? error.errors : { amount: [(error as Error).message] });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title={`Record payment — ${call.payment_reference}`}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <Text size="sm">
            Outstanding {formatMoney(call.amount_outstanding, call.currency)} of {formatMoney(call.amount, call.currency)}
          </Text>
          <MoneyInput
            currency={call.currency}
            label="Amount received"
            value={amount}
            onChange={setAmount}
            error={errors.amount?.[0]}
            required
          />
          <DateField label="Received on" value={receivedOn} onChange={setReceivedOn} error={errors.received_on?.[0]} required />
          <TextInput label="Note" value={note} onChange={(e) => setNote(e.currentTarget.value)} error={errors.note?.[0]} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Record payment
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
