import { useState } from 'react';
import { LineChart } from '@mantine/charts';
import { Alert, Group, Paper, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { FundKpis, FundPeriodFigures } from '@platform/domain';
import { api } from '../../../app/api-client';
import { formatDate, formatAmount, formatMultiple, formatRate } from '../../../app/format';
import type { Column } from '../../../ui/data-table';
import { SimpleTable } from '../../../ui/simple-table';

const figure = { style: { fontVariantNumeric: 'tabular-nums' } } as const;

/** The columns of a fund's period figures: NAV, money in and out, the multiples and the IRR. */
export function fundPeriodColumns(currency: string): Column<FundPeriodFigures>[] {
  const money = (value: string | null | undefined) => (
    <Text size="sm" {...figure}>
      {value == null ? '—' : formatAmount(value, currency)}
    </Text>
  );
  const multiple = (value: string | null) => (
    <Text size="sm" {...figure}>
      {formatMultiple(value)}
    </Text>
  );
  return [
    {
      key: 'period',
      label: 'Period',
      render: (p) => (
        <div>
          <Text size="sm" fw={600}>
            {p.period}
          </Text>
          <Text size="xs" c="dimmed">
            to {formatDate(p.date)}
          </Text>
        </div>
      ),
    },
    { key: 'nav', label: 'NAV', align: 'right', render: (p) => money(p.figures.latest_nav?.nav) },
    { key: 'paid_in', label: 'Paid in', align: 'right', render: (p) => money(p.figures.paid_in) },
    { key: 'distributions', label: 'Distributions', align: 'right', render: (p) => money(p.figures.distributions) },
    { key: 'dpi', label: 'DPI', align: 'right', render: (p) => multiple(p.figures.dpi) },
    { key: 'rvpi', label: 'RVPI', align: 'right', render: (p) => multiple(p.figures.rvpi) },
    { key: 'tvpi', label: 'TVPI', align: 'right', render: (p) => multiple(p.figures.tvpi) },
    {
      key: 'irr',
      label: 'IRR',
      align: 'right',
      render: (p) => (
        <Text size="sm" {...figure}>
          {formatRate(p.irr)}
        </Text>
      ),
    },
  ];
}

type Period = 'quarter' | 'year';

/** Where a fund's KPIs come from: the staff route, or the investor's own (a fund they are in). */
const sourceOf = (fundId: number, period: Period, side: 'staff' | 'investor') =>
  side === 'investor' ? `/api/my/funds/${fundId}/kpis?period=${period}` : `/api/funds/${fundId}/${period === 'year' ? 'annual' : 'kpis'}`;

const MULTIPLES = [
  { key: 'tvpi', name: 'TVPI', color: 'brand.6' },
  { key: 'dpi', name: 'DPI', color: 'teal.6' },
  { key: 'rvpi', name: 'RVPI', color: 'orange.6' },
] as const;

/**
 * A fund's KPIs (decision 0029): NAV, paid in, distributions, the multiples and the IRR at each
 * quarter or year end, as a table and a chart of the multiples over time. Staff and the fund's
 * investors see the same figures.
 */
export function FundKpisPanel({ fundId, currency, side }: { fundId: number; currency: string; side: 'staff' | 'investor' }) {
  const [period, setPeriod] = useState<Period>('quarter');
  const query = useQuery({
    queryKey: ['funds', 'kpis', side, fundId, period],
    queryFn: () => api<{ data: FundKpis }>(sourceOf(fundId, period, side)).then((r) => r.data),
  });
  const periods = query.data?.periods ?? [];
  const chart = periods.map((p) => ({
    period: p.period,
    ...Object.fromEntries(MULTIPLES.map((m) => [m.name, p.figures[m.key] == null ? Number.NaN : Number(p.figures[m.key])])),
  }));
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={2} fz="lg">
              KPIs
            </Title>
            <Text size="sm" c="dimmed">
              At each {period === 'year' ? 'year' : 'quarter'} end, from the fund's NAVs and ledgers.
            </Text>
          </div>
          <SegmentedControl
            aria-label="Period"
            value={period}
            onChange={(value) => setPeriod(value as Period)}
            data={[
              { value: 'quarter', label: 'Quarterly' },
              { value: 'year', label: 'Annual' },
            ]}
          />
        </Group>
        {query.isError && <Alert color="red">The fund's KPIs could not be loaded.</Alert>}
        {query.isPending && <Skeleton h={240} radius="md" />}
        {query.data && periods.length > 1 && (
          <LineChart
            h={220}
            data={chart}
            dataKey="period"
            series={MULTIPLES.map((m) => ({ name: m.name, color: m.color }))}
            withLegend
            curveType="linear"
            connectNulls
            valueFormatter={(v) => formatMultiple(String(v))}
            role="img"
            aria-label="TVPI, DPI and RVPI over time"
          />
        )}
        {query.data && (
          <SimpleTable
            aria-label={`KPIs by ${period}`}
            columns={fundPeriodColumns(currency)}
            rows={periods}
            rowKey={(p) => p.date}
            empty={
              <Text size="sm" c="dimmed" p="md">
                Nothing recorded yet: the KPIs appear once the fund has a NAV or ledger entries.
              </Text>
            }
          />
        )}
      </Stack>
    </Paper>
  );
}
