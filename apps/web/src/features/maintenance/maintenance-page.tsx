import { useEffect } from 'react';
import { Center, Loader, Stack, Text, Title } from '@mantine/core';
import { IconTool } from '@tabler/icons-react';
import { usePageTitle } from '../../ui/page-title';
import { Logo } from '../../ui/logo';

const POLL_MS = 5000;
/** Build setting (docs/decisions/0003): a build that only ever shows this page. */
export const MAINTENANCE_FORCED = import.meta.env.VITE_FORCE_MAINTENANCE === 'true';

/** Shown while the server is down (spec §2.7); returns to / as soon as the health check answers. */
export function MaintenancePage() {
  usePageTitle('Maintenance');
  useEffect(() => {
    if (MAINTENANCE_FORCED) return;
    const timer = setInterval(async () => {
      const healthy = await fetch('/api/health', { cache: 'no-store' }).then(
        (r) => r.ok,
        () => false,
      );
      if (healthy) window.location.assign('/');
    }, POLL_MS);
    return () => clearInterval(timer);
  }, []);

  return (
    <Center component="main" mih="100vh" p="xl" bg="gray.0">
      <Stack align="center" gap="md" maw={520} ta="center">
        <Logo height={44} />
        <IconTool size={48} stroke={1.5} aria-hidden />
        <Title order={1} fz={28}>
          We'll be back shortly
        </Title>
        <Text c="dimmed">
          The platform is undergoing maintenance. Your data is safe. This page will reconnect by itself as soon as the service is available
          again.
        </Text>
        {!MAINTENANCE_FORCED && (
          <Stack align="center" gap={4} aria-live="polite">
            <Loader size="sm" />
            <Text size="sm" c="dimmed">
              Checking every few seconds…
            </Text>
          </Stack>
        )}
      </Stack>
    </Center>
  );
}
