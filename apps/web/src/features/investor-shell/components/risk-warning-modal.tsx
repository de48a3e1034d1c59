import { Modal } from '@mantine/core';
import { MODAL_WIDTH } from '@platform/domain';
import { useBranding } from '../../../app/settings';
import { RichText } from '../../../ui/rich-text';

/** The firm's full risk warning text, opened from the banner's "learn more". */
export function RiskWarningModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { settings } = useBranding();
  return (
    <Modal opened={opened} onClose={onClose} title="Risk warning" size={MODAL_WIDTH.default} centered>
      <RichText html={settings?.risk_warning_text} />
    </Modal>
  );
}
