import { Paper, Table, Text, Title } from '@mantine/core';
import { formatDate, formatMoney } from '../../../app/format';

/** The investor's own investments through one of their holders (an organisation, a method account). */
export function MyHeldInvestments({
  holder,
  investments,
  empty,
}: {
  holder: string;
  investments: Array<{ id: number; opportunity: string; amount: string; currency: string; status_label: string; created_at: string }>;
  empty: string;
}) {
  return (
    <Paper withBorder radius="md" p="xl">
      <Title order={2} fz="lg" mb="md">
        Your investments through {holder}
      </Title>
      {!investments.length ? (
        <Text c="dimmed">{empty}</Text>
      ) : (
        <Table verticalSpacing="sm">
          <caption style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
            Investments through {holder}
          </caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Opportunity</Table.Th>
              <Table.Th>Amount</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Date</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {investments.map((i) => (
              <Table.Tr key={i.id}>
                <Table.Td>{i.opportunity}</Table.Td>
                <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>{formatMoney(i.amount, i.currency)}</Table.Td>
                <Table.Td>{i.status_label}</Table.Td>
                <Table.Td>{formatDate(i.created_at)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}
