import { useState } from 'react';
import { MODAL_WIDTH } from '@platform/domain';
import { Anchor, Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import type { OnboardingDocument } from '@platform/domain';
import { formatDateTime } from '../../../app/format';
import { useSubmit } from '../../../app/use-submit';
import { FormError } from '../../../ui/form-error';
import { useAcceptSignUpDocument } from '../api/sign-up-documents';
import { PdfPages } from './pdf-pages';

/**
 * A sign-up document opened for the investor: every page in the portal's PDF viewer, then the
 * acceptance (ticked, for a document that asks for it) or the confirmation that it was read.
 */
export function DocumentReader({ document, onClose }: { document: OnboardingDocument | null; onClose: () => void }) {
  const narrow = useMediaQuery('(max-width: 48em)');
  return (
    <Modal
      opened={document !== null}
      onClose={onClose}
      size={MODAL_WIDTH.wide}
      fullScreen={narrow}
      title={document?.title}
      centered={!narrow}
    >
      {document && <ReaderBody key={`${document.id}-${document.version}`} document={document} onDone={onClose} />}
    </Modal>
  );
}

function ReaderBody({ document, onDone }: { document: OnboardingDocument; onDone: () => void }) {
  const accept = useAcceptSignUpDocument();
  const [ticked, setTicked] = useState(false);
  const { submit, submitting, formError } = useSubmit(async () => {
    await accept.mutateAsync({ id: document.id, version: document.version });
    notifications.show({
      color: 'teal',
      message: document.requires_acceptance ? `You accepted ${document.title}.` : `${document.title} is marked as read.`,
    });
    onDone();
  });
  const pending = document.state === 'outstanding' || document.state === 'unread';
  return (
    <Stack gap="md">
      {document.description && <Text size="sm">{document.description}</Text>}
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed">
          Version {document.state === 'archived' ? document.accepted_version : document.version}
          {document.accepted_at &&
            !pending &&
            ` · ${document.state === 'read' ? 'read' : 'accepted'} ${formatDateTime(document.accepted_at)}`}
        </Text>
        <Anchor href={document.download_url} target="_blank" rel="noopener noreferrer" size="sm">
          <Group gap={4}>
            <IconDownload size={16} aria-hidden />
            Download PDF
          </Group>
        </Anchor>
      </Group>
      <PdfPages url={document.download_url} title={document.title} />
      {pending && (
        <Stack gap="sm" pt="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
          {document.requires_acceptance && (
            <Checkbox
              label={`I have read, understood and accept ${document.title}`}
              checked={ticked}
              onChange={(e) => setTicked(e.currentTarget.checked)}
            />
          )}
          <FormError message={formError} />
          <Group justify="flex-end">
            <Button onClick={() => void submit({})} loading={submitting} disabled={document.requires_acceptance && !ticked}>
              {document.requires_acceptance ? 'Accept' : 'I have read it'}
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
