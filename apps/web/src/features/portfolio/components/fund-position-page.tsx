import { LineChart } from '@mantine/charts';
import { Badge, Card, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useParams } from '@tanstack/react-router';
import { LEDGER_KIND_LABELS } from '@platform/domain';
import { ApiError } from '../../../app/api-client';
import { useBranding } from '../../../app/settings';
import { usePageTitle } from '../../../ui/page-title';
import { RichText } from '../../../ui/rich-text';
import { ErrorPage } from '../../errors';
import { FundKpisPanel } from '../../funds';
import { HoldingUpdates } from '../../update-reports';
import { useMyFund } from '../api/portfolio';
import { gainColour } from './stat-figures';
import { BackLink } from '../../../ui/back-link';
import { formatAmount, formatChartPrice, formatDate, formatFundUnits, formatMoney, formatMultiple, formatPrice } from '../../../app/format';
import { SimpleTable } from '../../../ui/simple-table';

/** /investor/portfolio/fund/{id}: the investor's position in a fund — units, cost, value, distributions, gain — and the fund's NAV history. */
export function FundPositionPage() {
  const { id } = useParams({ strict: false }) as { id: string };
  const { terms } = useBranding();
  const query = useMyFund(Number(id));
  const fund = query.data;
  usePageTitle(fund?.name ?? terms.portfolio);
  if (query.error) return <ErrorPage status={query.error instanceof ApiError ? query.error.status : 500} />;
  if (!fund) return <Skeleton h={360} radius="md" />;
  const p = fund.position;
  const figures = [
    {
      label: 'Units held',
      value: formatFundUnits(p.units),
      note: p.nav_per_unit ? `${formatPrice(p.nav_per_unit, fund.currency)} a unit at ${formatDate(p.nav_date)}` : 'No NAV yet',
    },
    {
      label: 'Paid in',
      value: formatAmount(p.paid_in, fund.currency),
      note: p.fees !== '0.00' ? `Fees ${formatAmount(p.fees, fund.currency)}` : undefined,
    },
    { label: 'Current value', value: p.value === null ? 'Not yet valued' : formatAmount(p.value, fund.currency) },
    {
      label: 'Distributions',
      value: formatAmount(p.distributions, fund.currency),
      note: p.redemptions !== '0.00' ? `Redemptions ${formatAmount(p.redemptions, fund.currency)}` : undefined,
    },
    { label: 'Gain', value: p.gain === null ? '—' : formatAmount(p.gain, fund.currency), colour: p.gain ? gainColour(p.gain) : undefined },
    { label: 'Multiple', value: formatMultiple(p.tvpi), note: `DPI ${formatMultiple(p.dpi)}` },
  ];
  return (
    <Stack gap="lg">
      <BackLink to="/investor/portfolio">{terms.portfolio}</BackLink>
      <div>
        <Group gap="sm">
          <Title order={1} fz={28}>
            {fund.name}
          </Title>
          <Badge variant="light" style={{ textTransform: 'none' }}>
            {fund.type} fund
          </Badge>
        </Group>
        <Text c="dimmed">Vintage {fund.vintage}</Text>
      </div>
      <SimpleGrid cols={{ base: 2, md: 3, lg: 6 }}>
        {figures.map((f) => (
          <Card key={f.label} withBorder radius="md" padding="md" role="group" aria-label={f.label}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {f.label}
            </Text>
            <Text fz={22} fw={700} c={f.colour}>
              {f.value}
            </Text>
            {f.note && (
              <Text size="xs" c="dimmed">
                {f.note}
              </Text>
            )}
          </Card>
        ))}
      </SimpleGrid>
      <Paper withBorder radius="md" p="lg">
        <Title order={2} fz="lg" mb="sm">
          NAV per unit
        </Title>
        {fund.nav_history.some((n) => n.nav_per_unit !== null) ? (
          <LineChart
            h={240}
            data={fund.nav_history
              .filter((n) => n.nav_per_unit !== null)
              .map((n) => ({ date: formatDate(n.date), 'NAV per unit': Number(n.nav_per_unit) }))}
            dataKey="date"
            series={[{ name: 'NAV per unit', color: 'brand.6' }]}
            curveType="linear"
            yAxisProps={{ width: 70 }}
            valueFormatter={(value) => formatChartPrice(value, fund.currency)}
            role="img"
            aria-label="The fund's NAV per unit over time"
          />
        ) : (
          <Text size="sm" c="dimmed">
            The fund has not published a NAV yet.
          </Text>
        )}
      </Paper>
      <Paper withBorder radius="md">
        <SimpleTable
          stacked
          verticalSpacing="sm"
          horizontalSpacing="md"
          striped
          title="Your transactions"
          bodyStyle={{ fontVariantNumeric: 'tabular-nums' }}
          rows={fund.transactions}
          rowKey={(t) => t.id}
          columns={[
            { key: 'date', label: 'Date', render: (t) => formatDate(t.date) },
            { key: 'kind', label: 'Transaction', render: (t) => LEDGER_KIND_LABELS[t.kind] },
            { key: 'amount', label: 'Amount', render: (t) => formatMoney(t.amount, fund.currency) },
            { key: 'units', label: 'Units', render: (t) => formatFundUnits(t.units) },
            { key: 'nav_per_unit', label: 'Price per unit', render: (t) => formatPrice(t.nav_per_unit, fund.currency) },
            { key: 'reference', label: 'Reference', render: (t) => t.reference ?? '—' },
          ]}
        />
      </Paper>
      <FundKpisPanel fundId={fund.id} currency={fund.currency} side="investor" />
      {fund.description && (
        <Paper withBorder radius="md" p="lg">
          <Title order={2} fz="lg" mb="sm">
            About the fund
          </Title>
          <RichText html={fund.description} />
        </Paper>
      )}
      <HoldingUpdates fundId={fund.id} />
    </Stack>
  );
}
