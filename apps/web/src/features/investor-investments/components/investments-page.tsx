import type { ReactNode } from 'react';
import { Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBriefcase, IconLock } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { acceptsReservations, OpportunityStatus } from '@platform/domain';
import { useBranding } from '../../../app/settings';
import { usePageTitle } from '../../../ui/page-title';
import { useOpportunityList, type InvestorOpportunity, type Opportunity } from '../../opportunities';
import { FundingProgress } from '../../opportunities';
import { useMyInvestments, type MyInvestment } from '../api/investments';
import { formatDate, formatMoney } from '../../../app/format';
import { PlacedDealsSection } from '../../placements';

function OpportunityCard({ opportunity }: { opportunity: InvestorOpportunity }) {
  if (opportunity.market_sounding_pending) {
    return (
      <Card withBorder radius="md" padding="lg">
        <Group gap="sm" mb="sm">
          <ThemeIcon variant="light" color="gray" size={36} radius="md">
            <IconLock size={20} aria-hidden />
          </ThemeIcon>
          <Title order={3} fz="lg">
            {opportunity.name}
          </Title>
        </Group>
        <Text size="sm" c="dimmed" mb="md">
          Details are shared once you accept the market sounding terms.
        </Text>
        <Button component={Link} to={opportunity.market_sounding_path} variant="light">
          Review and accept
        </Button>
      </Card>
    );
  }
  return <OpenCard opportunity={opportunity} />;
}

function OpenCard({ opportunity }: { opportunity: Opportunity }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Group justify="space-between" align="flex-start" mb={4} wrap="nowrap">
        <Title order={3} fz="lg">
          {opportunity.name}
        </Title>
        {opportunity.tax_relief !== 'none' && <Badge>{opportunity.tax_relief}</Badge>}
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        {opportunity.company_name}
        {opportunity.industry ? ` · ${opportunity.industry}` : ''}
      </Text>
      {opportunity.summary && (
        <Text size="sm" mb="md" lineClamp={3}>
          {opportunity.summary}
        </Text>
      )}
      <FundingProgress opportunity={opportunity} />
      <Text size="sm" c="dimmed" mt="xs">
        Minimum {formatMoney(opportunity.minimum_investment, opportunity.currency)}
      </Text>
      <Button component={Link} to={`/investor/investments/${opportunity.slug}`} mt="md">
        View opportunity
      </Button>
    </Card>
  );
}

function InvestmentCard({ investment }: { investment: MyInvestment }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={3} fz="lg">
        {investment.opportunity.name}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {investment.opportunity.company_name} · {investment.holder_type_label}
      </Text>
      <Text fz={24} fw={700}>
        {formatMoney(investment.amount, investment.currency)}
      </Text>
      <Badge variant="light" color={investment.payment_sent ? 'teal' : 'blue'} style={{ textTransform: 'none' }} mb={4}>
        {investment.status_label}
      </Badge>
      {investment.payment_due_on && !investment.payment_sent && (
        <Text size="sm" c="red.9">
          Due by {formatDate(investment.payment_due_on)}
        </Text>
      )}
      {investment.payment_reference && (
        <Text size="sm" c="dimmed">
          Reference {investment.payment_reference}
        </Text>
      )}
      <Button component={Link} to={`/investor/investments/${investment.opportunity.slug}`} variant="light" mt="md">
        View
      </Button>
    </Card>
  );
}

function Section({ title, count, children, empty }: { title: string; count: number; children: ReactNode; empty: string }) {
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Group gap="xs">
        <Title order={2} fz="xl">
          {title}
        </Title>
        <Badge variant="light" color="gray">
          {count}
        </Badge>
      </Group>
      {count ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>{children}</SimpleGrid>
      ) : (
        <Text c="dimmed" size="sm">
          {empty}
        </Text>
      )}
    </Stack>
  );
}

/** /investor/investments: the four investment categories of spec §4. */
export function InvestmentsPage() {
  const { terms } = useBranding();
  usePageTitle(terms.investments);
  const opportunities = useOpportunityList<InvestorOpportunity>({
    page: 1,
    perPage: 100,
    sort: 'closes_at',
    filters: { status: `${OpportunityStatus.LiveExternal},${OpportunityStatus.LiveInternal}` },
  });
  const mine = useMyInvestments();

  if (opportunities.isLoading || mine.isLoading) {
    return (
      <Stack gap="lg">
        <Skeleton h={36} w={240} />
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {[1, 2, 3].map((i) => (
            <Skeleton key={i} h={260} radius="md" />
          ))}
        </SimpleGrid>
      </Stack>
    );
  }
  const investments = mine.data ?? [];
  const holding = new Set(investments.filter((i) => i.status !== 'cancelled').map((i) => i.opportunity_id));
  const open = (opportunities.data?.data ?? []).filter((o) => acceptsReservations(o.status) && !holding.has(o.id));
  const byStatus = (status: string) => investments.filter((i) => i.status === status);
  const [reserved, called, paid] = [byStatus('reserved'), byStatus('cash_call'), byStatus('paid')];

  return (
    <Stack gap={40}>
      <Group gap="sm">
        <ThemeIcon variant="light" size={40} radius="md">
          <IconBriefcase size={22} aria-hidden />
        </ThemeIcon>
        <Title order={1} fz={28}>
          {terms.investments}
        </Title>
      </Group>
      <PlacedDealsSection />
      <Section
        title={terms.reserveAllocation}
        count={open.length}
        empty="No opportunities are open to you right now. We will notify you when one is."
      >
        {open.map((o) => (
          <OpportunityCard key={o.id} opportunity={o} />
        ))}
      </Section>
      <Section title={terms.reservedAllocations} count={reserved.length} empty="You have no reserved allocations.">
        {reserved.map((i) => (
          <InvestmentCard key={i.id} investment={i} />
        ))}
      </Section>
      <Section
        title={`${terms.cashCall} - ${terms.awaitingPayment}`}
        count={called.length}
        empty="No cash calls are waiting for your payment."
      >
        {called.map((i) => (
          <InvestmentCard key={i.id} investment={i} />
        ))}
      </Section>
      <Section title={`${terms.cashCall} - ${terms.paymentReceived}`} count={paid.length} empty="No payments received yet.">
        {paid.map((i) => (
          <InvestmentCard key={i.id} investment={i} />
        ))}
      </Section>
    </Stack>
  );
}
