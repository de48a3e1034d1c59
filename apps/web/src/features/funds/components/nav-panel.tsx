import { useState } from 'react';
import { createNavBody, sumAmounts } from '@platform/domain';
import { LineChart } from '@mantine/charts';
import { ActionIcon, Button, Card, Group, Modal, Paper, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { ApiError } from '../../../app/api-client';
import { useSubmit } from '../../../app/use-submit';
import { Fact } from '../../../ui/fact';
import { FormError } from '../../../ui/form-error';
import { validateWith } from '../../../app/form-validation';
import { createNav, deleteNav, navBody, useFundAction, useNavs, type Fund, type Nav, type NavValues } from '../api/funds';
import { SimpleTable } from '../../../ui/simple-table';
import {
  formatAmount,
  formatChartPrice,
  formatDate,
  formatFundUnits,
  formatMoney,
  formatMoneyAxis,
  formatMultiple,
  formatNumber,
  formatPrice,
  toLocalIsoDate,
} from '../../../app/format';
import { DateField } from '../../../ui/date-field';
import { MoneyInput } from '../../../ui/money-input';

/** The fund's figures today: its latest NAV, what investors paid in and got back, and the multiples. */
export function FundFiguresCards({ fund }: { fund: Fund }) {
  const f = fund.figures;
  if (!f) return null;
  const cards = [
    {
      label: 'Latest NAV',
      value: formatAmount(f.latest_nav?.nav, fund.currency),
      note: f.latest_nav ? `at ${formatDate(f.latest_nav.date)}` : 'No NAV yet',
    },
    {
      label: 'NAV per unit',
      value: formatPrice(f.latest_nav?.nav_per_unit ?? null, fund.currency),
      note: `${formatFundUnits(f.units_issued)} units issued`,
    },
    { label: 'Paid in', value: formatAmount(f.paid_in, fund.currency), note: `Fees ${formatAmount(f.fees, fund.currency)}` },
    {
      label: 'Returned',
      value: formatAmount(sumAmounts([f.distributions, f.redemptions]), fund.currency),
      note: `DPI ${formatMultiple(f.dpi)}`,
    },
    { label: 'TVPI', value: formatMultiple(f.tvpi), note: `RVPI ${formatMultiple(f.rvpi)}` },
  ];
  return (
    <SimpleGrid cols={{ base: 2, md: 5 }}>
      {cards.map((c) => (
        <Card key={c.label} withBorder radius="md" padding="md" role="group" aria-label={c.label}>
          <Fact strong label={c.label} value={c.value} />
          <Text size="xs" c="dimmed">
            {c.note}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}

function AddNav({ fund }: { fund: Fund }) {
  const form = useForm<NavValues>({
    initialValues: { date: toLocalIsoDate(), nav: '', units_in_issue: '' },
    validate: validateWith(createNavBody, (v: NavValues) => navBody(fund.id, v)),
  });
  const create = useFundAction((v: NavValues) => createNav(navBody(fund.id, v)));
  const { submit, submitting, formError } = useSubmit(async (v: NavValues) => {
    await create.mutateAsync(v);
    form.setValues({ nav: '', units_in_issue: '' });
    notifications.show({
      color: 'teal',
      message: `NAV of ${formatMoney(v.nav.trim(), fund.currency)} recorded for ${formatDate(v.date)}.`,
    });
  }, form);
  return (
    <form onSubmit={form.onSubmit((v) => void submit(v))} noValidate>
      <Stack gap="xs">
        <Group align="flex-start" wrap="wrap">
          <DateField label="NAV date" {...form.getInputProps('date')} w={170} />
          <MoneyInput
            currency={fund.currency}
            label={`NAV (${fund.currency})`}
            placeholder="1,250,000.00"
            {...form.getInputProps('nav')}
            w={190}
          />
          <TextInput
            label="Units in issue"
            inputMode="decimal"
            placeholder="From the ledgers"
            {...form.getInputProps('units_in_issue')}
            w={190}
          />
          <Button type="submit" loading={submitting} mt={24}>
            Add NAV
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          Leave the units in issue empty to use what the ledgers show on the NAV date. The NAV per unit is worked out from the two.
        </Text>
        <FormError message={formError} />
      </Stack>
    </form>
  );
}

function RemoveNav({ fund, nav, onClose }: { fund: Fund; nav: Nav; onClose: () => void }) {
  const remove = useFundAction(() => deleteNav(nav.id));
  return (
    <Modal opened onClose={onClose} title={`Remove the NAV of ${formatDate(nav.date)}?`} centered>
      <Text size="sm">
        {formatAmount(nav.nav, fund.currency)} ({formatPrice(nav.nav_per_unit, fund.currency)} a unit). Positions are valued at the NAV per
        unit before it from then on; subscriptions already dealt at it keep their units.
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
                notifications.show({ color: 'red', message: error instanceof ApiError ? error.message : 'The NAV was not removed.' }),
            })
          }
        >
          Remove NAV
        </Button>
      </Group>
    </Modal>
  );
}

/** Net asset values over time: NAV and NAV per unit on a chart and in a table; staff add and remove points. */
export function NavPanel({ fund, canWrite, canDelete }: { fund: Fund; canWrite: boolean; canDelete: boolean }) {
  const navs = useNavs(fund.id);
  const [removing, setRemoving] = useState<Nav | null>(null);
  const newestFirst = [...(navs.data ?? [])].reverse();
  return (
    <Paper withBorder radius="md" p="lg">
      <Title order={2} fz="lg" mb="sm">
        Net asset value
      </Title>
      {!navs.data ? (
        <Skeleton h={260} />
      ) : navs.data.length === 0 ? (
        <Text size="sm" c="dimmed" mb="md">
          No NAV recorded yet. Add the first one below: positions are valued from it.
        </Text>
      ) : (
        <LineChart
          h={260}
          data={navs.data.map((n) => ({
            date: formatDate(n.date),
            NAV: Number(n.nav),
            'NAV per unit': n.nav_per_unit === null ? null : Number(n.nav_per_unit),
          }))}
          dataKey="date"
          series={[
            { name: 'NAV', color: 'brand.6' },
            { name: 'NAV per unit', color: 'orange.6', yAxisId: 'right' },
          ]}
          withRightYAxis
          withLegend
          curveType="linear"
          connectNulls
          yAxisProps={{ width: 70, tickFormatter: (v: number) => formatMoneyAxis(v, fund.currency) }}
          rightYAxisProps={{ width: 70, tickFormatter: (v: number) => formatChartPrice(v, fund.currency) }}
          valueFormatter={formatNumber}
          aria-label="NAV and NAV per unit over time"
        />
      )}
      {canWrite && (
        <Stack mt="lg">
          <AddNav fund={fund} />
        </Stack>
      )}
      {newestFirst.length > 0 && (
        <SimpleTable
          verticalSpacing="xs"
          horizontalSpacing="md"
          striped
          mt="lg"
          caption="Net asset values, newest first"
          bodyStyle={{ fontVariantNumeric: 'tabular-nums' }}
          rows={newestFirst}
          rowKey={(n) => n.id}
          columns={[
            { key: 'date', label: 'Date', render: (n) => formatDate(n.date) },
            { key: 'nav', label: 'NAV', render: (n) => formatAmount(n.nav, fund.currency) },
            { key: 'units', label: 'Units in issue', render: (n) => formatFundUnits(n.units_in_issue) },
            { key: 'nav_per_unit', label: 'NAV per unit', render: (n) => formatPrice(n.nav_per_unit, fund.currency) },
            ...(canDelete
              ? [
                  {
                    key: 'actions',
                    label: 'Actions',
                    hideLabel: true,
                    width: 60,
                    render: (n: (typeof newestFirst)[number]) => (
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove the NAV of ${formatDate(n.date)}`}
                        onClick={() => setRemoving(n)}
                      >
                        <IconTrash size={16} aria-hidden />
                      </ActionIcon>
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}
      {removing && <RemoveNav fund={fund} nav={removing} onClose={() => setRemoving(null)} />}
    </Paper>
  );
}
