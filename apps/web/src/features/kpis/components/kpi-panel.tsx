import { useState } from 'react';
import { ActionIcon, Button, Group, Paper, Select, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconChartLine, IconTrash } from '@tabler/icons-react';
import { can, createKpiValueBody, KPI_PERIOD_EXAMPLES, KPI_UNIT_LABELS, kpiPeriodOf } from '@platform/domain';
import { ApiError } from '../../../app/api-client';
import { toLocalIsoDate } from '../../../app/format';
import { useCurrentUser } from '../../../app/session';
import { validateWith } from '../../../app/form-validation';
import { useSubmit } from '../../../app/use-submit';
import { EmptyState } from '../../../ui/empty-state';
import { FormError } from '../../../ui/form-error';
import { SimpleTable } from '../../../ui/simple-table';
import {
  createKpiValue,
  deleteKpiValue,
  formatKpiValue,
  type Kpi,
  type KpiValue,
  kpiValueBody,
  type KpiValueFormValues,
  useAllKpis,
  useKpiAction,
  useKpiValues,
} from '../api/kpis';
import { CompanyKpiRequests } from './company-kpi-requests';
import { KpiChart } from './kpi-chart';

function AddValue({ opportunityId, kpis, currency }: { opportunityId: number; kpis: Kpi[]; currency: string }) {
  const form = useForm<KpiValueFormValues>({
    initialValues: { kpi_id: String(kpis[0]?.id ?? ''), period: '', value: '', note: '' },
    validate: validateWith(createKpiValueBody, (v: KpiValueFormValues) => kpiValueBody(opportunityId, v)),
  });
  const kpi = kpis.find((k) => String(k.id) === form.values.kpi_id);
  const create = useKpiAction((v: KpiValueFormValues) => createKpiValue(kpiValueBody(opportunityId, v)));
  const { submit, submitting, formError } = useSubmit(async (v: KpiValueFormValues) => {
    await create.mutateAsync(v);
    form.setValues({ value: '', note: '' });
    notifications.show({ color: 'teal', message: `${kpi?.name ?? 'KPI'} for ${v.period.toUpperCase()} recorded.` });
  }, form);
  const unitHint = kpi ? (kpi.unit === 'currency' ? ` (${currency})` : kpi.unit === 'percentage' ? ' (%)' : '') : '';
  return (
    <form onSubmit={form.onSubmit((v) => void submit(v))} noValidate>
      <Stack gap="xs">
        <Group align="flex-start" wrap="wrap">
          <Select
            label="KPI"
            data={kpis.map((k) => ({ value: String(k.id), label: k.name }))}
            allowDeselect={false}
            {...form.getInputProps('kpi_id')}
            w={220}
          />
          <TextInput
            label="Period"
            placeholder={kpi ? kpiPeriodOf(kpi.frequency, toLocalIsoDate()) : KPI_PERIOD_EXAMPLES.quarterly}
            description={kpi ? `As ${KPI_PERIOD_EXAMPLES[kpi.frequency]}` : undefined}
            {...form.getInputProps('period')}
            w={150}
          />
          <TextInput label={`Value${unitHint}`} inputMode="decimal" placeholder="1250.5" {...form.getInputProps('value')} w={170} />
          <TextInput label="Note" placeholder="Optional" {...form.getInputProps('note')} w={220} />
          <Button type="submit" loading={submitting} mt={24}>
            Add value
          </Button>
        </Group>
        <FormError message={formError} />
      </Stack>
    </form>
  );
}

/** An existing investment's KPIs tab: a chart and the values of each KPI it reports, and a form to add one. */
export function KpiPanel({ opportunityId, currency }: { opportunityId: number; currency: string }) {
  const user = useCurrentUser();
  const kpis = useAllKpis();
  const values = useKpiValues({ opportunity_id: String(opportunityId) });
  const remove = useKpiAction((id: number) => deleteKpiValue(id));
  const [removing, setRemoving] = useState<number | null>(null);
  const mayCreate = can(user?.role_id, 'kpis', 'create');
  const mayDelete = can(user?.role_id, 'kpis', 'delete');
  if (!kpis.data || !values.data) return <Skeleton h={320} radius="md" />;
  const reported = kpis.data.filter((k) => values.data.some((v) => v.kpi_id === k.id));
  const onRemove = (v: KpiValue) => {
    setRemoving(v.id);
    remove.mutate(v.id, {
      onSettled: () => setRemoving(null),
      onError: (error) =>
        notifications.show({ color: 'red', message: error instanceof ApiError ? error.message : 'The value was not removed.' }),
    });
  };
  return (
    <Stack gap="lg">
      {mayCreate && (
        <Paper withBorder radius="md" p="lg">
          <Title order={2} fz="lg" mb="sm">
            Record a KPI value
          </Title>
          {kpis.data.length ? (
            <AddValue opportunityId={opportunityId} kpis={kpis.data} currency={currency} />
          ) : (
            <Text size="sm" c="dimmed">
              Define KPIs in Settings first.
            </Text>
          )}
        </Paper>
      )}
      <CompanyKpiRequests opportunityId={opportunityId} />
      {reported.length === 0 && (
        <Paper withBorder radius="md" p="xl">
          <EmptyState icon={IconChartLine} title="No KPI values yet">
            Values recorded here appear in the KPI report and, for investor-visible KPIs, on the holders' portfolio.
          </EmptyState>
        </Paper>
      )}
      {reported.map((kpi) => {
        const rows = values.data.filter((v) => v.kpi_id === kpi.id);
        return (
          <Paper key={kpi.id} withBorder radius="md" p="lg">
            <Group justify="space-between" mb="xs">
              <Title order={2} fz="lg">
                {kpi.name}
              </Title>
              <Text size="sm" c="dimmed">
                {kpi.category.name} · {KPI_UNIT_LABELS[kpi.unit]} · {kpi.investor_visible ? 'Visible to investors' : 'Staff only'}
              </Text>
            </Group>
            {rows.length > 1 && (
              <KpiChart
                title={`${kpi.name} over time`}
                unit={kpi.unit}
                currency={currency}
                series={[{ name: kpi.name, values: rows }]}
                h={200}
              />
            )}
            <SimpleTable
              mt="sm"
              verticalSpacing="xs"
              striped
              caption={`${kpi.name} by period`}
              rows={[...rows].reverse()}
              rowKey={(v) => v.id}
              bodyStyle={{ fontVariantNumeric: 'tabular-nums' }}
              columns={[
                { key: 'period', label: 'Period', render: (v) => v.period },
                { key: 'value', label: 'Value', align: 'right', render: (v) => formatKpiValue(v.value, kpi.unit, currency) },
                { key: 'note', label: 'Note', render: (v) => v.note ?? '' },
                ...(mayDelete
                  ? [
                      {
                        key: 'actions',
                        label: 'Actions',
                        hideLabel: true,
                        width: 60,
                        render: (v: KpiValue) => (
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            loading={removing === v.id}
                            aria-label={`Remove ${kpi.name} for ${v.period}`}
                            onClick={() => onRemove(v)}
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
      })}
    </Stack>
  );
}
