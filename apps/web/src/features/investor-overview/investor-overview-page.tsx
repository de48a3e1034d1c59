import { Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBriefcase, IconChartLine, IconNews } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useCurrentUser } from '../../app/session';
import { useBranding } from '../../app/settings';
import { usePageTitle } from '../../ui/page-title';
import { useMyInvestments } from '../investor-investments';
import { DEFAULT_PORTFOLIO_STATS } from '@platform/domain';
import { gainColour, statFigures, usePortfolio, usePortfolioLayout } from '../portfolio';
import { formatCount, formatMoney } from '../../app/format';
import { LatestActivity } from './latest-activity';

/** The investor's start page: portfolio totals, what awaits them, the way into each area and the newest activity. */
export function InvestorOverviewPage() {
  const user = useCurrentUser();
  const { terms } = useBranding();
  usePageTitle(terms.overview);
  const portfolio = usePortfolio();
  const stats = usePortfolioLayout().data?.stats ?? DEFAULT_PORTFOLIO_STATS;
  const investments = useMyInvestments();
  const totals = portfolio.data?.totals ?? [];
  const awaiting = (investments.data ?? []).filter((i) => i.status === 'cash_call');
  const reserved = (investments.data ?? []).filter((i) => i.status === 'reserved');

  const investmentsText = investments.isLoading
    ? null
    : awaiting.length
      ? `${formatCount(awaiting.length, terms.cashCall.toLowerCase())} awaiting your payment.`
      : reserved.length
        ? `${formatCount(reserved.length, 'reserved allocation')}. Browse what else is open to you.`
        : 'Browse the opportunities open to you.';
  const portfolioText = portfolio.isLoading
    ? null
    : totals.length
      ? totals
          .map((t) =>
            statFigures(stats, t, terms)
              .map((f) => `${f.label}: ${f.value}`)
              .join(', '),
          )
          .filter(Boolean)
          .join('; ') || `Open your ${terms.portfolio.toLowerCase()} to see your holdings.`
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
      {portfolio.isLoading ? (
        <Skeleton h={96} radius="md" />
      ) : (
        totals.map((t) => (
          <Card key={t.currency} withBorder radius="md" padding="lg" component="section" aria-label={`${terms.portfolio} value`}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {terms.portfolio} value{totals.length > 1 ? ` (${t.currency})` : ''}
            </Text>
            <Text fz={36} fw={700} lh={1.2}>
              {formatMoney(t.current_value, t.currency)}
            </Text>
            <Text size="sm" c="dimmed">
              {formatMoney(t.cost, t.currency)} invested
              {Number(t.realised) > 0 ? ` · ${formatMoney(t.realised, t.currency)} returned` : ''}
              {' · '}
              <Text span c={gainColour(t.gain)} inherit>
                {t.gain.startsWith('-') ? '' : '+'}
                {formatMoney(t.gain, t.currency)}
              </Text>
            </Text>
          </Card>
        ))
      )}
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
