import { useState } from 'react';
import { Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MODAL_WIDTH } from '@platform/domain';
import { useAcceptTerms } from '../api/use-accept-terms';
import { TermsLink } from './terms-text-modal';

/** The blocking "terms have changed" dialog: tick, submit, and the shell is usable again (spec §2.6). */
export function TermsAcceptanceDialog({
  opened,
  userId,
  termsVersion,
  onAccepted,
}: {
  opened: boolean;
  userId: number;
  termsVersion: number;
  onAccepted: () => void;
}) {
  const [ticked, setTicked] = useState(false);
  const accept = useAcceptTerms(userId);

  async function submit() {
    if (!ticked || accept.isPending) return;
    try {
      await accept.mutateAsync(termsVersion);
      onAccepted();
      notifications.show({ color: 'teal', message: 'Thank you. You have accepted the latest terms and conditions.' });
    } catch {
      // Spec §8: the button is usable again, no message.
    }
  }

  return (
    <Modal
      opened={opened}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnEscape={false}
      closeOnClickOutside={false}
      size={MODAL_WIDTH.confirmation}
      centered
      title="Terms and conditions"
    >
      <Stack gap="md">
        <Text>Our terms and conditions have changed. Please read them and confirm you accept them to continue.</Text>
        <TermsLink>Read the terms and conditions</TermsLink>
        <Checkbox
          label="I have read, understood and accept the terms and conditions"
          checked={ticked}
          onChange={(e) => setTicked(e.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button onClick={() => void submit()} disabled={!ticked || accept.isPending}>
            {accept.isPending ? 'Submitting' : 'Submit'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
