import { useState } from 'react';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import type { OnboardingDocument } from '@platform/domain';
import { formatDate } from '../../../app/format';
import { DocumentReader } from './document-reader';
import { StateBadge } from './state-badge';

/** The investor's sign-up documents, each opened in the reader; what is still to do says so. */
export function DocumentList({ documents }: { documents: OnboardingDocument[] }) {
  const [openId, setOpenId] = useState<number | null>(null);
  const open = documents.find((d) => d.id === openId) ?? null;
  return (
    <>
      <Stack gap="sm">
        {documents.map((document) => {
          const pending = document.state === 'outstanding' || document.state === 'unread';
          return (
            <Paper key={document.id} withBorder radius="md" p="md">
              <Group justify="space-between" wrap="wrap" gap="sm">
                <Group gap="sm" wrap="nowrap" align="flex-start" style={{ flex: '1 1 240px', minWidth: 0 }}>
                  <IconFileText size={24} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Group gap="xs">
                      <Text fw={600}>{document.title}</Text>
                      <StateBadge state={document.state} />
                    </Group>
                    {document.description && (
                      <Text size="sm" c="dimmed">
                        {document.description}
                      </Text>
                    )}
                    {document.accepted_at && (
                      <Text size="xs" c="dimmed">
                        Version {document.accepted_version} {document.requires_acceptance ? 'accepted' : 'read'} on{' '}
                        {formatDate(document.accepted_at)}
                        {document.state === 'outstanding' && ` · version ${document.version} is new`}
                      </Text>
                    )}
                  </Stack>
                </Group>
                <Button
                  variant={pending ? 'filled' : 'default'}
                  onClick={() => setOpenId(document.id)}
                  aria-label={`${pending ? (document.requires_acceptance ? 'Read and accept' : 'Read') : 'Open'} ${document.title}`}
                >
                  {pending ? (document.requires_acceptance ? 'Read and accept' : 'Read') : 'Open'}
                </Button>
              </Group>
            </Paper>
          );
        })}
      </Stack>
      <DocumentReader document={open} onClose={() => setOpenId(null)} />
    </>
  );
}
