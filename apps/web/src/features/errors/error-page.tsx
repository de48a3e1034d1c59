import type { ReactNode } from 'react';
import { Box, Button, Center, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCompass, IconAlertTriangle } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { Role, roleLabel } from '@platform/domain';
import { useCurrentUser } from '../../app/session';
import { useBranding } from '../../app/settings';
import { usePageTitle } from '../../ui/page-title';
import { Logo } from '../../ui/logo';

/**
 * The error page of spec §2.5, worded for its audience: staff, investor or visitor. The staff
 * button's label names the role (docs/decisions/0003). One design everywhere: inside a shell it
 * sits in the page area; `standalone` (an unknown address outside the staff area and the portal,
 * e.g. a signed-out visitor's) frames the same card with the firm's logo, like the public pages.
 */
export function ErrorPage({ status = 404, standalone = false }: { status?: number; standalone?: boolean }) {
  const { terms } = useBranding();
  usePageTitle(`Error - ${status}`, { exact: true });
  const user = useCurrentUser();
  const notFound = status === 404;

  const content =
    user && user.role_id !== Role.User ? (
      <ErrorCard
        notFound={notFound}
        title="Uh oh!"
        subtitle={notFound ? "404 - Sorry that page doesn't seem to exist" : 'Something went wrong'}
        body={
          notFound
            ? 'The page you requested cannot be found. Click below to return to our homepage'
            : 'Click below to return to our homepage or try again later.'
        }
        links={[{ label: `${roleLabel(terms, user.role_id) ?? 'Staff'} homepage`, to: '/login' }]}
      />
    ) : (
      <ErrorCard
        notFound={notFound}
        title={notFound ? '404 page not found' : 'Something went wrong...'}
        links={
          user
            ? [
                { label: 'Overview', to: '/investor' },
                { label: 'Investment Opportunities', to: '/investor/investments' },
              ]
            : [
                { label: 'Login', to: '/login' },
                { label: 'Register', to: '/register' },
              ]
        }
      />
    );

  if (!standalone) return content;
  return (
    <Box mih="100vh" bg="gray.0">
      <Group component="header" h={65} px="lg" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Logo height={36} />
      </Group>
      {content}
    </Box>
  );
}

function ErrorCard({
  notFound,
  title,
  subtitle,
  body,
  links,
}: {
  notFound: boolean;
  title: string;
  subtitle?: string;
  body?: ReactNode;
  links: { label: string; to: string }[];
}) {
  const Icon = notFound ? IconCompass : IconAlertTriangle;
  return (
    <Center component="main" mih="60vh" p="xl">
      <Paper withBorder radius="md" p="xl" maw={560} w="100%">
        <Stack align="center" gap="sm" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
            <Icon size={30} stroke={1.5} />
          </ThemeIcon>
          <Title order={1} fz={28}>
            {title}
          </Title>
          {subtitle && (
            <Title order={2} fz="lg" fw={500}>
              {subtitle}
            </Title>
          )}
          {body && <Text c="dimmed">{body}</Text>}
          <Group gap="sm" mt="md" justify="center">
            {links.map((link, index) => (
              <Button key={link.to} component={Link} to={link.to} variant={index === 0 ? 'filled' : 'default'}>
                {link.label}
              </Button>
            ))}
          </Group>
        </Stack>
      </Paper>
    </Center>
  );
}
