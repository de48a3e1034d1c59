import { LineChart } from '@mantine/charts';
import { Button, Group, Paper, Select, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CompanyPerformance } from '@platform/domain';
import { api } from '../../../app/api-client';
import { useSubmit } from '../../../app/use-submit';
import { FactCards } from '../../../ui/fact';
import { FormError } from '../../../ui/form-error';
import { SimpleTable } from '../../../ui/simple-table';
import type { StaffOpportunity } from '../api/opportunities';
import { RealisationsPanel } from './realisations-panel';
import {
  formatAmount,
  formatChartPrice,
  formatDate,
  formatMultiple,
  formatPrice,
  formatRate,
  formatUnits,
  toLocalIsoDate,
} from '../../../app/format';
import { DateField } from '../../../ui/date-field';
import { MoneyInput } from '../../../ui/money-input';

const SOURCES: Record<string, string> = {
  'share-price': 'Share price',
  valuation: 'Valuation',
  exit: 'Exit',
  'partial-realisation': 'Partial realisation',
  'write-off': 'Write-off',
  investment: 'Price paid',
};

type Kind = 'share-prices' | 'company-valuations' | 'company-outcomes';
interface Values extends Record<string, unknown> {
  kind: Kind;
  date: string;
  price: string;
  valuation: string;
  shares_outstanding: string;
  outcome: string;
}

/** Records a share price, a valuation or an outcome (exit, partial realisation, write-off). */
function AddPricePoint({ opportunity, onSaved }: { opportunity: StaffOpportunity; onSaved: () => Promise<void> }) {
  const form = useForm<Values>({
    initialValues: { kind: 'share-prices', date: toLocalIsoDate(), price: '', valuation: '', shares_outstanding: '', outcome: 'exit' },
  });
  const { submit, submitting, formError } = useSubmit(async (v: Values) => {
    const body =
      v.kind === 'share-prices'
        ? { price: v.price }
        : v.kind === 'company-valuations'
          ? { valuation: v.valuation, shares_outstanding: v.shares_outstanding }
          : { kind: v.outcome, ...(v.outcome === 'write-off' ? {} : { price: v.price }) };
    await api(`/api/${v.kind}`, { method: 'POST', body: { opportunity_id: opportunity.id, date: v.date, ...body } });
    form.setValues({ price: '', valuation: '', shares_outstanding: '' });
    await onSaved();
  }, form);
  const v = form.values;
  return (
    <form onSubmit={form.onSubmit((values) => void submit(values))}>
      <Group align="flex-end" wrap="wrap">
        <Select
          label="Record"
          allowDeselect={false}
          data={[
            { value: 'share-prices', label: 'Share price' },
            { value: 'company-valuations', label: 'Valuation' },
            { value: 'company-outcomes', label: 'Outcome' },
          ]}
          {...form.getInputProps('kind')}
          w={160}
        />
        <DateField label="Date" {...form.getInputProps('date')} w={170} />
        {v.kind === 'company-outcomes' && (
          <Select
            label="Outcome"
            allowDeselect={false}
            data={[
              { value: 'exit', label: 'Exit' },
              { value: 'partial-realisation', label: 'Partial realisation' },
              { value: 'write-off', label: 'Write-off' },
            ]}
            {...form.getInputProps('outcome')}
            w={190}
          />
        )}
        {(v.kind === 'share-prices' || (v.kind === 'company-outcomes' && v.outcome !== 'write-off')) && (
          <TextInput label={`Price per share (${opportunity.currency})`} inputMode="decimal" {...form.getInputProps('price')} w={190} />
        )}
        {v.kind === 'company-valuations' && (
          <>
            <MoneyInput
              currency={opportunity.currency}
              label={`Valuation (${opportunity.currency})`}
              {...form.getInputProps('valuation')}
              w={190}
            />
            <TextInput label="Shares outstanding" inputMode="decimal" {...form.getInputProps('shares_outstanding')} w={190} />
          </>
        )}
        <Button type="submit" loading={submitting}>
          Add
        </Button>
      </Group>
      <FormError message={formError} />
    </form>
  );
}

