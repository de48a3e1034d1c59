import { Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBriefcase, IconChartLine, IconNews } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useCurrentUser } from '../../app/session';
import { useBranding } from '../../app/settings';
import { usePageTitle } from '../../ui/page-title';
import { useMyInvestments } from '../investor-investments';
import { usePortfolio } from '../portfolio';
import { LatestActivity } from './latest-activity';
import { formatMoney } from '../../app/format';

/** The investor's start page: portfolio totals, what awaits them, the way into each area and the newest activity. */
export function InvestorOverviewPage() {
  const user = useCurrentUser();
  const { terms } = useBranding();
  usePageTitle(terms.overview);
  const portfolio = usePortfolio();
  const investments = useMyInvestments();
  const totals = portfolio.data?.totals ?? [];
  const awaiting = (investments.data ?? []).filter((i) => i.status === 'cash_call');
  const reserved = (investments.data ?? []).filter((i) => i.status === 'reserved');

  const investmentsText = investments.isLoading
    ? null
    : awaiting.length
      ? `${awaiting.length} ${terms.cashCall.toLowerCase()}${awaiting.length === 1 ? '' : 's'} awaiting your payment.`
      : reserved.length
        ? `${reserved.length} reserved allocation${reserved.length === 1 ? '' : 's'}. Browse what else is open to you.`
        : 'Browse the opportunities open to you.';
  const portfolioText = portfolio.isLoading
    ? null
    : totals.length
      ? totals.map((t) => `${formatMoney(t.current_value, t.currency)} today, ${formatMoney(t.cost, t.currency)} invested`).join('; ')
      : 'Your holdings and their value appear here once your payment for an investment is received.';
  const cards = [
    {
      icon: IconBriefcase,
      title: terms.investments,
      text: investmentsText,
      to: '/investor/investments',
      action: `View ${terms.investments.toLowerCase()}`,
    },
    {
      icon: IconChartLine,
      title: terms.portfolio,
      text: portfolioText,
      to: '/investor/portfolio',
      action: `Open ${terms.portfolio.toLowerCase()}`,
    },
    {
      icon: IconNews,
      title: terms.news,
      text: 'Updates from the companies you back are listed here.',
      to: '/investor/news',
      action: `Read ${terms.news.toLowerCase()}`,
    },
  ];
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={28}>
          Welcome, {user?.name.split(' ')[0]}
        </Title>
        <Text c="dimmed">Here is where your investments stand.</Text>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {cards.map((card) => (
          <Card key={card.to} withBorder padding="lg" radius="md">
            <Group mb="sm">
              <ThemeIcon variant="light" size={40} radius="md">
                <card.icon size={22} aria-hidden />
              </ThemeIcon>
              <Title order={2} fz="lg">
                {card.title}
              </Title>
            </Group>
            {card.text === null ? (
              <Skeleton h={20} mb="md" />
            ) : (
              <Text c="dimmed" size="sm" mb="md">
                {card.text}
              </Text>
            )}
            <Button component={Link} to={card.to} variant="light">
              {card.action}
            </Button>
          </Card>
        ))}
      </SimpleGrid>
      <LatestActivity />
    </Stack>
  );
}
