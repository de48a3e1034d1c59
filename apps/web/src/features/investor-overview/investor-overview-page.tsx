import { Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBriefcase, IconChartLine, IconNews } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useCurrentUser } from '../../app/session';
import { useBranding } from '../../app/settings';
import { usePageTitle } from '../../ui/page-title';

/** The investor's start page. Holdings and activity arrive with the investment journey. */
export function InvestorOverviewPage() {
  const user = useCurrentUser();
  const { terms } = useBranding();
  usePageTitle(terms.overview);
  const cards = [
    { icon: IconBriefcase, title: terms.investments, text: 'No investments yet. Browse the opportunities open to you.', to: '/investor/investments', action: `View ${terms.investments.toLowerCase()}` },
    { icon: IconChartLine, title: terms.portfolio, text: 'Your holdings and their value will appear here once you invest.', to: '/investor/portfolio', action: `Open ${terms.portfolio.toLowerCase()}` },
    { icon: IconNews, title: terms.news, text: 'Updates from the companies you back will be listed here.', to: '/investor/news', action: `Read ${terms.news.toLowerCase()}` },
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
            <Text c="dimmed" size="sm" mb="md">
              {card.text}
            </Text>
            <Button component={Link} to={card.to} variant="light">
              {card.action}
            </Button>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
