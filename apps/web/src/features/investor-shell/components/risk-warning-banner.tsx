import { useState } from 'react';
import { Anchor, Box, Modal, Text } from '@mantine/core';
import { MODAL_WIDTH, RISK_BANNER_HEIGHT } from '@platform/domain';
import { useBranding, useFeature } from '../../../app/settings';
import { RichText } from '../../../ui/rich-text';

/**
 * The financial-promotion risk warning (spec §2.4): 70px across the top when enabled, taller when a
 * narrow screen needs more lines — the regulator wants it whole and prominent, never cut.
 */
export function RiskWarningBanner() {
  const enabled = useFeature('enableRiskWarning');
  const { settings } = useBranding();
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
      <Modal opened={open} onClose={() => setOpen(false)} title="Risk warning" size={MODAL_WIDTH.default} centered>
        <RichText html={settings?.risk_warning_text} />
      </Modal>
    </>
  );
}
