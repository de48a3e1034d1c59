import { Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconFileText, IconFolder } from '@tabler/icons-react';
import type { PublicDocument } from '@platform/domain';
import { formatDate } from '../../../app/format';
import { useBranding } from '../../../app/settings';
import { BackLink } from '../../../ui/back-link';
import { DocumentLink } from '../../../ui/document-link';
import { EmptyState } from '../../../ui/empty-state';
import { usePageTitle } from '../../../ui/page-title';
import { useMyLibrary } from '../api/library';

const size = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

function DocumentRow({ document }: { document: PublicDocument }) {
  return (
    <Group justify="space-between" wrap="wrap" gap="xs" py={6} style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
      <DocumentLink document={document} fw={500}>
        <Group gap={6} wrap="nowrap">
          <IconFileText size={18} aria-hidden />
          {document.name}
        </Group>
      </DocumentLink>
      <Text size="sm" c="dimmed">
        {formatDate(document.created_at)} · {size(document.size_bytes)}
      </Text>
    </Group>
  );
}

/** /investor/news/library: the folders of the firm's library published to the investor, with their documents. */
export function MyLibraryPage() {
  const { terms } = useBranding();
  usePageTitle('Library');
  const library = useMyLibrary();
  return (
    <Stack gap="lg">
      <BackLink to="/investor/news">{terms.news}</BackLink>
      <Title order={1} fz={28}>
        Library
      </Title>
      {!library.data ? (
        <Skeleton h={200} radius="md" />
      ) : !library.data.length ? (
        <EmptyState icon={IconFolder} title="No documents yet">
          Documents the firm shares with you — reports, letters, packs — will appear here.
        </EmptyState>
      ) : (
        library.data.map((folder) => (
          <Paper key={folder.id} withBorder radius="md" p="lg" component="section" aria-labelledby={`library-folder-${folder.id}`}>
            <Title order={2} fz="lg" mb="sm" id={`library-folder-${folder.id}`}>
              <Group gap={8} component="span">
                <IconFolder size={20} aria-hidden />
                {folder.name}
              </Group>
            </Title>
            <Stack gap={0}>
              {folder.documents.map((document) => (
                <DocumentRow key={document.id} document={document} />
              ))}
            </Stack>
          </Paper>
        ))
      )}
    </Stack>
  );
}
