import { useState } from 'react';
import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { PORTFOLIO_STATS, type PortfolioStat, type PortfolioStats } from '@platform/domain';
import { useBranding } from '../../../app/settings';
import { usePageTitle } from '../../../ui/page-title';
import { usePortfolioStats, useSaveStats } from '../api/portfolio-settings';
import { OrderedChoice } from './ordered-choice';

function StatsEditor({ saved }: { saved: PortfolioStats }) {
  const { terms } = useBranding();
  const save = useSaveStats();
  const [stats, setStats] = useState<PortfolioStat[]>(saved.stats as PortfolioStat[]);
  return (
    <Stack gap="md">
      {save.error && <Alert color="red">{save.error.message}</Alert>}
      <Paper withBorder radius="md" p="lg">
        <OrderedChoice
          chosen={stats}
          options={saved.options as PortfolioStat[]}
          nameOf={(stat) => terms[PORTFOLIO_STATS[stat]]}
          noun="figure"
          onChange={setStats}
        />
      </Paper>
      <Group justify="flex-end">
        <Button
          loading={save.isPending}
          onClick={() =>
            save.mutate(stats, {
              onSuccess: () => notifications.show({ color: 'teal', message: 'Headline figures saved. Investors see them now.' }),
            })
          }
        >
          Save figures
        </Button>
      </Group>
    </Stack>
  );
}

/** /admin/settings/investor/portfolio-stats: which headline figures investors see on their overview and portfolio, in order. */
export function PortfolioStatsPage() {
  usePageTitle('Portfolio figures');
  const { terms } = useBranding();
  const stats = usePortfolioStats();
  return (
    <Stack gap="lg" maw={760}>
      <div>
        <Title order={1} fz={26}>
          Portfolio figures
        </Title>
        <Text c="dimmed">
          The headline figures each investor sees, per currency, on their {terms.overview.toLowerCase()} and at the top of their{' '}
          {terms.portfolio.toLowerCase()}. Their names come from the portfolio-columns terminology. The realised figure shows once something
          has been sold.
        </Text>
      </div>
      {stats.isLoading && <Skeleton h={200} radius="md" />}
      {stats.data && <StatsEditor saved={stats.data} />}
    </Stack>
  );
}
