import type { ReactNode } from 'react';
import { BarChart } from '@mantine/charts';
import { Badge, Button, Card, Group, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChartPie, IconDownload } from '@tabler/icons-react';
import {
  DEFAULT_PORTFOLIO_STATS,
  PORTFOLIO_TABLES,
  type PortfolioColumnOption,
  type PortfolioLayout,
  type PortfolioStat,
  portfolioColumnLabel,
  type Terminology,
} from '@platform/domain';
import { useBranding, useFeature } from '../../../app/settings';
import { DataTable, type Column } from '../../../ui/data-table';
import { useNarrow } from '../../../ui/stacked-rows';
import { usePageTitle } from '../../../ui/page-title';
import { useMyFunds, usePortfolio, usePortfolioLayout, type Holding, type MyFund, type PortfolioTotals } from '../api/portfolio';
import { EmptyState } from '../../../ui/empty-state';
import { StatementDownload } from '../../../ui/statement-download';
import {
  formatAmount,
  formatChartAmount,
  formatFundUnits,
  formatMoneyAxis,
  formatMultiple,
  formatNumber,
  formatPrice,
  formatUnits,
} from '../../../app/format';
import { holdingsCharts } from './holdings-chart';
import { gainColour, statFigures } from './stat-figures';

function Totals({ totals, stats }: { totals: PortfolioTotals; stats: readonly PortfolioStat[] }) {
  const { terms } = useBranding();
  const figures = statFigures(stats, totals, terms);
  if (figures.length === 0) return null;
  return (
    <SimpleGrid cols={{ base: 2, md: figures.length }}>
      {figures.map((f) => (
        <Card key={f.key} withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} role="group" aria-label={f.label}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {f.label}
          </Text>
          <Text fz={{ base: 20, sm: 26 }} fw={700} c={f.colour}>
            {f.value}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}

/** The table's columns in the order staff chose, each headed by its own label or the terminology's. */
function chosenColumns<T>(
  layout: PortfolioLayout | undefined,
  key: 'holdings' | 'funds',
  catalogue: Partial<Record<PortfolioColumnOption, (row: T) => ReactNode>>,
  terms: Terminology,
): Column<T>[] {
  const table = layout?.tables.find((t) => t.key === key);
  const columns = table?.columns ?? PORTFOLIO_TABLES.find((t) => t.key === key)!.defaults.map((option) => ({ option, label: null }));
  return columns.flatMap(({ option, label }) => {
    const render = catalogue[option];
    return render ? [{ key: option, label: portfolioColumnLabel(terms, option, label), render }] : [];
  });
}

/** The investor's fund positions: units valued at each fund's latest NAV per unit; each opens its fund page. */
function FundPositions({ funds, layout }: { funds: MyFund[]; layout: PortfolioLayout | undefined }) {
  const { terms } = useBranding();
  const columns = chosenColumns<MyFund>(
    layout,
    'funds',
    {
      fund: (f) => (
        <div>
          <Text fw={600} size="sm">
            {f.name}
          </Text>
          <Text size="xs" c="dimmed">
            {f.type}, vintage {f.vintage}
          </Text>
        </div>
      ),
      units: (f) => formatFundUnits(f.position.units),
      paid_in: (f) => formatAmount(f.position.paid_in, f.currency),
      current_value: (f) => (
        <Text size="sm" fw={600}>
          {f.position.value === null ? 'Not yet valued' : formatAmount(f.position.value, f.currency)}
        </Text>
      ),
      distributions: (f) => formatAmount(f.position.distributions, f.currency),
      gain: (f) =>
        f.position.gain === null ? (
          '—'
        ) : (
          <Text size="sm" c={gainColour(f.position.gain)}>
            {formatAmount(f.position.gain, f.currency)}
          </Text>
        ),
      multiple: (f) => formatMultiple(f.position.tvpi),
    },
    terms,
  );
  return (
    <Stack gap="sm">
      <Title order={2} fz="lg">
        {terms.funds}
      </Title>
      <DataTable
        stacked
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
        rowHref={(f) => `/investor/portfolio/fund/${f.id}`}
        empty={null}
      />
    </Stack>
  );
}

/** /investor/portfolio: holdings with cost, value and gain; totals per currency and a value chart; fund positions when the deployment has funds. */
/** A holding's name cut to fit the phone chart's name column; the full name is in the tooltip and the table. */
const shortName = (name: string) => (name.length > 14 ? `${name.slice(0, 13)}…` : name);

export function PortfolioPage() {
  const { terms } = useBranding();
  usePageTitle(terms.portfolio);
  const portfolio = usePortfolio();
  const layout = usePortfolioLayout();
  const stats = layout.data?.stats ?? DEFAULT_PORTFOLIO_STATS;
  const holdings = portfolio.data?.data;
  const narrow = useNarrow();
  const funds = useMyFunds(useFeature('enableFunds'));
  // An investor who holds only fund units sees their funds, not an empty holdings table.
  const onlyFunds = holdings?.length === 0 && (funds.data?.length ?? 0) > 0;
  // One chart per currency, each named by its currency when there is more than one.
  const charts = holdingsCharts(holdings ?? []);

  const columns = chosenColumns<Holding>(
    layout.data,
    'holdings',
    {
      investment: (h) => (
        <div>
          <Text fw={600} size="sm">
            {h.opportunity.name}
          </Text>
          <Text size="xs" c="dimmed">
            {h.opportunity.company_name}
          </Text>
        </div>
      ),
      company: (h) => h.opportunity.company_name,
      status: (h) => <Badge variant="light">{h.opportunity.status_label}</Badge>,
      invested: (h) => formatAmount(h.cost, h.currency),
      shares: (h) => formatUnits(h.shares),
      share_price: (h) => (h.share_price === null ? '—' : formatPrice(h.share_price, h.currency)),
      current_value: (h) => (
        <Text size="sm" fw={600}>
          {formatAmount(h.current_value, h.currency)}
          {h.valued_at === 'cost' ? ' (at cost)' : ''}
        </Text>
      ),
      realised: (h) => formatAmount(h.realised, h.currency),
      gain: (h) => (
        <Text size="sm" c={gainColour(h.gain)}>
          {formatAmount(h.gain, h.currency)}
        </Text>
      ),
      multiple: (h) => formatMultiple(h.multiple),
    },
    terms,
  );

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Group gap="sm">
          <ThemeIcon variant="light" size={40} radius="md">
            <IconChartPie size={22} aria-hidden />
          </ThemeIcon>
          <Title order={1} fz={28}>
            {terms.portfolio}
          </Title>
        </Group>
        <Group gap="xs">
          <StatementDownload path="/api/my/statement" />
          <Button
            component="a"
            href="/api/portfolio/export?format=csv"
            download
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
          >
            Export CSV
          </Button>
          <Button
            component="a"
            href="/api/portfolio/export?format=xlsx"
            download
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
          >
            Export Excel
          </Button>
        </Group>
      </Group>
      {portfolio.isLoading ? (
        <Skeleton h={110} radius="md" />
      ) : (
        (portfolio.data?.totals ?? []).map((t) => <Totals key={t.currency} totals={t} stats={stats} />)
      )}
      {charts
        // A single holding's bar says nothing the table does not.
        .filter((chart) => chart.holdings > 1)
        .map((chart) => (
          <Paper key={chart.currency} withBorder radius="md" p="lg">
            <Title order={2} fz="lg" mb={chart.others ? 4 : 'sm'}>
              {terms.columnCurrentValue} by holding{charts.length > 1 ? ` (${chart.currency})` : ''}
            </Title>
            {chart.others > 0 && (
              <Text size="sm" c="dimmed" mb="sm">
                The {chart.bars.length} largest of {formatNumber(chart.holdings)} holdings by {terms.columnCurrentValue.toLowerCase()}; the
                table below lists every one.
              </Text>
            )}
            <BarChart
              h={Math.max(160, chart.bars.length * 44)}
              orientation="vertical"
              dataKey="name"
              data={chart.bars.map((bar) => ({
                name: bar.name,
                [terms.columnInvested]: bar.cost,
                [terms.columnCurrentValue]: bar.value,
              }))}
              series={[
                { name: terms.columnInvested, color: 'gray.4' },
                { name: terms.columnCurrentValue, color: 'brand.6' },
              ]}
              valueFormatter={(value) => formatChartAmount(value, chart.currency)}
              xAxisProps={{ tickFormatter: (v: number) => formatMoneyAxis(v, chart.currency) }}
              // On a phone the names get a narrower column, so the value axis keeps room for its ticks.
              yAxisProps={{ width: narrow ? 96 : 180, tickFormatter: narrow ? shortName : undefined }}
              withLegend
              aria-label={`${terms.columnInvested} and ${terms.columnCurrentValue.toLowerCase()} by holding${charts.length > 1 ? `, ${chart.currency}` : ''}`}
            />
          </Paper>
        ))}
      {!onlyFunds && (
        <DataTable
          stacked
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
          rowHref={(h) => `/investor/portfolio/${h.opportunity_id}`}
          empty={
            <EmptyState icon={IconChartPie} title={<>Nothing in your {terms.portfolio.toLowerCase()} yet</>}>
              Holdings appear here once your payment for an investment is received.
            </EmptyState>
          }
        />
      )}
      {funds.data && funds.data.length > 0 && <FundPositions funds={funds.data} layout={layout.data} />}
    </Stack>
  );
}
