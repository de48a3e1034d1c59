import { Anchor, Badge, Card, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from '@tanstack/react-router';
import { ApiError } from '../../../app/api-client';
import { useBranding } from '../../../app/settings';
import { usePageTitle } from '../../../ui/page-title';
import { ErrorPage } from '../../errors';
import { PreEmptionOffers } from '../../opportunities';
import { HoldingUpdates } from '../../update-reports';
import { HoldingTaxRelief } from '../../tax';
import { InvestorPerks } from '../../rewards';
import { useHolding } from '../api/portfolio';
import { gainColour } from './stat-figures';
import { BackLink } from '../../../ui/back-link';
import { formatAmount, formatDate, formatMoney, formatMultiple, formatPrice, formatRate, formatUnits } from '../../../app/format';
import { SimpleTable } from '../../../ui/simple-table';

/** /investor/portfolio/{id}: one holding — cost, value, gain, multiple, IRR — and the investments behind it. */
export function HoldingPage() {
  const { id } = useParams({ strict: false }) as { id: string };
  const { terms } = useBranding();
  const query = useHolding(Number(id));
  const holding = query.data;
  usePageTitle(holding?.opportunity.name ?? terms.portfolio);
  if (query.error) return <ErrorPage status={query.error instanceof ApiError ? query.error.status : 500} />;
  if (!holding) return <Skeleton h={360} radius="md" />;

  const figures = [
    { label: 'Invested', value: formatAmount(holding.cost, holding.currency) },
    {
      label: 'Current value',
      value: formatAmount(holding.current_value, holding.currency),
      note: holding.valued_at === 'cost' ? 'Held at cost' : `At ${formatPrice(holding.share_price, holding.currency)} a share`,
    },
    ...(Number(holding.realised) > 0
      ? [{ label: 'Realised', value: formatAmount(holding.realised, holding.currency), note: 'Proceeds of shares sold' }]
      : []),
    { label: 'Gain', value: formatAmount(holding.gain, holding.currency), colour: gainColour(holding.gain) },
    { label: 'Multiple', value: formatMultiple(holding.multiple) },
    { label: 'IRR', value: formatRate(holding.irr) },
  ];
  return (
    <Stack gap="lg">
      <BackLink to="/investor/portfolio">{terms.portfolio}</BackLink>
      <div>
        <Group gap="sm">
          <Title order={1} fz={28}>
            {holding.opportunity.name}
          </Title>
          <Badge variant="light">{holding.opportunity.status_label}</Badge>
        </Group>
        <Text c="dimmed">{holding.opportunity.company_name}</Text>
        <Anchor component={Link} to={`/investor/portfolio/${holding.opportunity_id}/reports/kpis`} size="sm">
          {terms.kpis}
        </Anchor>
      </div>
      <SimpleGrid cols={{ base: 2, md: figures.length }}>
        {figures.map((f) => (
          <Card key={f.label} withBorder radius="md" padding="md">
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
      <PreEmptionOffers opportunityId={holding.opportunity_id} />
      <HoldingTaxRelief opportunityId={holding.opportunity_id} />
      <InvestorPerks opportunityId={holding.opportunity_id} held />
      <Paper withBorder radius="md">
        <SimpleTable
          stacked
          verticalSpacing="sm"
          horizontalSpacing="md"
          striped
          title="Investments in this holding"
          rows={holding.investments}
          rowKey={(i) => i.id}
          columns={[
            { key: 'date', label: 'Date', render: (i) => formatDate(i.paid_at ?? i.created_at) },
            { key: 'amount', label: 'Amount', render: (i) => formatMoney(i.amount, i.currency) },
            { key: 'shares', label: 'Shares', render: (i) => formatUnits(i.shares) },
            { key: 'price', label: 'Price', render: (i) => formatPrice(i.share_price, i.currency) },
            { key: 'status', label: 'Status', render: (i) => <Badge variant="light">{i.status_label}</Badge> },
          ]}
        />
      </Paper>
      <HoldingUpdates opportunityId={holding.opportunity_id} />
    </Stack>
  );
}
