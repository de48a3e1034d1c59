import { useEffect } from 'react';
import {
  AppShell,
  Avatar,
  Box,
  Burger,
  Divider,
  Group,
  Menu,
  NavLink,
  ScrollArea,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconLogout, IconPlus, IconSettings, IconUser } from '@tabler/icons-react';
import { Link, Outlet, useNavigate, useRouterState } from '@tanstack/react-router';
import { roleLabel, visibleMenu, visibleSettings } from '@platform/domain';
import { useCurrentUser } from '../../../app/session';
import { useBranding } from '../../../app/settings';
import { Logo } from '../../../ui/logo';
import { MAIN_ID, SkipLink } from '../../../ui/skip-link';
import { TrialRibbon } from '../../../ui/trial-ribbon';
import { NotificationBell } from '../../notifications';
import { SearchSpotlight } from '../../search';
import { TermsAcceptanceModal } from '../../terms';

/** The staff shell (spec §2.2): side menu by permission, Create actions, account menu, bell. */
/**
 * The menu decides which entry is active itself (a page under an entry keeps it lit); the router
 * marks only the exact page as current, so '/admin' is not "the current page" everywhere below it.
 */
const EXACT = { exact: true } as const;

export function AdminShell() {
  const user = useCurrentUser()!;
  const { flags, terms } = useBranding();
  const [opened, { toggle, close }] = useDisclosure();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  // On a phone the menu is a sheet over the page: it folds away once a page is chosen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each change of page
  useEffect(close, [pathname]);
  // A link is active on its page and the pages under it; the Overview (/admin) only on itself.
  const isActive = (path: string) => pathname === path || (path !== '/admin' && pathname.startsWith(`${path}/`));
  const navigate = useNavigate();
  const areas = visibleMenu(user.role_id, (flag) => flags[flag]);
  const settings = visibleSettings(user.role_id, (flag) => flags[flag]);
  const creates = areas.flatMap((area) => area.create);
  const label = (link: { term?: keyof typeof terms; label?: string }) => (link.term ? terms[link.term] : link.label);

  return (
    <AppShell
      header={{ height: { base: 65, sm: 75, md: 105 } }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="lg"
    >
      <SkipLink />
      <AppShell.Header>
        <TrialRibbon />
        <Group h="100%" px={{ base: 'sm', sm: 'lg' }} justify="space-between" wrap="nowrap" gap="xs">
          {/* On a phone a long wordmark is cut rather than pushed under the buttons. */}
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, overflow: 'hidden' }}>
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Toggle menu" />
            <Link to="/admin" style={{ textDecoration: 'none', minWidth: 0, overflow: 'hidden' }}>
              <Logo height={40} />
            </Link>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <SearchSpotlight />
            {creates.length > 0 && (
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <UnstyledButton
                    aria-label="Create"
                    px="sm"
                    py={6}
                    style={{ borderRadius: 8, background: 'var(--mantine-color-brand-6)', color: 'white' }}
                  >
                    <Group gap={4} wrap="nowrap">
                      <IconPlus size={16} aria-hidden />
                      {/* On a phone the button is its icon; its name stays in aria-label. */}
                      <Text fw={600} size="sm" visibleFrom="sm">
                        Create
                      </Text>
                    </Group>
                  </UnstyledButton>
                </Menu.Target>
                <Menu.Dropdown>
                  {creates.map((item) => (
                    <Menu.Item key={item.path} component={Link} to={item.path}>
                      {item.label}
                    </Menu.Item>
                  ))}
                </Menu.Dropdown>
              </Menu>
            )}
            <NotificationBell audience="admin" />
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <UnstyledButton>
                  <Group gap={8} wrap="nowrap">
                    <VisuallyHidden>Account menu:</VisuallyHidden>
                    <Avatar src={user.avatar} name={user.name} color="brand" radius="xl" size={34} />
                    <Box visibleFrom="md">
                      <Text size="sm" fw={600} lh={1.2}>
                        {user.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {roleLabel(terms, user.role_id)}
                      </Text>
                    </Box>
                    <IconChevronDown size={16} aria-hidden />
                  </Group>
                </UnstyledButton>
              </Menu.Target>
              <Menu.Dropdown>
                {settings.length > 0 && <Menu.Label>Settings</Menu.Label>}
                {settings.map((item) => (
                  <Menu.Item key={item.path} component={Link} to={item.path} leftSection={<IconSettings size={14} />}>
                    {item.label}
                  </Menu.Item>
                ))}
                <Menu.Divider />
                <Menu.Item component={Link} to="/admin/settings/security/details" leftSection={<IconUser size={14} />}>
                  User Details
                </Menu.Item>
                <Menu.Item component="a" href="/api/logout" leftSection={<IconLogout size={14} />} color="red">
                  Logout
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" component="nav" aria-label="Main menu">
        <ScrollArea>
          {areas.map((area) => {
            const active = pathname === area.href || area.links.some((link) => isActive(link.path));
            return (
              <NavLink
                key={area.key}
                component={Link}
                to={area.href}
                activeOptions={EXACT}
                label={terms[area.term]}
                active={active}
                opened={active && area.links.length > 1}
                // An entry with sub-pages only unfolds on click; one with a landing page also opens it.
                onClick={area.landing ? () => navigate({ to: area.href }) : undefined}
                fw={600}
                childrenOffset={16}
              >
                {area.links.length > 1 &&
                  area.links.map((link) => (
                    <NavLink
                      key={link.path}
                      component={Link}
                      to={link.path}
                      activeOptions={EXACT}
                      label={label(link)}
                      active={isActive(link.path)}
                    />
                  ))}
              </NavLink>
            );
          })}
          {/* Below the header's breakpoint the account menu's entries are here too, so a phone reaches them. */}
          <Box hiddenFrom="sm">
            <Divider my="sm" />
            {settings.length > 0 && (
              <NavLink label="Settings" leftSection={<IconSettings size={16} aria-hidden />} fw={600} childrenOffset={16}>
                {settings.map((item) => (
                  <NavLink key={item.path} component={Link} to={item.path} activeOptions={EXACT} label={item.label} />
                ))}
              </NavLink>
            )}
            <NavLink
              component={Link}
              to="/admin/settings/security/details"
              activeOptions={EXACT}
              label="User Details"
              leftSection={<IconUser size={16} aria-hidden />}
              fw={600}
            />
            <NavLink
              component="a"
              href="/api/logout"
              label="Logout"
              leftSection={<IconLogout size={16} aria-hidden />}
              fw={600}
              c="red.9"
            />
          </Box>
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main bg="gray.0" id={MAIN_ID} tabIndex={-1}>
        <Outlet />
      </AppShell.Main>
      <TermsAcceptanceModal />
    </AppShell>
  );
}
