import { useLayoutEffect } from 'react';
import { Anchor, Box, Burger, Container, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogout } from '@tabler/icons-react';
import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import { removeFirstPaint } from '../../../app/first-paint';
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
  const [opened, { toggle, close }] = useDisclosure();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  // The header the HTML drew goes as this one is drawn, before the browser paints.
  useLayoutEffect(removeFirstPaint, []);
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

  // A sticky header rather than Mantine's AppShell, whose fixed header needs its height measured and brings
  // the scroll-lock library with it: the first download of investor pages stays small (decision 0046). The
  // risk warning sits above the navigation row and wraps onto more lines on a phone; the row keeps the
  // spec's heights (§9: 65 px, 75 from md, 105 from lg).
  return (
    <Box mih="100vh" bg="gray.0">
      <SkipLink />
      <Box
        component="header"
        pos="sticky"
        top={0}
        bg="white"
        style={{ zIndex: 100, borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        <RiskWarningBanner />
        <TrialRibbon />
        <Container size="xl" h={{ base: 65, sm: 75, md: 105 }}>
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
          <Stack hiddenFrom="sm" p="md" bg="white" gap="xs" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
            {navItems}
            <Anchor href="/api/logout" fw={600}>
              Logout
            </Anchor>
          </Stack>
        )}
      </Box>
      <Box component="main" id={MAIN_ID} tabIndex={-1}>
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
      </Box>
      <TermsAcceptanceModal />
    </Box>
  );
}
