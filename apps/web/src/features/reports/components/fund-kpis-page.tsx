import { useState } from 'react';
import { Alert, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import { fundPeriodColumns } from '../../funds';
import { EmptyState } from '../../../ui/empty-state';
import { usePageTitle } from '../../../ui/page-title';
import { SimpleTable } from '../../../ui/simple-table';
import { useFundKpiReport } from '../api/book-reports';
import { DateField } from '../../../ui/date-field';

/** /admin/reports/fund-kpis: every fund's NAV, paid-in, distributions, multiples and IRR at each quarter end. */
export function FundKpisPage() {
  usePageTitle('Fund KPIs');
  const [range, setRange] = useState<{ from?: string; to?: string }>({});
  const report = useFundKpiReport(range);
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Group gap="sm">
          <ThemeIcon variant="light" size={40} radius="md">
            <IconBuildingBank size={22} aria-hidden />
          </ThemeIcon>
          <Title order={1} fz={26}>
            Fund KPIs
          </Title>
        </Group>
        <Group gap="sm">
          <DateField label="From" value={range.from ?? ''} onChange={(day) => setRange({ ...range, from: day || undefined })} />
          <DateField label="To" value={range.to ?? ''} onChange={(day) => setRange({ ...range, to: day || undefined })} />
        </Group>
      </Group>
      <Text size="sm" c="dimmed">
        Figures at each quarter end from the funds' NAVs and ledgers. The IRR counts money paid in, distributions and redemptions on their
        dates and the NAV as what is still held.
      </Text>
      {report.isError && <Alert color="red">The fund KPIs could not be loaded.</Alert>}
      {!report.data && !report.isError && <Skeleton h={200} radius="md" />}
      {report.data?.length === 0 && (
        <EmptyState icon={IconBuildingBank} title="No funds yet">
          Funds appear here once they are set up.
        </EmptyState>
      )}
      {report.data?.map((fund) => (
        <Paper key={fund.fund.id} withBorder radius="md">
          <SimpleTable
            title={`${fund.fund.name} (${fund.fund.currency}, vintage ${fund.fund.vintage})`}
            columns={fundPeriodColumns(fund.fund.currency)}
            rows={fund.periods}
            rowKey={(p) => p.date}
            empty={
              <Text size="sm" c="dimmed" p="md">
                Nothing recorded in this range.
              </Text>
            }
          />
        </Paper>
      ))}
    </Stack>
  );
}
