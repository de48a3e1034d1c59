import { useState } from 'react';
import { Alert, Group, Paper, Select, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCalendarStats } from '@tabler/icons-react';
import { type KpiGridRow, quarterOf } from '@platform/domain';
import { formatAmount, formatDate, formatNumber } from '../../../app/format';
import type { Column } from '../../../ui/data-table';
import { EmptyState } from '../../../ui/empty-state';
import { usePageTitle } from '../../../ui/page-title';
import { SimpleTable } from '../../../ui/simple-table';
import { useQuarterKpis } from '../api/book-reports';

/** The last eight quarters, newest first, for the picker. */
function recentQuarters(): string[] {
  const now = new Date();
  return Array.from({ length: 8 }, (_, i) => {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 3 * i, 1));
    return quarterOf(d.toISOString().slice(0, 10));
  });
}

function valueText(row: KpiGridRow, value: string) {
  if (row.kpi.unit === 'currency') return formatAmount(value, row.opportunity.currency);
  if (row.kpi.unit === 'percentage') return `${value}%`;
  return formatNumber(Number(value));
}

const COLUMNS: Column<KpiGridRow>[] = [
  {
    key: 'company',
    label: 'Company',
    render: (r) => (
      <div>
        <Text size="sm" fw={600}>
          {r.opportunity.name}
        </Text>
        <Text size="xs" c="dimmed">
          {r.opportunity.company_name}
        </Text>
      </div>
    ),
  },
  { key: 'kpi', label: 'KPI', render: (r) => r.kpi.name },
  {
    key: 'values',
    label: 'Values in the quarter',
    render: (r) => (
      <Stack gap={2}>
        {r.values.map((v) => (
          <Text key={v.period} size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {v.period}: {valueText(r, v.value)}
          </Text>
        ))}
      </Stack>
    ),
  },
];

/** /admin/reports/quarter-kpis: the KPI values every company reported for one quarter. */
export function QuarterKpisPage() {
  usePageTitle('Quarter KPIs');
  const quarters = recentQuarters();
  const [quarter, setQuarter] = useState(quarters[0]);
  const report = useQuarterKpis(quarter);
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Group gap="sm">
          <ThemeIcon variant="light" size={40} radius="md">
            <IconCalendarStats size={22} aria-hidden />
          </ThemeIcon>
          <Title order={1} fz={26}>
            Quarter KPIs
          </Title>
        </Group>
        <Select label="Quarter" data={quarters} value={quarter} onChange={(q) => q && setQuarter(q)} allowDeselect={false} w={140} />
      </Group>
      {report.data && (
        <Text size="sm" c="dimmed">
          {formatDate(report.data.start)} to {formatDate(report.data.end)}
        </Text>
      )}
      {report.isError && <Alert color="red">The KPIs could not be loaded.</Alert>}
      {report.data ? (
        <Paper withBorder radius="md">
          <SimpleTable
            caption={`KPIs for ${report.data.quarter}`}
            columns={COLUMNS}
            rows={report.data.rows}
            rowKey={(r) => r.key}
            empty={
              <EmptyState icon={IconCalendarStats} title="No KPIs reported for this quarter">
                Values appear here once companies report them for the quarter.
              </EmptyState>
            }
          />
        </Paper>
      ) : (
        !report.isError && <Skeleton h={200} radius="md" />
      )}
    </Stack>
  );
}