/** The Performance tab of an existing investment: figures, the price over time and each holder's returns. */
export function PerformancePanel({ opportunity, canWrite }: { opportunity: StaffOpportunity; canWrite: boolean }) {
  const client = useQueryClient();
  const key = ['investment-opportunities', 'performance', opportunity.id];
  const query = useQuery({
    queryKey: key,
    queryFn: () => api<{ data: CompanyPerformance }>(`/api/investment-opportunities/${opportunity.id}/performance`).then((r) => r.data),
  });
  // A new outcome may await its holders' proceeds; new proceeds change every figure.
  const refresh = async () => {
    await Promise.all([
      client.invalidateQueries({ queryKey: key }),
      client.invalidateQueries({ queryKey: ['company-outcomes', opportunity.id] }),
    ]);
  };
  if (!query.data) return <Skeleton h={360} radius="md" />;
  const { total, holders, series, currency } = query.data;
  return (
    <Stack gap="lg">
      {total && (
        <FactCards
          facts={[
            { label: 'Invested', value: formatAmount(total.cost, currency) },
            { label: 'Current value', value: formatAmount(total.current_value, currency) },
            { label: 'Realised', value: formatAmount(total.realised, currency) },
            { label: 'Multiple (MOIC)', value: formatMultiple(total.moic) },
            { label: 'IRR', value: formatRate(total.irr) },
          ]}
        />
      )}
      <Paper withBorder radius="md" p="lg">
        <Group justify="space-between" mb="sm">
          <Title order={2} fz="lg">
            Price per share
          </Title>
          {total?.price && (
            <Text size="sm" c="dimmed">
              Valued at {formatPrice(total.price.price_per_share, currency)} ({SOURCES[total.price.source] ?? total.price.source},{' '}
              {formatDate(total.price.date)})
            </Text>
          )}
        </Group>
        {series.length ? (
          <LineChart
            h={240}
            data={series.map((p) => ({ date: formatDate(p.date), Price: Number(p.price) }))}
            dataKey="date"
            series={[{ name: 'Price', color: 'brand.6' }]}
            curveType="linear"
            valueFormatter={(value) => formatChartPrice(value, currency)}
            role="img"
            aria-label="Price per share over time"
          />
        ) : (
          <Text size="sm" c="dimmed">
            No prices recorded yet: holdings are valued at the price paid.
          </Text>
        )}
        {canWrite && (
          <Stack mt="md">
            <AddPricePoint opportunity={opportunity} onSaved={refresh} />
          </Stack>
        )}
      </Paper>
      <RealisationsPanel opportunity={opportunity} canWrite={canWrite} onChanged={refresh} />
      <Paper withBorder radius="md">
        <SimpleTable
          title="Holders"
          verticalSpacing="sm"
          horizontalSpacing="md"
          striped
          rows={holders}
          rowKey={(h) => h.user_id}
          columns={[
            { key: 'name', label: 'Investor', render: (h) => h.name },
            { key: 'shares_held', label: 'Shares', render: (h) => formatUnits(h.shares_held) },
            { key: 'cost', label: 'Invested', render: (h) => formatAmount(h.cost, currency) },
            { key: 'current_value', label: 'Value', render: (h) => formatAmount(h.current_value, currency) },
            { key: 'realised', label: 'Realised', render: (h) => formatAmount(h.realised, currency) },
            { key: 'gain', label: 'Gain', render: (h) => formatAmount(h.gain, currency) },
            { key: 'moic', label: 'MOIC', render: (h) => formatMultiple(h.moic) },
            { key: 'irr', label: 'IRR', render: (h) => formatRate(h.irr) },
          ]}
        />
        {!holders.length && (
          <Text size="sm" c="dimmed" p="md">
            Nobody holds shares yet.
          </Text>
        )}
      </Paper>
    </Stack>
  );
}
