import { Anchor, Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { Role, ROLE_NAMES, type RoleId } from '@platform/domain';
import { useCurrentUser } from '../../app/session';
import { usePageTitle } from '../../ui/page-title';

/**
 * The error page of spec §2.5, worded for its audience: staff, investor or visitor. The staff
 * button's label names the role (docs/decisions/0003).
 */
export function ErrorPage({ status = 404 }: { status?: number }) {
  usePageTitle(`Error - ${status}`, { exact: true });
  const user = useCurrentUser();
  const notFound = status === 404;

  if (user && user.role_id !== Role.User) {
    return (
      <Center component="main" mih="60vh" p="xl">
        <Stack align="center" gap="sm" maw={560} ta="center">
          <Title order={1}>Uh oh!</Title>
          <Title order={2} fz="xl" fw={500}>
            {notFound ? "404 - Sorry that page doesn't seem to exist" : 'Something went wrong'}
          </Title>
          <Text c="dimmed">
            {notFound
              ? 'The page you requested cannot be found. Click below to return to our homepage'
              : 'Click below to return to our homepage or try again later.'}
          </Text>
          <Button component={Link} to="/login" mt="md">
            {`${ROLE_NAMES[user.role_id as RoleId] ?? 'Staff'} homepage`}
          </Button>
        </Stack>
      </Center>
    );
  }

  const links = user
    ? [
        { label: 'Overview', to: '/investor' },
        { label: 'Investment Opportunities', to: '/investor/investments' },
      ]
    : [
        { label: 'Login', to: '/login' },
        { label: 'Register', to: '/register' },
      ];
  return (
    <Center component="main" mih="60vh" p="xl">
      <Stack align="center" gap="md" ta="center">
        <Title order={1}>{notFound ? '404 page not found' : 'Something went wrong...'}</Title>
        <Group gap="lg">
          {links.map((link) => (
            <Anchor key={link.to} component={Link} to={link.to} fw={600}>
              {link.label}
            </Anchor>
          ))}
        </Group>
      </Stack>
    </Center>
  );
}
