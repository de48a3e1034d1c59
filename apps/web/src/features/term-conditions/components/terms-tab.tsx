import { lazy, Suspense, useState } from 'react';
import { Accordion, Badge, Button, Group, Modal, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconFileCertificate, IconPencil, IconPlus } from '@tabler/icons-react';
import { MODAL_WIDTH, type TermCondition } from '@platform/domain';
import { formatDateTime } from '../../../app/format';
import { useFeature } from '../../../app/settings';
import { EmptyState } from '../../../ui/empty-state';
import { RichText } from '../../../ui/rich-text';
import { useTermVersions } from '../api/term-conditions';

const TermsEditor = lazy(() => import('./terms-editor').then((m) => ({ default: m.TermsEditor })));

function acceptancesText(n: number) {
  return n === 0 ? 'Not accepted yet' : n === 1 ? 'Accepted by 1 investment' : `Accepted by ${n} investments`;
}

function VersionTitle({ version }: { version: TermCondition }) {
  return (
    <Group gap="xs">
      <Text fw={600}>Version {version.version}</Text>
      {version.current && (
        <Badge color="teal" variant="light" style={{ textTransform: 'none' }}>
          Current
        </Badge>
      )}
      <Text size="sm" c="dimmed">
        {formatDateTime(version.created_at)}
        {version.created_by ? ` by ${version.created_by.name}` : ''} · {acceptancesText(version.acceptances)}
      </Text>
    </Group>
  );
}

/**
 * The opportunity's Terms tab (decision 0053): the current investment terms, the history of versions
 * with how many investments accepted each, publishing a new version and correcting one nobody has
 * accepted yet. Which version each investment accepted shows on the Transactions tab.
 */
export function TermsTab({ opportunityId, canWrite }: { opportunityId: number; canWrite: boolean }) {
  const versions = useTermVersions(opportunityId);
  const asksInvestors = useFeature('termsConditions');
  const [editing, setEditing] = useState<{ versionId?: number; initial: string } | null>(null);
  if (!versions.data) return <Skeleton h={240} radius="md" />;
  const current = versions.data.find((v) => v.current);
  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="lg">
        <Group justify="space-between" mb="md">
          <Title order={2} fz="lg">
            Investment terms
          </Title>
          {canWrite && (
            <Group gap="xs">
              {current?.editable && (
                <Button
                  variant="default"
                  leftSection={<IconPencil size={16} aria-hidden />}
                  onClick={() => setEditing({ versionId: current.id, initial: current.body })}
                >
                  Correct version {current.version}
                </Button>
              )}
              <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing({ initial: current?.body ?? '' })}>
                {current ? 'Publish a new version' : 'Write the terms'}
              </Button>
            </Group>
          )}
        </Group>
        {current ? (
          <Stack gap="sm">
            <VersionTitle version={current} />
            <RichText html={current.body} />
          </Stack>
        ) : (
          <EmptyState icon={IconFileCertificate} title="No terms yet">
            Investors accept the terms written here when they reserve an allocation.
          </EmptyState>
        )}
      </Paper>
      {versions.data.length > 1 && (
        <Paper withBorder radius="md" p="lg">
          <Title order={2} fz="lg" mb="sm">
            Earlier versions
          </Title>
          <Accordion variant="separated">
            {versions.data
              .filter((v) => !v.current)
              .map((v) => (
                <Accordion.Item key={v.id} value={String(v.id)}>
                  <Accordion.Control>
                    <VersionTitle version={v} />
                  </Accordion.Control>
                  <Accordion.Panel>
                    <RichText html={v.body} />
                  </Accordion.Panel>
                </Accordion.Item>
              ))}
          </Accordion>
        </Paper>
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.versionId ? `Correct version ${current?.version}` : 'Publish new terms'}
        size={MODAL_WIDTH.default}
      >
        {editing && (
          <Suspense fallback={<Skeleton h={300} />}>
            <TermsEditor
              opportunityId={opportunityId}
              versionId={editing.versionId}
              initial={editing.initial}
              asksInvestors={asksInvestors}
              onDone={() => setEditing(null)}
            />
          </Suspense>
        )}
      </Modal>
    </Stack>
  );
}
