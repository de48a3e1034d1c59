import { useState } from 'react';
import { Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MODAL_WIDTH } from '@platform/domain';
import { useCurrentUser } from '../../../app/session';
import { useBranding } from '../../../app/settings';
import { useAcceptTerms } from '../api/use-accept-terms';
import { TermsLink } from './terms-text-modal';

/**
 * Blocks the shell until the current terms are accepted (spec §2.6). After acceptance the flag
 * `termsJustAccepted` (docs/decisions/0003) keeps the modal closed while the user is refetched.
 */
export function TermsAcceptanceModal() {
  const user = useCurrentUser();
  const { termsVersion } = useBranding();
  const [ticked, setTicked] = useState(false);
  const [termsJustAccepted, setTermsJustAccepted] = useState(false);
  const accept = useAcceptTerms(user?.id ?? 0);
  const required = Boolean(user) && (user?.accepted_terms_version ?? 0) < termsVersion && !termsJustAccepted;

  async function submit() {
    if (!ticked || accept.isPending) return;
    try {
      await accept.mutateAsync(termsVersion);
      setTermsJustAccepted(true);
      notifications.show({ color: 'teal', message: 'Thank you. You have accepted the latest terms and conditions.' });
    } catch {
      // Spec §8: the button is usable again, no message.
    }
  }

  return (
    <Modal
      opened={required}
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
