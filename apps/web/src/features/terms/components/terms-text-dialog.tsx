import { Modal } from '@mantine/core';
import { MODAL_WIDTH } from '@platform/domain';
import { useBranding } from '../../../app/settings';
import { RichText } from '../../../ui/rich-text';

/** The Terms & Conditions modal: terms kept as text, rendered as rich text (spec §2.6). */
export function TermsTextDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { settings } = useBranding();
  return (
    <Modal opened={opened} onClose={onClose} size={MODAL_WIDTH.wide} title="Terms & Conditions">
      <RichText html={settings?.terms_text} />
    </Modal>
  );
}
