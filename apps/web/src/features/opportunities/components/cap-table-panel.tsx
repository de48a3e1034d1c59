import { Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import type { CapTable, CapTablePerformance } from '@platform/domain';
import type { Column } from '../../../ui/data-table';
import { Fact, FactCards } from '../../../ui/fact';
import { SimpleTable } from '../../../ui/simple-table';
import { useCapTable, useCapTablePerformance } from '../api/cap-table';
import { formatAmount, formatDate, formatMultiple, formatPercent, formatRate, formatUnits } from '../../../app/format';

const tableProps = {
  verticalSpacing: 'sm',
  horizontalSpacing: 'md',
  striped: true,
  style: { fontVariantNumeric: 'tabular-nums' },
} as const;

/** Who holds a line of the register, and how: personally, or through an organisation, a method or a nominee. */
const holderColumn: Column<{ name: string; held_through: string | null; holder_type_label: string }> = {
  key: 'holder',
  label: 'Holder',
  render: (h) => (
    <>
      <Text size="sm" fw={600}>
        {h.name}
      </Text>
      <Text size="xs" c="dimmed">
        {h.held_through ? `${h.holder_type_label}: ${h.held_through}` : h.holder_type_label}
      </Text>
    </>
  ),
};

function Empty() {
  return (
    <Text size="sm" c="dimmed" p="md">
      Nobody holds shares yet.
    </Text>
  );
}

/** The cap-table tab: who holds the company's shares on the platform, how, and at what cost. */
export function CapTablePanel({ opportunityId }: { opportunityId: number }) {
  const query = useCapTable(opportunityId);
  if (!query.data) return <Skeleton h={320} radius="md" />;
  const { total, holders, currency, shares_outstanding } = query.data;
  const columns: Column<CapTable['holders'][number]>[] = [
    holderColumn,
    { key: 'shares', label: 'Shares', align: 'right', render: (h) => formatUnits(h.shares) },
    { key: 'percent_of_holders', label: '% of holders', align: 'right', render: (h) => formatPercent(h.percent_of_holders) },
    { key: 'percent_of_company', label: '% of company', align: 'right', render: (h) => formatPercent(h.percent_of_company) },
    { key: 'cost', label: 'Cost', align: 'right', render: (h) => formatAmount(h.cost, currency) },
  ];
  return (
    <Paper withBorder radius="md">
      <SimpleGrid cols={{ base: 2, md: 4 }} p="md">
        <Fact label="Holders" value={String(total.holders)} />
        <Fact label="Shares held" value={formatUnits(total.shares)} />
        <Fact label="Cost" value={formatAmount(total.cost, currency)} />
        <Fact
          label="Of the company"
          value={
            shares_outstanding
              ? `${formatPercent(total.percent_of_company)} of ${formatUnits(shares_outstanding.shares)} (${formatDate(shares_outstanding.date)})`
              : 'No valuation recorded'
          }
        />
      </SimpleGrid>
      <SimpleTable title="Cap table" minWidth={640} {...tableProps} rows={holders} rowKey={(h) => h.key} columns={columns} />
      {!holders.length && <Empty />}
    </Paper>
  );
}

/** The cap-table-performance tab: each holder's cost, value, realised proceeds, gain and multiple. */
export function CapTablePerformancePanel({ opportunityId }: { opportunityId: number }) {
  const query = useCapTablePerformance(opportunityId);
  if (!query.data) return <Skeleton h={320} radius="md" />;
  const { total, holders, currency } = query.data;
  const columns: Column<CapTablePerformance['holders'][number]>[] = [
    holderColumn,
    { key: 'cost', label: 'Cost', align: 'right', render: (h) => formatAmount(h.cost, currency) },
    { key: 'current_value', label: 'Current value', align: 'right', render: (h) => formatAmount(h.current_value, currency) },
    { key: 'realised', label: 'Realised', align: 'right', render: (h) => formatAmount(h.realised, currency) },
    { key: 'gain', label: 'Gain', align: 'right', render: (h) => formatAmount(h.gain, currency) },
    { key: 'moic', label: 'MOIC', align: 'right', render: (h) => formatMultiple(h.moic) },
    { key: 'irr', label: 'IRR', align: 'right', render: (h) => formatRate(h.irr) },
  ];
  return (
    <Stack gap="lg">
      {total && (
        <FactCards
          facts={[
            { label: 'Cost', value: formatAmount(total.cost, currency) },
            { label: 'Current value', value: formatAmount(total.current_value, currency) },
            { label: 'Realised', value: formatAmount(total.realised, currency) },
            { label: 'Gain', value: formatAmount(total.gain, currency) },
            { label: 'Multiple (MOIC)', value: formatMultiple(total.moic) },
            { label: 'IRR', value: formatRate(total.irr) },
          ]}
        />
      )}
      <Paper withBorder radius="md">
        <SimpleTable title="Returns by holder" minWidth={760} {...tableProps} rows={holders} rowKey={(h) => h.key} columns={columns} />
        {!holders.length && <Empty />}
      </Paper>
    </Stack>
  );
}
