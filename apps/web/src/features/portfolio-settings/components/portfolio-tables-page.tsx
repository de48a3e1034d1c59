import { Badge, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { portfolioColumnLabel } from '@platform/domain';
import { useBranding } from '../../../app/settings';
import { usePageTitle } from '../../../ui/page-title';
import { usePortfolioTables } from '../api/portfolio-settings';

/** /admin/settings/investor/portfolio: the investor portfolio's tables and the columns each shows. */
export function PortfolioTablesPage() {
  usePageTitle('Portfolio tables');
  const { terms } = useBranding();
  const tables = usePortfolioTables();
  return (
    <Stack gap="lg" maw={900}>
      <div>
        <Title order={1} fz={26}>
          Portfolio tables
        </Title>
        <Text c="dimmed">
          Choose which columns investors see in each table of their {terms.portfolio.toLowerCase()}, in what order and under what name.{' '}
          <Text component={Link} to="/admin/settings/investor/portfolio-stats" c="brand.7" td="underline" inherit>
            Headline figures
          </Text>{' '}
          are set apart.
        </Text>
      </div>
      {tables.isLoading && <Skeleton h={160} radius="md" />}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {(tables.data ?? []).map((table) => (
          <Paper key={table.id} withBorder radius="md" p="lg" component="section" aria-labelledby={`table-${table.id}`}>
            <Stack gap="sm">
              <Group justify="space-between" wrap="nowrap">
                <Title order={2} fz="lg" id={`table-${table.id}`}>
                  {table.name}
                </Title>
                {table.is_default && <Badge variant="light">Default columns</Badge>}
              </Group>
              <Text size="sm" c="dimmed">
                {table.description}
              </Text>
              <Text size="sm">{table.columns.map((column) => portfolioColumnLabel(terms, column.option, column.label)).join(' · ')}</Text>
              <Group>
                <Button component={Link} to={`/admin/settings/investor/portfolio/${table.id}`} variant="light">
                  Edit {table.name.toLowerCase()} columns
                </Button>
              </Group>
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
