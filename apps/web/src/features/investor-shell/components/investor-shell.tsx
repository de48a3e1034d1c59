import { Anchor, AppShell, Burger, Container, Group, Stack } from '@mantine/core';
import { useDisclosure, useElementSize } from '@mantine/hooks';
import { IconLogout } from '@tabler/icons-react';
import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import { useBranding } from '../../../app/settings';
import { Logo } from '../../../ui/logo';
import { MAIN_ID, SkipLink } from '../../../ui/skip-link';
import { TrialRibbon } from '../../../ui/trial-ribbon';
import { NotificationBell } from '../../notifications';
import { SignUpDocumentsGate } from '../../sign-up-documents';
import { TermsAcceptanceModal, TermsLink } from '../../terms';
import { RiskWarningBanner } from './risk-warning-banner';

/** The investor portal shell (spec §2.4): risk banner, top navigation, bell, terms modal, sign-up documents step. */
export function InvestorShell() {
  const { terms } = useBranding();
  // The risk warning shows whole at every width (it wraps onto more lines on a phone): the header grows by its measured height.
  const { ref: bannerRef, height: bannerHeight } = useElementSize();
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
          base: 65 + bannerHeight,
          sm: 75 + bannerHeight,
          md: 105 + bannerHeight,
        },
      }}
      padding={0}
    >
      <SkipLink />
      <AppShell.Header>
        <div ref={bannerRef}>
          <RiskWarningBanner />
        </div>
        <TrialRibbon />
        <Container size="xl" h={`calc(100% - ${bannerHeight}px)`}>
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
      <AppShell.Main bg="gray.0" id={MAIN_ID} tabIndex={-1}>
        <Container size="xl" py="xl">
          <SignUpDocumentsGate>
            <Outlet />
          </SignUpDocumentsGate>
          <Group component="footer" justify="center" mt="xl" pt="md" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
            <TermsLink>Terms &amp; Conditions</TermsLink>
            <Anchor component={Link} to="/investor/profile/contact">
              Contact us
            </Anchor>
          </Group>
        </Container>
      </AppShell.Main>
      <TermsAcceptanceModal />
    </AppShell>
  );
}
