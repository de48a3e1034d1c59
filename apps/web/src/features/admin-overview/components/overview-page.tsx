import { Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useBranding } from '../../../app/settings';
import { BarChart } from '../../../ui/bar-chart';
import { usePageTitle } from '../../../ui/page-title';
import { useRegistrationsByDay, useUserCounts } from '../api/use-overview-stats';
import { formatDayMonth, formatNumber } from '../../../app/format';

function Figure({ label, value, hint }: { label: string; value: number | undefined; hint?: string }) {
  return (
    <Paper withBorder p="lg" radius="md">
      <Text size="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      {value === undefined ? (
        <Skeleton h={34} mt={6} w={80} />
      ) : (
        <Text fz={30} fw={700} lh={1.3}>
          {formatNumber(value)}
        </Text>
      )}
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Paper>
  );
}

/** The staff overview: figures that exist today, from the server. */
export function OverviewPage() {
  const { terms } = useBranding();
  usePageTitle(terms.overview);
  const counts = useUserCounts();
  const registrations = useRegistrationsByDay();
  const c = counts.data;
  const total90 = registrations.data?.reduce((sum, d) => sum + d.count, 0);

  return (
    <Stack gap="lg">
      <Title order={1} fz={26}>
        {terms.overview}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        <Figure label={terms.investors} value={c?.investors} hint="Investor accounts" />
        <Figure
          label="Verified investors"
          value={c?.verified_investors}
          hint={c ? `${c.unverified_investors} still to verify their email` : undefined}
        />
        <Figure label="Terms to accept" value={c?.pending_terms} hint="Investors on an older terms version" />
        <Figure label="Staff accounts" value={c?.staff} />
      </SimpleGrid>
      <Paper withBorder p="lg" radius="md">
        <Title order={2} fz="lg" mb={4}>
          New investors, last 90 days
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          {total90 === undefined ? 'Loading…' : `${total90} registrations`}
        </Text>
        {registrations.data ? (
          <BarChart
            data={registrations.data.map((d) => ({ label: d.date, value: d.count }))}
            title="New investors per day over the last 90 days"
            formatLabel={formatDayMonth}
          />
        ) : (
          <Skeleton h={180} />
        )}
      </Paper>
    </Stack>
  );
}
