import { Card, Paper, SimpleGrid, Skeleton, Stack, Table, Text } from '@mantine/core';
import { Fact } from '../../../ui/fact';
import { useCapTable, useCapTablePerformance } from '../api/cap-table';
import { formatMoney, formatMultiple, formatPercent, formatRate, formatUnits } from '../../../app/format';

const caption = { captionSide: 'top', textAlign: 'left', padding: 'var(--mantine-spacing-md)', fontWeight: 600 } as const;
const numeric = { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } as const;

function Holder({ name, heldThrough, label }: { name: string; heldThrough: string | null; label: string }) {
  return (
    <>
      <Text size="sm" fw={600}>
        {name}
      </Text>
      <Text size="xs" c="dimmed">
        {heldThrough ? `${label}: ${heldThrough}` : label}
      </Text>
    </>
  );
}

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
  return (
    <Paper withBorder radius="md">
      <SimpleGrid cols={{ base: 2, md: 4 }} p="md">
        <Fact label="Holders" value={String(total.holders)} />
        <Fact label="Shares held" value={formatUnits(total.shares)} />
        <Fact label="Cost" value={formatMoney(total.cost, currency)} />
        <Fact
          label="Of the company"
          value={
            shares_outstanding
              ? `${formatPercent(total.percent_of_company)} of ${formatUnits(shares_outstanding.shares)} (${shares_outstanding.date})`
              : 'No valuation recorded'
          }
        />
      </SimpleGrid>
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="sm" horizontalSpacing="md" striped>
          <caption style={caption}>Cap table</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Holder</Table.Th>
              <Table.Th style={numeric}>Shares</Table.Th>
              <Table.Th style={numeric}>% of holders</Table.Th>
              <Table.Th style={numeric}>% of company</Table.Th>
              <Table.Th style={numeric}>Cost</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {holders.map((h) => (
              <Table.Tr key={h.key}>
                <Table.Td>
                  <Holder name={h.name} heldThrough={h.held_through} label={h.holder_type_label} />
                </Table.Td>
                <Table.Td style={numeric}>{formatUnits(h.shares)}</Table.Td>
                <Table.Td style={numeric}>{formatPercent(h.percent_of_holders)}</Table.Td>
                <Table.Td style={numeric}>{formatPercent(h.percent_of_company)}</Table.Td>
                <Table.Td style={numeric}>{formatMoney(h.cost, currency)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {!holders.length && <Empty />}
    </Paper>
  );
}

/** The cap-table-performance tab: each holder's cost, value, realised proceeds, gain and multiple. */
export function CapTablePerformancePanel({ opportunityId }: { opportunityId: number }) {
  const query = useCapTablePerformance(opportunityId);
  if (!query.data) return <Skeleton h={320} radius="md" />;
  const { total, holders, currency } = query.data;
  return (
    <Stack gap="lg">
      {total && (
        <SimpleGrid cols={{ base: 2, md: 6 }}>
          {[
            { label: 'Cost', value: formatMoney(total.cost, currency) },
            { label: 'Current value', value: formatMoney(total.current_value, currency) },
            { label: 'Realised', value: formatMoney(total.realised, currency) },
            { label: 'Gain', value: formatMoney(total.gain, currency) },
            { label: 'Multiple (MOIC)', value: formatMultiple(total.moic) },
            { label: 'IRR', value: formatRate(total.irr) },
          ].map((f) => (
            <Card key={f.label} withBorder radius="md" padding="md">
              <Fact strong label={f.label} value={f.value} />
            </Card>
          ))}
        </SimpleGrid>
      )}
      <Paper withBorder radius="md">
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="sm" horizontalSpacing="md" striped>
            <caption style={caption}>Returns by holder</caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Holder</Table.Th>
                <Table.Th style={numeric}>Cost</Table.Th>
                <Table.Th style={numeric}>Current value</Table.Th>
                <Table.Th style={numeric}>Realised</Table.Th>
                <Table.Th style={numeric}>Gain</Table.Th>
                <Table.Th style={numeric}>MOIC</Table.Th>
                <Table.Th style={numeric}>IRR</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {holders.map((h) => (
                <Table.Tr key={h.key}>
                  <Table.Td>
                    <Holder name={h.name} heldThrough={h.held_through} label={h.holder_type_label} />
                  </Table.Td>
                  <Table.Td style={numeric}>{formatMoney(h.cost, currency)}</Table.Td>
                  <Table.Td style={numeric}>{formatMoney(h.current_value, currency)}</Table.Td>
                  <Table.Td style={numeric}>{formatMoney(h.realised, currency)}</Table.Td>
                  <Table.Td style={numeric}>{formatMoney(h.gain, currency)}</Table.Td>
                  <Table.Td style={numeric}>{formatMultiple(h.moic)}</Table.Td>
                  <Table.Td style={numeric}>{formatRate(h.irr)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {!holders.length && <Empty />}
      </Paper>
    </Stack>
  );
}
