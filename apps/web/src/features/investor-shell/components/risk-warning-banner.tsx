import { lazy, useState } from 'react';
import { Anchor, Box, Text } from '@mantine/core';
import { RISK_BANNER_HEIGHT } from '@platform/domain';
import { useFeature } from '../../../app/settings';
import { LoadWhenOpened } from '../../../ui/lazy-dialog';

const RiskWarningModal = lazy(() => import('./risk-warning-modal').then((m) => ({ default: m.RiskWarningModal })));

/**
 * The financial-promotion risk warning (spec §2.4): 70px across the top when enabled, taller when a
 * narrow screen needs more lines — the regulator wants it whole and prominent, never cut.
 */
export function RiskWarningBanner() {
  const enabled = useFeature('enableRiskWarning');
  const [open, setOpen] = useState(false);
  if (!enabled) return null;
  return (
    <>
      <Box
        mih={RISK_BANNER_HEIGHT}
        bg="dark.7"
        c="white"
        px={{ base: 'sm', sm: 'lg' }}
        py={6}
        display="flex"
        style={{ alignItems: 'center', justifyContent: 'center' }}
        role="region"
        aria-label="Risk warning"
      >
        <Text fz={{ base: 'xs', sm: 'sm' }} ta="center">
          Don&apos;t invest unless you&apos;re prepared to lose all the money you invest. This is a high-risk investment and you are
          unlikely to be protected if something goes wrong.{' '}
          <Anchor component="button" type="button" c="yellow.3" fw={600} fz="inherit" underline="always" onClick={() => setOpen(true)}>
            Take 2 mins to learn more.
          </Anchor>
        </Text>
      </Box>
      <LoadWhenOpened opened={open}>
        <RiskWarningModal opened={open} onClose={() => setOpen(false)} />
      </LoadWhenOpened>
    </>
  );
}
