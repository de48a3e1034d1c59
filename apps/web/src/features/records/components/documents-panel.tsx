import { useState, type ReactNode } from 'react';
import { Anchor, Badge, Button, FileInput, Group, Paper, SegmentedControl, Text, Title } from '@mantine/core';
import { IconFileText, IconUpload } from '@tabler/icons-react';
import { DOCUMENT_VISIBILITY_LABELS, type RecordDocument } from '@platform/domain';
import { useSubmit } from '../../../app/use-submit';
import { FormError } from '../../../ui/form-error';
import { useRecords, useRecordWrite, type Subject } from '../api/records';
import { formatDate } from '../../../app/format';
import { SimpleTable } from '../../../ui/simple-table';

const size = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/**
 * Documents of a record: public ones reach the investor portal, private ones stay with staff.
 * Uploads are checked on the server by their bytes (PDF, images, Office files, CSV, text).
 */
export function DocumentsPanel({
  subject,
  canWrite,
  publicLabel = DOCUMENT_VISIBILITY_LABELS.public,
  rowActions,
  folder,
  defaultVisibility = 'private',
  onChanged,
}: {
  subject: Subject;
  /** Only the documents of one of the record's folders, and uploads go into it. */
  folder?: { id: number; name: string };
  defaultVisibility?: 'public' | 'private';
  /** After an upload or delete, for views that count the documents. */
  onChanged?: () => void;
  canWrite: boolean;
  publicLabel?: string;
  /** Extra actions per document that an area offers (e.g. signing an investor's PDF). */
  rowActions?: (document: RecordDocument) => ReactNode;
}) {
  const list = useRecords<RecordDocument>('documents', subject, 'name', folder ? { folder_id: folder.id } : {});
  const write = useRecordWrite('documents', subject);
  const [file, setFile] = useState<File | null>(null);
  const [visibility, setVisibility] = useState<'public' | 'private'>(defaultVisibility);
  const { submit, submitting, formError } = useSubmit(async () => {
    if (!file) return;
    const form = new FormData();
    form.append('subject_type', subject.type);
    form.append('subject_id', String(subject.id));
    form.append('visibility', visibility);
    if (folder) form.append('folder_id', String(folder.id));
    form.append('file', file);
    await write.mutateAsync({ body: form });
    setFile(null);
    onChanged?.();
  });
  return (
    <Paper withBorder radius="md" p="lg">
      <Title order={2} fz="lg" mb="md">
        {folder ? `Documents in ${folder.name}` : 'Documents'}
      </Title>
      {canWrite && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void submit({});
          }}
        >
          <Group align="flex-end" mb="md" wrap="wrap">
            <FileInput
              label="File"
              placeholder="Choose a file"
              value={file}
              onChange={setFile}
              leftSection={<IconUpload size={16} aria-hidden />}
              w={320}
              clearable
            />
            <div>
              <Text size="sm" fw={500} mb={4}>
                Visibility
              </Text>
              <SegmentedControl
                aria-label="Visibility"
                value={visibility}
                onChange={(v) => setVisibility(v as 'public' | 'private')}
                data={[
                  { value: 'private', label: DOCUMENT_VISIBILITY_LABELS.private },
                  { value: 'public', label: publicLabel },
                ]}
              />
            </div>
            <Button type="submit" loading={submitting} disabled={!file}>
              Upload
            </Button>
          </Group>
          <FormError message={formError} />
        </form>
      )}
      {list.data?.length ? (
        <SimpleTable
          caption={folder ? `Documents in ${folder.name}` : 'Documents'}
          minWidth={560}
          verticalSpacing="xs"
          rows={list.data}
          rowKey={(d) => d.id}
          columns={[
            {
              key: 'name',
              label: 'Name',
              render: (d) => (
                <Anchor href={d.download_url} size="sm">
                  <Group gap={6} wrap="nowrap">
                    <IconFileText size={16} aria-hidden />
                    {d.name}
                  </Group>
                </Anchor>
              ),
            },
            {
              key: 'visibility',
              label: 'Visibility',
              render: (d) => (
                <Badge variant="light" color={d.visibility === 'public' ? 'teal' : 'gray'}>
                  {d.visibility === 'public' ? publicLabel : DOCUMENT_VISIBILITY_LABELS.private}
                </Badge>
              ),
            },
            { key: 'size', label: 'Size', render: (d) => size(d.size_bytes) },
            { key: 'created_at', label: 'Added', render: (d) => formatDate(d.created_at) },
            ...(canWrite || rowActions
              ? [
                  {
                    key: 'actions',
                    label: 'Actions',
                    render: (d: RecordDocument) => (
                      <Group gap={4} wrap="nowrap">
                        {rowActions?.(d)}
                        {canWrite && (
                          <Button
                            size="xs"
                            variant="subtle"
                            color="red"
                            onClick={() => write.mutate({ path: `/${d.id}`, method: 'DELETE' }, { onSuccess: onChanged })}
                            aria-label={`Delete ${d.name}`}
                          >
                            Delete
                          </Button>
                        )}
                      </Group>
                    ),
                  },
                ]
              : []),
          ]}
        />
      ) : (
        <Text size="sm" c="dimmed">
          {list.isLoading ? 'Loading documents…' : 'No documents yet.'}
        </Text>
      )}
    </Paper>
  );
}
