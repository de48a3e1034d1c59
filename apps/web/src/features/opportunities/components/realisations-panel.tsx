import { useState } from 'react';
import { ActionIcon, Alert, Button, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { type CompanyOutcomeRecord, createRealisationBody, type Realisation, type RegisterLine } from '@platform/domain';
import { IconReceipt, IconTrash } from '@tabler/icons-react';
import { api, ApiError, newIdempotencyKey } from '../../../app/api-client';
import { validateWith } from '../../../app/form-validation';
import { useSubmit } from '../../../app/use-submit';
import { SimpleTable } from '../../../ui/simple-table';
import { EmptyState } from '../../../ui/empty-state';
import { FormError } from '../../../ui/form-error';
import type { StaffOpportunity } from '../api/opportunities';
import { formatDate, formatMoney, formatPrice, formatUnits, toLocalIsoDate } from '../../../app/format';
import { DateField } from '../../../ui/date-field';
import { MoneyInput } from '../../../ui/money-input';

const OUTCOME_NAMES = { exit: 'Exit', 'partial-realisation': 'Partial realisation', 'write-off': 'Write-off' } as const;

/** Records every holder's proceeds from one exit or partial realisation; a partial one asks what part of each holding was sold. */
function RecordFromOutcome({
  opportunity,
  outcome,
  onSaved,
}: {
  opportunity: StaffOpportunity;
  outcome: CompanyOutcomeRecord;
  onSaved: () => Promise<void>;
}) {
  const [percentage, setPercentage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const partial = outcome.kind === 'partial-realisation';
  const record = async () => {
    setSaving(true);
    setError(null);
    try {
      const { data, warnings } = await api<{ data: Realisation[]; warnings: string[] }>(
        `/api/investment-opportunities/${opportunity.id}/realisations/from-outcome`,
        {
          method: 'POST',
          body: { outcome_id: outcome.id, ...(partial ? { percentage } : {}) },
          // One key per press: the button is busy until the answer.
          idempotencyKey: newIdempotencyKey(),
        },
      );
      notifications.show({ color: 'teal', message: `Proceeds recorded for ${data.length} ${data.length === 1 ? 'holder' : 'holders'}.` });
      showReliefWarnings(warnings);
      await onSaved();
    } catch (e) {
      const fields = e instanceof ApiError && typeof e.errors === 'object' ? e.errors : undefined;
      setError(
        fields?.percentage?.[0] ?? fields?.outcome_id?.[0] ?? (e instanceof ApiError ? e.message : 'The proceeds were not recorded.'),
      );
    } finally {
      setSaving(false);
    }
  };
  return (
    <Group align="flex-end" wrap="wrap" gap="sm">
      <Text size="sm" style={{ flex: '1 1 260px' }}>
        {OUTCOME_NAMES[outcome.kind]} on {formatDate(outcome.date)} at {formatPrice(outcome.price, opportunity.currency)} a share
      </Text>
      {partial && (
        <TextInput
          label="Part of each holding sold (%)"
          inputMode="decimal"
          value={percentage}
          onChange={(e) => setPercentage(e.currentTarget.value)}
          error={error}
          w={220}
        />
      )}
      <Button variant="light" loading={saving} onClick={() => void record()}>
        Record every holder’s proceeds
      </Button>
      {!partial && error && (
        <Text size="sm" c="red" w="100%">
          {error}
        </Text>
      )}
    </Group>
  );
}

/** Disposals inside a relief holding period: the server's warnings, kept on screen until dismissed. */
function showReliefWarnings(warnings: string[]) {
  for (const message of new Set(warnings))
    notifications.show({ color: 'yellow', title: 'Tax relief may be withdrawn', message, autoClose: false });
}

interface SaleValues extends Record<string, unknown> {
  holder_key: string;
  date: string;
  shares: string;
  proceeds: string;
  note: string;
}

/** One holder's sale of their own (a secondary sale, a buy-back of their shares). */
function RecordSale({
  opportunity,
  lines,
  onSaved,
}: {
  opportunity: StaffOpportunity;
  lines: RegisterLine[];
  onSaved: () => Promise<void>;
}) {
  const form = useForm<SaleValues>({
    initialValues: { holder_key: '', date: toLocalIsoDate(), shares: '', proceeds: '', note: '' },
    validate: validateWith(createRealisationBody, (values: SaleValues) => values),
  });
  const { submit, submitting, formError } = useSubmit(async (values: SaleValues, { idempotencyKey }) => {
    const { warnings } = await api<{ warnings: string[] }>(`/api/investment-opportunities/${opportunity.id}/realisations`, {
      method: 'POST',
      body: values,
      idempotencyKey,
    });
    showReliefWarnings(warnings);
    form.reset();
    await onSaved();
  }, form);
  // Staff see the relief warning before they confirm the sale (decision 0060).
  const reliefEndsOn = lines.find((l) => l.key === form.values.holder_key)?.relief_ends_on;
  const insideRelief = Boolean(reliefEndsOn && form.values.date && form.values.date < reliefEndsOn);
  const held = (l: RegisterLine) => `${l.user.name}${l.held_through ? ` (${l.held_through})` : ''}: ${formatUnits(l.shares_held)} shares`;
  return (
    <form onSubmit={form.onSubmit((values) => void submit(values))} aria-label="Record one holder’s sale">
      <Group align="flex-start" wrap="wrap" gap="sm">
        <Select
          label="Holder"
          placeholder="Choose a holder"
          searchable
          data={lines.filter((l) => Number(l.shares_held) > 0).map((l) => ({ value: l.key, label: held(l) }))}
          {...form.getInputProps('holder_key')}
          w={300}
        />
        <DateField label="Date of sale" {...form.getInputProps('date')} w={170} />
        <TextInput label="Shares sold" inputMode="decimal" {...form.getInputProps('shares')} w={140} />
        <MoneyInput
          currency={opportunity.currency}
          label={`Proceeds (${opportunity.currency})`}
          {...form.getInputProps('proceeds')}
          w={160}
        />
        <TextInput label="Note" placeholder="e.g. Secondary sale" {...form.getInputProps('note')} w={220} />
      </Group>
      {insideRelief && (
        <Alert variant="light" color="yellow" mt="sm" title="Tax relief may be withdrawn">
          These shares are inside the tax relief holding period until {formatDate(reliefEndsOn)}: disposing of them now may withdraw the
          relief.
        </Alert>
      )}
      <FormError message={formError} />
      <Button type="submit" variant="light" loading={submitting} mt="sm">
        {insideRelief ? 'Record the sale anyway' : 'Record the sale'}
      </Button>
    </form>
  );
}

/**
 * On the Performance tab: the proceeds holders received for shares sold. Staff record them for
 * every holder from an exit or a partial realisation; they count as realised in every figure.
 */
export function RealisationsPanel({
  opportunity,
  canWrite,
  onChanged,
}: {
  opportunity: StaffOpportunity;
  canWrite: boolean;
  onChanged: () => Promise<void>;
}) {
  const key = ['investment-opportunities', 'realisations', opportunity.id];
  const realisations = useQuery({
    queryKey: key,
    queryFn: () => api<{ data: Realisation[]; holders: RegisterLine[] }>(`/api/investment-opportunities/${opportunity.id}/realisations`),
  });
  const outcomes = useQuery({
    queryKey: ['company-outcomes', opportunity.id],
    queryFn: () =>
      api<{ data: CompanyOutcomeRecord[] }>('/api/company-outcomes', { query: { 'filter[opportunity_id]': opportunity.id } }).then(
        (r) => r.data,
      ),
  });
  const refresh = async () => {
    await Promise.all([realisations.refetch(), onChanged()]);
  };
  const rows = realisations.data?.data ?? [];
  const lines = realisations.data?.holders ?? [];
  const outcomeOf = new Map((outcomes.data ?? []).map((o) => [o.id, o]));
  const unpaid = (outcomes.data ?? []).filter((o) => o.kind !== 'write-off' && !rows.some((r) => r.outcome_id === o.id));
  const remove = async (r: Realisation) => {
    try {
      await api(`/api/investment-opportunities/${opportunity.id}/realisations/${r.id}`, { method: 'DELETE' });
      await refresh();
    } catch (e) {
      notifications.show({ color: 'red', message: e instanceof ApiError ? e.message : 'The proceeds were not deleted.' });
    }
  };
  return (
    <Paper withBorder radius="md" p="lg">
      <Title order={2} fz="lg">
        Holders’ proceeds
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        What holders received for shares sold. Proceeds count as realised, and the shares sold are no longer valued.
      </Text>
      {canWrite && unpaid.length > 0 && (
        <Stack gap="sm" mb="md">
          {unpaid.map((o) => (
            <RecordFromOutcome key={o.id} opportunity={opportunity} outcome={o} onSaved={refresh} />
          ))}
        </Stack>
      )}
      {canWrite && lines.some((l) => Number(l.shares_held) > 0) && (
        <Stack gap="xs" mb="md">
          <Text size="sm" fw={600}>
            A holder’s own sale
          </Text>
          <RecordSale opportunity={opportunity} lines={lines} onSaved={refresh} />
        </Stack>
      )}
      <SimpleTable
        minWidth={720}
        verticalSpacing="sm"
        horizontalSpacing="md"
        striped
        aria-label="Holders’ proceeds"
        rows={rows}
        rowKey={(r) => r.id}
        empty={
          <EmptyState icon={IconReceipt} title="No proceeds recorded yet">
            Record an exit or a partial realisation above the chart, then what each holder received; or a holder’s own sale.
          </EmptyState>
        }
        columns={[
          { key: 'date', label: 'Date', render: (r) => formatDate(r.date) },
          {
            key: 'holder',
            label: 'Holder',
            render: (r) => (
              <>
                <Text size="sm">{r.user.name ?? 'Former holder'}</Text>
                {r.held_through && (
                  <Text size="xs" c="dimmed">
                    {r.held_through}
                  </Text>
                )}
              </>
            ),
          },
          { key: 'shares', label: 'Shares sold', align: 'right', render: (r) => formatUnits(r.shares) },
          { key: 'proceeds', label: 'Proceeds', align: 'right', render: (r) => formatMoney(r.proceeds, opportunity.currency) },
          {
            key: 'from',
            label: 'From',
            render: (r) => {
              const outcome = r.outcome_id ? outcomeOf.get(r.outcome_id) : undefined;
              return outcome ? OUTCOME_NAMES[outcome.kind] : (r.note ?? 'Sale');
            },
          },
          ...(canWrite
            ? [
                {
                  key: 'actions',
                  label: 'Actions',
                  hideLabel: true,
                  render: (r: (typeof rows)[number]) => (
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Delete the proceeds of ${r.user.name ?? 'this holder'} on ${formatDate(r.date)}`}
                      onClick={() => void remove(r)}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  ),
                },
              ]
            : []),
        ]}
      />
    </Paper>
  );
}
