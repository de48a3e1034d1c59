import { Paper, Text, Title } from '@mantine/core';
import type { MyHeldInvestment } from '@platform/domain';
import { formatDate, formatMoney } from '../../../app/format';
import type { Column } from '../../../ui/data-table';
import { SimpleTable } from '../../../ui/simple-table';

const COLUMNS: Column<MyHeldInvestment>[] = [
  { key: 'opportunity', label: 'Opportunity', render: (i) => i.opportunity },
  {
    key: 'amount',
    label: 'Amount',
    render: (i) => (
      <Text span inherit style={{ fontVariantNumeric: 'tabular-nums' }}>
        {formatMoney(i.amount, i.currency)}
      </Text>
    ),
  },
  { key: 'status', label: 'Status', render: (i) => i.status_label },
  { key: 'created_at', label: 'Date', render: (i) => formatDate(i.created_at) },
];

/** The investor's own investments through one of their holders (an organisation, a method account). */
export function MyHeldInvestments({ holder, investments, empty }: { holder: string; investments: MyHeldInvestment[]; empty: string }) {
  return (
    <Paper withBorder radius="md" p="xl">
      <Title order={2} fz="lg" mb="md">
        Your investments through {holder}
      </Title>
      <SimpleTable
        verticalSpacing="sm"
        caption={`Investments through ${holder}`}
        columns={COLUMNS}
        rows={investments}
        rowKey={(i) => i.id}
        empty={<Text c="dimmed">{empty}</Text>}
      />
    </Paper>
  );
}
