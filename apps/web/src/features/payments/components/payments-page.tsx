import { useState } from 'react';
import { Group, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS, PAYMENT_STATE_LABELS, PAYMENT_STATES, type Payment } from '@platform/domain';
import { formatCount, formatDate, formatMoney } from '../../../app/format';
import type { Column } from '../../../ui/data-table';
import { DateField } from '../../../ui/date-field';
import { EmptyState } from '../../../ui/empty-state';
import { ExportButtons } from '../../../ui/export-buttons';
import { usePageTitle } from '../../../ui/page-title';
import { SimpleTable } from '../../../ui/simple-table';
import { TableSkeleton } from '../../../ui/skeletons';
import { usePayments } from '../api/payments';
import { PaymentStateBadge } from './membership-parts';

const METHOD_OPTIONS = PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }));
const STATE_OPTIONS = PAYMENT_STATES.map((s) => ({ value: s, label: PAYMENT_STATE_LABELS[s] }));

/** The names in the rows shown, plus the one chosen, as a filter's options. */
function optionsOf(rows: Payment[], pick: (p: Payment) => { id: number; name: string } | null, chosen: string | null) {
  const named = new Map(rows.flatMap((p) => (pick(p) ? [[String(pick(p)!.id), pick(p)!.name] as const] : [])));
  if (chosen && !named.has(chosen)) named.set(chosen, 'Chosen');
  return [...named.entries()].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
}

/** What a payment paid for, in a word and its name: the opportunity, the fee, the membership plan. */
const paidFor = (p: Payment) =>
  p.purpose === 'investment' ? (p.opportunity?.name ?? p.purpose_label) : `${p.purpose_label}: ${p.note ?? ''}`;

const columns: Column<Payment>[] = [
  { key: 'received_on', label: 'Received', render: (p) => formatDate(p.received_on), nowrap: true },
  {
    key: 'investor',
    label: 'Investor',
    nowrap: true,
    render: (p) =>
      p.investor ? (
        <Link to="/admin/investors/$id/details" params={{ id: String(p.investor.id) }}>
          {p.investor.name}
        </Link>
      ) : (
        ''
      ),
  },
  { key: 'for', label: 'For', render: paidFor },
  { key: 'reference', label: 'Reference', render: (p) => p.payment_reference ?? p.provider_reference ?? '' },
  { key: 'method', label: 'Method', render: (p) => p.method_label },
  { key: 'amount', label: 'Amount', render: (p) => formatMoney(p.amount, p.currency), numeric: true },
  { key: 'state', label: 'State', render: (p) => <PaymentStateBadge payment={p} /> },
];

/**
 * /admin/payments: every payment in the ledger (decisions 0050, 0058) — bank transfers, card
 * payments of investments and fees, membership payments — with filters, totals per currency and
 * export.
 */
export function PaymentsPage() {
  usePageTitle('Payments');
  const [method, setMethod] = useState<string | null>(null);
  const [state, setState] = useState<string | null>(null);
  const [investor, setInvestor] = useState<string | null>(null);
  const [opportunity, setOpportunity] = useState<string | null>(null);
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const filters = {
    method: method ?? undefined,
    state: state ?? undefined,
    user_id: investor ?? undefined,
    opportunity_id: opportunity ?? undefined,
    received_from: from ?? undefined,
    received_to: to ?? undefined,
  };
  const { list, totals } = usePayments(filters);
  const rows = list.data?.data ?? [];
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>Payments</Title>
        <ExportButtons resource="payments" list={{ sort: '-received_on', filters }} />
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 6 }}>
        <Select label="Method" placeholder="Every method" data={METHOD_OPTIONS} value={method} onChange={setMethod} clearable />
        <Select label="State" placeholder="Every state" data={STATE_OPTIONS} value={state} onChange={setState} clearable />
        <Select
          label="Investor"
          placeholder="Every investor"
          data={optionsOf(rows, (p) => p.investor, investor)}
          value={investor}
          onChange={setInvestor}
          searchable
          clearable
        />
        <Select
          label="Opportunity"
          placeholder="Every opportunity"
          data={optionsOf(rows, (p) => p.opportunity, opportunity)}
          value={opportunity}
          onChange={setOpportunity}
          searchable
          clearable
        />
        <DateField label="Received from" value={from} onChange={(v) => setFrom(v || null)} clearable />
        <DateField label="Received to" value={to} onChange={(v) => setTo(v || null)} clearable />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }} aria-label="Totals">
        {(totals.data ?? []).map((t) => (
          <Paper key={t.currency} withBorder p="md">
            <Text size="sm" c="dimmed">
              {formatCount(t.count, 'payment')} received in {t.currency}
            </Text>
            <Text fw={700}>{formatMoney(t.received, t.currency)}</Text>
            {t.failed > 0 && (
              <Text size="sm" c="red.8">
                {formatCount(t.failed, 'failed attempt')}
              </Text>
            )}
          </Paper>
        ))}
      </SimpleGrid>
      {list.isPending ? (
        <TableSkeleton />
      ) : (
        <Paper withBorder>
          <SimpleTable
            caption="Payments"
            columns={columns}
            rows={rows}
            rowKey={(p) => p.id}
            minWidth={960}
            stacked
            empty={
              <EmptyState icon={IconReceipt} title="No payments here">
                Payments appear as money arrives: bank transfers recorded on cash calls, card payments, fees and memberships.
              </EmptyState>
            }
          />
        </Paper>
      )}
      {(list.data?.meta.total ?? 0) > rows.length && (
        <Text size="sm" c="dimmed">
          Showing the latest {rows.length} of {list.data?.meta.total}. Narrow the filters or export to see them all.
        </Text>
      )}
    </Stack>
  );
}
