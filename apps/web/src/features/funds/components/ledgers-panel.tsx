import { useState } from 'react';
import { ActionIcon, Button, Group, Modal, Paper, Select, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconReceipt, IconTrash } from '@tabler/icons-react';
import { createLedgerBody, LEDGER_KIND_LABELS, LEDGER_KINDS } from '@platform/domain';
import { ApiError } from '../../../app/api-client';
import { useSubmit } from '../../../app/use-submit';
import { DataTable, type Column } from '../../../ui/data-table';
import { ExportButtons } from '../../../ui/export-buttons';
import { FormError } from '../../../ui/form-error';
import { InvestorPicker } from '../../../ui/investor-picker';
import { validateWith } from '../../../app/form-validation';
import {
  createLedger,
  deleteLedger,
  ledgerBody,
  useFundAction,
  useLedgerList,
  usePositions,
  type EntryValues,
  type Fund,
  type LedgerEntry,
} from '../api/funds';
import { EditLedgerEntry } from './edit-ledger-entry';
import { EmptyState } from '../../../ui/empty-state';
import { SimpleTable } from '../../../ui/simple-table';
import { formatDate, formatMoney, formatMultiple, formatPrice, formatFundUnits, toLocalIsoDate } from '../../../app/format';
import { DateField } from '../../../ui/date-field';
import { MoneyInput } from '../../../ui/money-input';

const PER_PAGE = 25;
const KIND_OPTIONS = LEDGER_KINDS.map((k) => ({ value: k, label: LEDGER_KIND_LABELS[k] }));

/** Each investor's balance with the fund today: units, their value at the latest NAV per unit, money in and out. */
function Positions({ fund }: { fund: Fund }) {
  const positions = usePositions(fund.id);
  if (!positions.data) return <Skeleton h={160} radius="md" />;
  const rows = positions.data.data;
  return (
    <Paper withBorder radius="md">
      <SimpleTable
        verticalSpacing="sm"
        horizontalSpacing="md"
        striped
        title="Investors' positions"
        bodyStyle={{ fontVariantNumeric: 'tabular-nums' }}
        rows={rows}
        rowKey={(p) => p.investor.id}
        columns={[
          { key: 'investor', label: 'Investor', render: (p) => p.investor.name },
          { key: 'units', label: 'Units', render: (p) => formatFundUnits(p.units) },
          { key: 'value', label: 'Value', render: (p) => formatMoney(p.value, fund.currency) },
          { key: 'paid_in', label: 'Paid in', render: (p) => formatMoney(p.paid_in, fund.currency) },
          { key: 'distributions', label: 'Distributions', render: (p) => formatMoney(p.distributions, fund.currency) },
          { key: 'fees', label: 'Fees', render: (p) => formatMoney(p.fees, fund.currency) },
          { key: 'tvpi', label: 'TVPI', render: (p) => formatMultiple(p.tvpi) },
        ]}
      />
      {rows.length === 0 && (
        <Text size="sm" c="dimmed" p="md">
          No investor is in this fund yet. Record a subscription below.
        </Text>
      )}
    </Paper>
  );
}

