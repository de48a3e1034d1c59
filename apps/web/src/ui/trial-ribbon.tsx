import { Box } from '@mantine/core';
import { useBranding } from '../app/settings';

/** Marks a trial deployment (docs/decisions/0003) so nobody mistakes it for the live one. */
export function TrialRibbon() {
  const { settings } = useBranding();
  if (!settings?.isTrial) return null;
  return (
    <Box bg="yellow.4" c="dark" ta="center" fz="xs" fw={700} py={2} role="note" pos="absolute" top={0} left={0} right={0}>
      Trial environment
    </Box>
  );
}
