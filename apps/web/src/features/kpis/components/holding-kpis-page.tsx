import { Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconChartLine } from '@tabler/icons-react';
import { useParams } from '@tanstack/react-router';
import { ApiError } from '../../../app/api-client';
import { useBranding } from '../../../app/settings';
import { BackLink } from '../../../ui/back-link';
import { EmptyState } from '../../../ui/empty-state';
import { usePageTitle } from '../../../ui/page-title';
import { ErrorPage } from '../../errors';
import { formatKpiPeriod } from '../../../app/format';
import { formatKpiValue, useHoldingKpis } from '../api/kpis';
import { KpiChart } from './kpi-chart';

/** /investor/portfolio/{id}/reports/kpis: the investor-visible KPIs of one of the investor's holdings. */
export function HoldingKpisPage() {
  const { id } = useParams({ strict: false }) as { id: string };
  const { terms } = useBranding();
  const query = useHoldingKpis(Number(id));
  const holding = query.data;
  usePageTitle(holding ? `${terms.kpis}: ${holding.name}` : terms.kpis);
  if (query.error) return <ErrorPage status={query.error instanceof ApiError ? query.error.status : 500} />;
  if (!holding) return <Skeleton h={360} radius="md" />;
  return (
    <Stack gap="lg">
      <BackLink to={`/investor/portfolio/${holding.opportunity_id}`}>{holding.name}</BackLink>
      <Title order={1} fz={28}>
        {terms.kpis}: {holding.name}
      </Title>
      {holding.kpis.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <EmptyState icon={IconChartLine} title="No KPIs shared yet">
            The company's figures appear here once they are reported.
          </EmptyState>
        </Paper>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {holding.kpis.map((kpi) => {
            const latest = kpi.values.at(-1);
            return (
              <Paper key={kpi.id} withBorder radius="md" p="lg">
                <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                  {kpi.category}
                </Text>
                <Title order={2} fz="lg">
                  {kpi.name}
                </Title>
                {latest && (
                  <Text size="sm" c="dimmed" mb="sm">
                    {formatKpiValue(latest.value, kpi.unit, holding.currency)} in {formatKpiPeriod(latest.period)}
                  </Text>
                )}
                <KpiChart
                  title={`${kpi.name} over time`}
                  unit={kpi.unit}
                  currency={holding.currency}
                  series={[{ name: kpi.name, values: kpi.values }]}
                  h={220}
                />
              </Paper>
            );
          })}
        </SimpleGrid>
      )}
    </Stack>
  );
}
