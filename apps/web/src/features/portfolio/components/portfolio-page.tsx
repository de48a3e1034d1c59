import { BarChart } from '@mantine/charts';
import { Badge, Card, Group, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChartPie } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useBranding, useFeature } from '../../../app/settings';
import { DataTable, type Column } from '../../../ui/data-table';
import { usePageTitle } from '../../../ui/page-title';
import { useMyFunds, usePortfolio, type Holding, type MyFund, type PortfolioTotals } from '../api/portfolio';
import { EmptyState } from '../../../ui/empty-state';
import { formatMoney, formatMultiple, formatUnits } from '../../../app/format';

export const gainColour = (gain: string) => (gain.startsWith('-') ? 'red.7' : Number(gain) > 0 ? 'teal.7' : undefined);

function Totals({ totals }: { totals: PortfolioTotals }) {
  const figures = [
    { label: 'Invested', value: formatMoney(totals.cost, totals.currency) },
    { label: 'Current value', value: formatMoney(totals.current_value, totals.currency) },
    // Shown once something has been sold: proceeds count in the gain and the multiple.
    ...(Number(totals.realised) > 0 ? [{ label: 'Realised', value: formatMoney(totals.realised, totals.currency) }] : []),
    { label: 'Gain', value: formatMoney(totals.gain, totals.currency), colour: gainColour(totals.gain) },
    { label: 'Multiple', value: formatMultiple(totals.multiple) },
  ];
  return (
    <SimpleGrid cols={{ base: 2, md: figures.length }}>
      {figures.map((f) => (
        <Card key={f.label} withBorder radius="md" padding="lg">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {f.label}
          </Text>
          <Text fz={26} fw={700} c={f.colour}>
            {f.value}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}

/** The investor's fund positions: units valued at each fund's latest NAV per unit; each opens its fund page. */
function FundPositions({ funds }: { funds: MyFund[] }) {
  const navigate = useNavigate();
  const columns: Column<MyFund>[] = [
    {
      key: 'name',
      label: 'Fund',
      render: (f) => (
        <div>
          <Text fw={600} size="sm">
            {f.name}
          </Text>
          <Text size="xs" c="dimmed">
            {f.type}, vintage {f.vintage}
          </Text>
        </div>
      ),
    },
    { key: 'units', label: 'Units', render: (f) => formatUnits(f.position.units) },
    { key: 'paid_in', label: 'Paid in', render: (f) => formatMoney(f.position.paid_in, f.currency) },
    {
      key: 'value',
      label: 'Current value',
      render: (f) => (
        <Text size="sm" fw={600}>
          {f.position.value === null ? 'Not yet valued' : formatMoney(f.position.value, f.currency)}
        </Text>
      ),
    },
    { key: 'distributions', label: 'Distributions', render: (f) => formatMoney(f.position.distributions, f.currency) },
    {
      key: 'gain',
      label: 'Gain',
      render: (f) =>
        f.position.gain === null ? (
          '—'
        ) : (
          <Text size="sm" c={gainColour(f.position.gain)}>
            {formatMoney(f.position.gain, f.currency)}
          </Text>
        ),
    },
    { key: 'multiple', label: 'Multiple', render: (f) => formatMultiple(f.position.tvpi) },
  ];
  return (
    <Stack gap="sm">
      <Title order={2} fz="lg">
        Funds
      </Title>
      <DataTable
        caption="Your fund positions"
        columns={columns}
        rows={funds}
        rowKey={(f) => f.id}
        loading={false}
        sort="name"
        onSort={() => undefined}
        page={1}
        lastPage={1}
        total={funds.length}
        onPage={() => undefined}
        onRowClick={(f) => void navigate({ to: '/investor/portfolio/fund/$id', params: { id: String(f.id) } })}
        empty={null}
      />
    </Stack>
  );
}

/** /investor/portfolio: holdings with cost, value and gain; totals per currency and a value chart; fund positions when the deployment has funds. */
export function PortfolioPage() {
  const { terms } = useBranding();
  usePageTitle(terms.portfolio);
  const navigate = useNavigate();
  const portfolio = usePortfolio();
  const holdings = portfolio.data?.data;
  const funds = useMyFunds(useFeature('enableFunds'));
  // An investor who holds only fund units sees their funds, not an empty holdings table.
  const onlyFunds = holdings?.length === 0 && (funds.data?.length ?? 0) > 0;

  const columns: Column<Holding>[] = [
    {
      key: 'name',
      label: 'Investment',
      render: (h) => (
        <div>
          <Text fw={600} size="sm">
            {h.opportunity.name}
          </Text>
          <Text size="xs" c="dimmed">
            {h.opportunity.company_name}
          </Text>
        </div>
      ),
    },
    { key: 'status', label: 'Status', render: (h) => <Badge variant="light">{h.opportunity.status_label}</Badge> },
    { key: 'cost', label: 'Invested', render: (h) => formatMoney(h.cost, h.currency) },
    { key: 'shares', label: 'Shares', render: (h) => formatUnits(h.shares) },
    {
      key: 'value',
      label: 'Current value',
      render: (h) => (
        <Text size="sm" fw={600}>
          {formatMoney(h.current_value, h.currency)}
          {h.valued_at === 'cost' ? ' (at cost)' : ''}
        </Text>
      ),
    },
    {
      key: 'gain',
      label: 'Gain',
      render: (h) => (
        <Text size="sm" c={gainColour(h.gain)}>
          {formatMoney(h.gain, h.currency)}
        </Text>
      ),
    },
    { key: 'multiple', label: 'Multiple', render: (h) => formatMultiple(h.multiple) },
  ];

  return (
    <Stack gap="lg">
      <Group gap="sm">
        <ThemeIcon variant="light" size={40} radius="md">
          <IconChartPie size={22} aria-hidden />
        </ThemeIcon>
        <Title order={1} fz={28}>
          {terms.portfolio}
        </Title>
      </Group>
      {portfolio.isLoading ? (
        <Skeleton h={110} radius="md" />
      ) : (
        (portfolio.data?.totals ?? []).map((t) => <Totals key={t.currency} totals={t} />)
      )}
      {holdings && holdings.length > 1 && (
        <Paper withBorder radius="md" p="lg">
          <Title order={2} fz="lg" mb="sm">
            Current value by holding
          </Title>
          <BarChart
            h={Math.max(160, holdings.length * 44)}
            orientation="vertical"
            dataKey="name"
            data={holdings.map((h) => ({ name: h.opportunity.name, Invested: Number(h.cost), 'Current value': Number(h.current_value) }))}
            series={[
              { name: 'Invested', color: 'gray.4' },
              { name: 'Current value', color: 'brand.6' },
            ]}
            valueFormatter={(value) => formatMoney(value.toFixed(2), holdings[0].currency)}
            yAxisProps={{ width: 180 }}
            withLegend
            aria-label="Invested and current value by holding"
          />
        </Paper>
      )}
      {!onlyFunds && (
        <DataTable
          caption={terms.portfolio}
          columns={columns}
          rows={holdings}
          rowKey={(h) => h.opportunity_id}
          loading={portfolio.isFetching}
          sort="name"
          onSort={() => undefined}
          page={1}
          lastPage={1}
          total={holdings?.length ?? 0}
          onPage={() => undefined}
          onRowClick={(h) => void navigate({ to: '/investor/portfolio/$id', params: { id: String(h.opportunity_id) } })}
          empty={
            <EmptyState icon={IconChartPie} title={<>Nothing in your {terms.portfolio.toLowerCase()} yet</>}>
              Holdings appear here once your payment for an investment is received.
            </EmptyState>
          }
        />
      )}
      {funds.data && funds.data.length > 0 && <FundPositions funds={funds.data} />}
    </Stack>
  );
}