/** Records a subscription, redemption, distribution or fee for one investor. */
function AddEntry({ fund }: { fund: Fund }) {
  const form = useForm<EntryValues>({
    initialValues: { investor_id: null, kind: 'subscription', date: toLocalIsoDate(), amount: '', units: '', reference: '' },
    validate: validateWith(createLedgerBody, (v: EntryValues) => ledgerBody(fund.id, v)),
  });
  const create = useFundAction(({ values, idempotencyKey }: { values: EntryValues; idempotencyKey: string }) =>
    createLedger(ledgerBody(fund.id, values), idempotencyKey),
  );
  const { submit, submitting, formError } = useSubmit(async (v: EntryValues, { idempotencyKey }) => {
    await create.mutateAsync({ values: v, idempotencyKey });
    form.setValues({ amount: '', units: '', reference: '' });
    notifications.show({ color: 'teal', message: `${LEDGER_KIND_LABELS[v.kind]} of ${formatMoney(v.amount, fund.currency)} recorded.` });
  }, form);
  const kind = form.getValues().kind;
  const inUnits = kind === 'subscription' || kind === 'redemption';
  return (
    <form onSubmit={form.onSubmit((v) => void submit(v))} noValidate>
      <Stack gap="xs">
        <Group align="flex-start" wrap="wrap">
          <InvestorPicker
            label="Investor"
            value={form.getValues().investor_id}
            onChange={(id) => form.setFieldValue('investor_id', id)}
            error={form.errors.investor_id as string | undefined}
          />
          <Select label="Kind" data={KIND_OPTIONS} allowDeselect={false} {...form.getInputProps('kind')} w={160} />
          <DateField label="Date" {...form.getInputProps('date')} w={170} />
          <MoneyInput currency={fund.currency} label={`Amount (${fund.currency})`} {...form.getInputProps('amount')} w={160} />
          {inUnits && (
            <TextInput
              label="Units"
              inputMode="decimal"
              placeholder={kind === 'subscription' ? 'From the NAV per unit' : 'Units redeemed'}
              {...form.getInputProps('units')}
              w={190}
            />
          )}
          <TextInput label="Reference" {...form.getInputProps('reference')} w={160} />
        </Group>
        <FormError message={formError} />
        <Group>
          <Button type="submit" loading={submitting}>
            Record entry
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function RemoveEntry({ fund, entry, onClose }: { fund: Fund; entry: LedgerEntry; onClose: () => void }) {
  const remove = useFundAction(() => deleteLedger(entry.id));
  return (
    <Modal opened onClose={onClose} title="Remove this ledger entry?" centered>
      <Text size="sm">
        {LEDGER_KIND_LABELS[entry.kind]} of {formatMoney(entry.amount, fund.currency)} for {entry.investor?.name ?? 'the investor'} on{' '}
        {formatDate(entry.date)}.
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          Keep it
        </Button>
        <Button
          color="red"
          loading={remove.isPending}
          onClick={() =>
            remove.mutate(undefined, {
              onSuccess: onClose,
              onError: (error) =>
                notifications.show({
                  color: 'red',
                  message:
                    error instanceof ApiError
                      ? error.errors && typeof error.errors === 'object'
                        ? Object.values(error.errors)[0][0]
                        : error.message
                      : 'The entry was not removed.',
                }),
            })
          }
        >
          Remove entry
        </Button>
      </Group>
    </Modal>
  );
}

/** The fund's Transactions tab: positions, then the ledgers (filtered, sorted, exported) and a form to record entries. */
export function LedgersPanel({ fund, canWrite, canDelete }: { fund: Fund; canWrite: boolean; canDelete: boolean }) {
  const [kind, setKind] = useState<string | null>(null);
  const [investor, setInvestor] = useState<string | null>(null);
  const [sort, setSort] = useState('-date');
  const [page, setPage] = useState(1);
  const [removing, setRemoving] = useState<LedgerEntry | null>(null);
  const [editing, setEditing] = useState<LedgerEntry | null>(null);
  const filters = { fund_id: String(fund.id), kind: kind ?? undefined, investor_id: investor ?? undefined };
  const list = useLedgerList({ page, perPage: PER_PAGE, sort, filters });

  const columns: Column<LedgerEntry>[] = [
    { key: 'date', label: 'Date', sort: 'date', render: (e) => formatDate(e.date) },
    { key: 'investor', label: 'Investor', render: (e) => e.investor?.name ?? '—' },
    { key: 'kind', label: 'Kind', sort: 'kind', render: (e) => LEDGER_KIND_LABELS[e.kind] },
    {
      key: 'amount',
      label: 'Amount',
      sort: 'amount',
      render: (e) => (
        <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {formatMoney(e.amount, fund.currency)}
        </Text>
      ),
    },
    { key: 'units', label: 'Units', render: (e) => formatFundUnits(e.units) },
    { key: 'nav_per_unit', label: 'Dealt at', render: (e) => formatPrice(e.nav_per_unit, fund.currency) },
    { key: 'reference', label: 'Reference', render: (e) => e.reference ?? '—' },
    ...(canWrite || canDelete
      ? [
          {
            key: 'actions',
            label: 'Actions',
            render: (e: LedgerEntry) => (
              <Group gap={4} wrap="nowrap">
                {canWrite && (
                  <ActionIcon
                    variant="subtle"
                    aria-label={`Edit the ${LEDGER_KIND_LABELS[e.kind].toLowerCase()} of ${formatDate(e.date)}`}
                    onClick={() => setEditing(e)}
                  >
                    <IconPencil size={16} aria-hidden />
                  </ActionIcon>
                )}
                {canDelete && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove the ${LEDGER_KIND_LABELS[e.kind].toLowerCase()} of ${formatDate(e.date)}`}
                    onClick={() => setRemoving(e)}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                )}
              </Group>
            ),
          },
        ]
      : []),
  ];

  return (
    <Stack gap="lg">
      <Positions fund={fund} />
      {canWrite && (
        <Paper withBorder radius="md" p="lg">
          <Title order={2} fz="lg" mb="md">
            Record a ledger entry
          </Title>
          <AddEntry fund={fund} />
        </Paper>
      )}
      <Group gap="sm" align="flex-end" justify="space-between">
        <Group gap="sm" align="flex-end">
          <Select
            label="Kind"
            placeholder="Every kind"
            clearable
            data={KIND_OPTIONS}
            value={kind}
            onChange={(v) => {
              setKind(v);
              setPage(1);
            }}
            w={180}
          />
          <InvestorPicker
            label="Investor"
            value={investor}
            onChange={(v) => {
              setInvestor(v);
              setPage(1);
            }}
          />
        </Group>
        <ExportButtons resource="ledgers" list={{ sort, filters }} />
      </Group>
      <DataTable
        caption={`Ledger entries of ${fund.name}, page ${page}`}
        columns={columns}
        rows={list.data?.data}
        rowKey={(e) => e.id}
        loading={list.isFetching}
        sort={sort}
        onSort={setSort}
        page={page}
        lastPage={list.data?.meta.last_page ?? 1}
        total={list.data?.meta.total ?? 0}
        onPage={setPage}
        empty={
          <EmptyState icon={IconReceipt} title="No ledger entries">
            {kind || investor ? 'Clear the filters to see every entry.' : 'Subscriptions, redemptions, distributions and fees appear here.'}
          </EmptyState>
        }
      />
      {editing && <EditLedgerEntry fund={fund} entry={editing} onClose={() => setEditing(null)} />}
      {removing && <RemoveEntry fund={fund} entry={removing} onClose={() => setRemoving(null)} />}
    </Stack>
  );
}
