import { Stack, Text, Title } from '@mantine/core';
import { usePageTitle } from '../../../ui/page-title';
import { OwnershipChoicesPanel } from './ownership-choices-panel';

/** /investor/profile/ownership: the investor's saved ways of holding an investment, and their default. */
export function OwnershipChoicesPage() {
  usePageTitle('Ownership choices');
  return (
    <Stack gap="md">
      <Title order={2} fz="lg">
        Ownership choices
      </Title>
      <Text size="sm" c="dimmed">
        How you hold your investments: wholly by you or one of your holders, or jointly with shares that add up to 100%. Your default is
        chosen for you when you invest; you can pick another each time.
      </Text>
      <OwnershipChoicesPanel />
    </Stack>
  );
}
