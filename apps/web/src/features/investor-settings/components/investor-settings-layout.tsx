import type { ReactNode } from 'react';
import { Alert, Group, NavLink, Paper, ScrollArea, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link, useRouterState } from '@tanstack/react-router';
import type { InvestorSettings } from '@platform/domain';
import { usePageTitle } from '../../../ui/page-title';
import { useInvestorSettings } from '../api/investor-settings';

/** The pages of Settings › Investor (spec §2.2); other settings of investors add their links here. */
export const INVESTOR_SETTINGS_PAGES = [
  { label: 'Investor Category', path: '/admin/settings/investor' },
  { label: 'Appropriateness Test', path: '/admin/settings/investor/appropriateness-test' },
  { label: 'Terms', path: '/admin/settings/investor/terms' },
  { label: 'Risk Warning', path: '/admin/settings/investor/risk-warning' },
  { label: 'Market Sounding Popup', path: '/admin/settings/investor/market-sounding' },
  { label: 'Intent Terms', path: '/admin/settings/investor/intent-terms' },
  { label: 'Sign-up Documents', path: '/admin/settings/investor/sign-up-documents' },
  { label: 'Lead Statuses', path: '/admin/settings/investor/lead-status' },
] as const;

function SubNavigation() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  return (
    <nav aria-label="Investor settings">
      <ScrollArea type="auto" offsetScrollbars>
        <Group gap={4} wrap="nowrap">
          {INVESTOR_SETTINGS_PAGES.map((page) => (
            <NavLink
              key={page.path}
              component={Link}
              to={page.path}
              activeOptions={{ exact: true }}
              label={page.label}
              active={pathname === page.path}
              aria-current={pathname === page.path ? 'page' : undefined}
              w="auto"
              style={{ borderRadius: 'var(--mantine-radius-md)', whiteSpace: 'nowrap' }}
            />
          ))}
        </Group>
      </ScrollArea>
    </nav>
  );
}

/**
 * A page of Settings › Investor: its title, the sub-navigation between the pages, and the page's
 * form once the settings have loaded.
 */
export function InvestorSettingsLayout({
  title,
  intro,
  children,
}: {
  title: string;
  intro: ReactNode;
  children: (settings: InvestorSettings) => ReactNode;
}) {
  usePageTitle(title);
  const settings = useInvestorSettings();
  return (
    <Stack gap="lg" maw={960}>
      <div>
        <Title order={1} fz={26}>
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {intro}
        </Text>
      </div>
      <SubNavigation />
      {settings.error && <Alert color="red">The investor settings could not be loaded. Reload the page to try again.</Alert>}
      {!settings.data && !settings.error && <Skeleton h={320} radius="md" />}
      {settings.data && children(settings.data)}
    </Stack>
  );
}

/** A card holding one form of a settings page. */
export function SettingsForm({ children }: { children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg">
      {children}
    </Paper>
  );
}
