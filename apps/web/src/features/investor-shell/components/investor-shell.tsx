import { Anchor, AppShell, Burger, Container, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogout } from '@tabler/icons-react';
import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import { RISK_BANNER_HEIGHT } from '@platform/domain';
import { useBranding, useFeature } from '../../../app/settings';
import { Logo } from '../../../ui/logo';
import { TrialRibbon } from '../../../ui/trial-ribbon';
import { NotificationBell } from '../../notifications';
import { TermsAcceptanceModal } from '../../terms';
import { RiskWarningBanner } from './risk-warning-banner';

/** The investor portal shell (spec §2.4): risk banner, top navigation, bell, terms modal. */
export function InvestorShell() {
  const { terms } = useBranding();
  const riskBanner = useFeature('enableRiskWarning');
  const [opened, { toggle, close }] = useDisclosure();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const links = [
    { label: terms.overview, to: '/investor' },
    { label: terms.investments, to: '/investor/investments' },
    { label: terms.portfolio, to: '/investor/portfolio' },
    { label: terms.news, to: '/investor/news' },
    { label: terms.profile, to: '/investor/profile/view' },
  ];
  const isActive = (to: string) => (to === '/investor' ? pathname === to : pathname.startsWith(to.replace('/view', '')));
  const navItems = links.map((link) => (
    <Anchor
      key={link.to}
      component={Link}
      to={link.to}
      onClick={close}
      fw={600}
      c={isActive(link.to) ? 'brand.7' : 'dark.6'}
      underline="never"
      aria-current={isActive(link.to) ? 'page' : undefined}
      py={6}
      style={{ borderBottom: isActive(link.to) ? '2px solid var(--mantine-color-brand-6)' : '2px solid transparent' }}
    >
      {link.label}
    </Anchor>
  ));

  return (
    <AppShell
      header={{
        height: {
          base: 65 + (riskBanner ? RISK_BANNER_HEIGHT : 0),
          sm: 75 + (riskBanner ? RISK_BANNER_HEIGHT : 0),
          md: 105 + (riskBanner ? RISK_BANNER_HEIGHT : 0),
        },
      }}
      padding={0}
    >
      <AppShell.Header>
        <RiskWarningBanner />
        <TrialRibbon />
        <Container size="xl" h={`calc(100% - ${riskBanner ? RISK_BANNER_HEIGHT : 0}px)`}>
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Link to="/investor" style={{ textDecoration: 'none' }}>
              <Logo height={40} />
            </Link>
            <Group component="nav" aria-label="Investor navigation" gap="xl" visibleFrom="sm">
              {navItems}
            </Group>
            <Group gap="xs" wrap="nowrap">
              <NotificationBell audience="user" />
              <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Menu" />
              <Anchor href="/api/logout" fw={600} c="dark.6" visibleFrom="sm">
                <Group gap={4}>
                  <IconLogout size={18} aria-hidden />
                  Logout
                </Group>
              </Anchor>
            </Group>
          </Group>
        </Container>
        {opened && (
          <Stack hiddenFrom="sm" p="md" bg="white" gap="xs" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
            {navItems}
            <Anchor href="/api/logout" fw={600}>
              Logout
            </Anchor>
          </Stack>
        )}
      </AppShell.Header>
      <AppShell.Main bg="gray.0">
        <Container size="xl" py="xl">
          <Outlet />
        </Container>
      </AppShell.Main>
      <TermsAcceptanceModal />
    </AppShell>
  );
}
