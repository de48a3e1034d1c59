import { AppShell, Avatar, Box, Burger, Group, Menu, NavLink, ScrollArea, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconLogout, IconPlus, IconSettings } from '@tabler/icons-react';
import { Link, Outlet, useNavigate, useRouterState } from '@tanstack/react-router';
import { ROLE_NAMES, visibleMenu, visibleSettings, type RoleId } from '@platform/domain';
import { useCurrentUser } from '../../../app/session';
import { useBranding } from '../../../app/settings';
import { Logo } from '../../../ui/logo';
import { TrialRibbon } from '../../../ui/trial-ribbon';
import { NotificationBell } from '../../notifications';
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
  const [opened, { toggle }] = useDisclosure();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
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
      <AppShell.Header>
        <TrialRibbon />
        <Group h="100%" px="lg" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Toggle menu" />
            <Link to="/admin" style={{ textDecoration: 'none' }}>
              <Logo height={40} />
            </Link>
          </Group>
          <Group gap="xs" wrap="nowrap">
            {creates.length > 0 && (
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <UnstyledButton
                    aria-label="Create"
                    px="sm"
                    py={6}
                    style={{ borderRadius: 8, background: 'var(--mantine-color-brand-6)', color: 'white' }}
                  >
                    <Group gap={4}>
                      <IconPlus size={16} aria-hidden />
                      <Text fw={600} size="sm">
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
                        {ROLE_NAMES[user.role_id as RoleId]}
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
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main bg="gray.0">
        <Outlet />
      </AppShell.Main>
      <TermsAcceptanceModal />
    </AppShell>
  );
}
