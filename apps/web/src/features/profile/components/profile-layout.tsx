import { Grid, NavLink, Paper, Stack, Title } from '@mantine/core';
import {
  IconBuildingSkyscraper,
  IconChartPie,
  IconCertificate,
  IconFiles,
  IconCreditCard,
  IconId,
  IconListCheck,
  IconLock,
  IconMessage,
  IconUser,
  IconUserCircle,
  IconUsersGroup,
} from '@tabler/icons-react';
import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import { useBranding } from '../../../app/settings';

const PAGES = [
  { to: '/investor/profile/view', label: 'Overview', icon: IconUserCircle },
  { to: '/investor/profile/details', label: 'Personal details', icon: IconUser },
  { to: '/investor/profile/type', label: 'Investor category', icon: IconCertificate },
  { to: '/investor/profile/investor-type', label: 'How you invest', icon: IconUsersGroup },
  { to: '/investor/profile/ownership', label: 'Ownership choices', icon: IconChartPie },
  { to: '/investor/profile/appropriateness', label: 'Appropriateness test', icon: IconListCheck, flag: 'enableComplianceTest' },
  { to: '/investor/profile/identity', label: 'Identity', icon: IconId },
  { to: '/investor/profile/security', label: 'Security', icon: IconLock },
  { to: '/investor/profile/documents', label: 'Documents', icon: IconFiles },
  { to: '/investor/profile/subscription', label: 'Membership', icon: IconCreditCard },
  { to: '/investor/profile/organisation-apply', term: 'organisations', icon: IconBuildingSkyscraper },
  { to: '/investor/profile/contact', label: 'Contact us', icon: IconMessage },
] as const;

/** The investor's profile (spec §2.3 /investor/profile/...): a menu of its pages beside the page. */
export function ProfileLayout() {
  const { terms, flags } = useBranding();
  const path = useRouterState({ select: (state) => state.location.pathname });
  return (
    <Stack gap="lg">
      <Title order={1} fz={28}>
        {terms.profile}
      </Title>
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 3 }}>
          <Paper withBorder radius="md" p="xs" component="nav" aria-label={`${terms.profile} pages`}>
            {PAGES.filter((page) => !('flag' in page) || flags[page.flag]).map(({ to, icon: Icon, ...page }) => (
              <NavLink
                key={to}
                component={Link}
                to={to}
                label={'term' in page ? terms[page.term] : page.label}
                active={path === to || ('term' in page && path.startsWith('/investor/profile/organisation'))}
                aria-current={path === to ? 'page' : undefined}
                leftSection={<Icon size={18} aria-hidden />}
              />
            ))}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          <Outlet />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
