import { BarChart, DonutChart } from '@mantine/charts';
import { ColorSwatch, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { usePortfolioAnalysis, type AnalysisGroup, type Fund } from '../api/funds';
import { formatAmount, formatChartAmount, formatMoneyAxis, formatPercent } from '../../../app/format';
import { SimpleTable } from '../../../ui/simple-table';

const COLOURS = ['brand.6', 'teal.6', 'orange.6', 'grape.6', 'cyan.6', 'yellow.6', 'red.6', 'indigo.6', 'lime.6', 'pink.6', 'gray.6'];

/** One breakdown (by industry or by stage): value shares on a donut, cost and value side by side, and the figures. */
function Breakdown({ title, groups, currency }: { title: string; groups: AnalysisGroup[]; currency: string }) {
  const valued = groups.filter((g) => Number(g.value) > 0);
  return (
    <Paper withBorder radius="md" p="lg">
      <Title order={2} fz="lg" mb="md">
        {title}
      </Title>
      {groups.length === 0 ? (
        <Text size="sm" c="dimmed">
          No holdings yet.
        </Text>
      ) : (
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Stack align="center" gap={4}>
              {valued.length > 0 ? (
                <DonutChart
                  data={valued.map((g, i) => ({ name: g.label, value: Number(g.value), color: COLOURS[i % COLOURS.length] }))}
                  withTooltip
                  tooltipDataSource="segment"
                  valueFormatter={(v) => formatChartAmount(v, currency)}
                  chartLabel="Value"
                  size={180}
                  thickness={28}
                  role="img"
                  aria-label={`${title}: share of value`}
                />
              ) : null}
              {valued.length > 0 ? (
                <Group gap="sm" justify="center" mt="xs">
                  {valued.map((g, i) => (
                    <Group key={g.label} gap={6} wrap="nowrap">
                      <ColorSwatch
                        color={`var(--mantine-color-${COLOURS[i % COLOURS.length].replace('.', '-')})`}
                        size={12}
                        withShadow={false}
                      />
                      <Text size="xs">
                        {g.label} {formatPercent(g.value_share)}
                      </Text>
                    </Group>
                  ))}
                </Group>
              ) : (
                <Text size="sm" c="dimmed">
                  Nothing is held at a value.
                </Text>
              )}
            </Stack>
            <BarChart
              h={Math.max(180, groups.length * 40)}
              orientation="vertical"
              dataKey="label"
              data={groups.map((g) => ({ label: g.label, Cost: Number(g.cost), Value: Number(g.value) }))}
              series={[
                { name: 'Cost', color: 'gray.5' },
                { name: 'Value', color: 'brand.6' },
              ]}
              valueFormatter={(v) => formatChartAmount(v, currency)}
              xAxisProps={{ tickFormatter: (v: number) => formatMoneyAxis(v, currency) }}
              yAxisProps={{ width: 130 }}
              withLegend
              role="img"
              aria-label={`${title}: cost and value`}
            />
          </SimpleGrid>
          <SimpleTable
            verticalSpacing="xs"
            horizontalSpacing="md"
            striped
            caption={title}
            bodyStyle={{ fontVariantNumeric: 'tabular-nums' }}
            rows={groups}
            rowKey={(g) => g.label}
            columns={[
              { key: 'label', label: title.replace(/^By /, '').replace(/^./, (c) => c.toUpperCase()), render: (g) => g.label },
              { key: 'count', label: 'Holdings', render: (g) => g.count },
              { key: 'cost', label: 'Cost', render: (g) => formatAmount(g.cost, currency) },
              { key: 'cost_share', label: 'Share of cost', render: (g) => formatPercent(g.cost_share) },
              { key: 'value', label: 'Value', render: (g) => formatAmount(g.value, currency) },
              { key: 'value_share', label: 'Share of value', render: (g) => formatPercent(g.value_share) },
            ]}
          />
        </Stack>
      )}
    </Paper>
  );
}

/**
 * The fund's Portfolio analysis tab: diversification by industry and by stage. A holding counts at
 * its valuation, else at cost; exited and written-off holdings count no value (decision 0009).
 */
export function AnalysisPanel({ fund }: { fund: Fund }) {
  const analysis = usePortfolioAnalysis(fund.id);
  if (!analysis.data) return <Skeleton h={420} radius="md" />;
  const { totals, by_industry: byIndustry, by_stage: byStage, currency } = analysis.data;
  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        {totals.count} {totals.count === 1 ? 'holding' : 'holdings'}: cost {formatAmount(totals.cost, currency)}, value{' '}
        {formatAmount(totals.value, currency)}. Holdings without a valuation count at cost; exited and written-off holdings count no value.
      </Text>
      <Breakdown title="By industry" groups={byIndustry} currency={currency} />
      <Breakdown title="By stage" groups={byStage} currency={currency} />
    </Stack>
  );
}
