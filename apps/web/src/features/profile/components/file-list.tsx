import { Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import { formatDate } from '../../../app/format';
import { DocumentLink } from '../../../ui/document-link';

const size = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The investor's files as a simple list: name (a link when there is one: PDFs open in the viewer), size and date. */
export function FileList({
  files,
  empty,
}: {
  files: Array<{ id: number; name: string; size_bytes: number; created_at: string; mime_type?: string; download_url?: string }>;
  empty: string;
}) {
  if (!files.length) return <Text c="dimmed">{empty}</Text>;
  return (
    <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {files.map((file) => (
        <Group key={file.id} component="li" gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" size={36} radius="md">
            <IconFileText size={20} aria-hidden />
          </ThemeIcon>
          <div>
            {file.download_url ? (
              <DocumentLink document={file} fw={600}>
                {file.name}
              </DocumentLink>
            ) : (
              <Text fw={600}>{file.name}</Text>
            )}
            <Text size="xs" c="dimmed">
              {size(file.size_bytes)} · added {formatDate(file.created_at)}
            </Text>
          </div>
        </Group>
      ))}
    </Stack>
  );
}
