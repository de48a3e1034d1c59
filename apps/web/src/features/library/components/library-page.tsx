import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Group, Modal, Select, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFolder, IconFolderPlus } from '@tabler/icons-react';
import { can, LIBRARY_ID, MODAL_WIDTH, type RecordDocument, UPDATE_REPORT_AUDIENCE_LABELS } from '@platform/domain';
import { api, ApiError } from '../../../app/api-client';
import { useCurrentUser } from '../../../app/session';
import { EmptyState } from '../../../ui/empty-state';
import { usePageTitle } from '../../../ui/page-title';
import { RowActions } from '../../../ui/row-actions';
import { SectionCard } from '../../../ui/section-card';
import { SimpleTable } from '../../../ui/simple-table';
import { DocumentsPanel } from '../../records';
import { type LibraryFolder, useLibraryFolders, useLibraryFolderWrite, useRefreshLibrary } from '../api/library';
import { FolderModal } from './folder-modal';

const LIBRARY = { type: 'library', id: LIBRARY_ID } as const;

/** Who a folder is published to, in words. */
function audienceOf(folder: LibraryFolder): string {
  if (!folder.audience) return 'Staff only';
  if (folder.audience === 'holders') return `Holders of ${folder.subject?.name ?? '…'}`;
  if (folder.audience === 'groups') return folder.client_groups.map((g) => g.name).join(', ') || UPDATE_REPORT_AUDIENCE_LABELS.groups;
  return UPDATE_REPORT_AUDIENCE_LABELS.all;
}

/** Moving a document to another folder of the library: its audience becomes that folder's. */
function MoveDocument({ document, folders, onMoved }: { document: RecordDocument; folders: LibraryFolder[]; onMoved: () => void }) {
  const others = folders.filter((f) => f.id !== document.folder_id);
  if (!others.length) return null;
  return (
    <Select
      size="xs"
      w={170}
      aria-label={`Move ${document.name} to`}
      placeholder="Move to…"
      data={others.map((f) => ({ value: String(f.id), label: f.name }))}
      value={null}
      onChange={async (value) => {
        if (!value) return;
        try {
          await api(`/api/documents/${document.id}`, { method: 'PATCH', body: { folder_id: Number(value) } });
          onMoved();
        } catch (error) {
          notifications.show({ color: 'red', message: error instanceof ApiError ? error.message : 'The document was not moved.' });
        }
      }}
    />
  );
}

/**
 * /admin/reports/library: the firm's document library (decision 0064). Staff keep folders, each
 * published to every investor, the holders of a company or fund, or chosen client groups, and
 * upload, move and delete the documents in them. Public documents reach the folder's audience.
 */
export function LibraryPage() {
  usePageTitle('Library');
  const user = useCurrentUser();
  const folders = useLibraryFolders();
  const write = useLibraryFolderWrite();
  const refresh = useRefreshLibrary();
  const client = useQueryClient();
  const moved = () => {
    refresh();
    void client.invalidateQueries({ queryKey: ['records', 'documents', LIBRARY.type] });
  };
  const [editing, setEditing] = useState<LibraryFolder | 'new' | null>(null);
  const [deleting, setDeleting] = useState<LibraryFolder | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);
  const role = user?.role_id;
  const rows = folders.data ?? [];
  const open = rows.find((f) => f.id === openId) ?? rows[0];
  const mayUpload = can(role, 'update_reports', 'create');

  const remove = async (folder: LibraryFolder) => {
    try {
      await write.mutateAsync({ id: folder.id, method: 'DELETE' });
      notifications.show({ color: 'teal', message: `${folder.name} was deleted.` });
    } catch (error) {
      notifications.show({ color: 'red', message: error instanceof ApiError ? error.message : 'The folder was not deleted.' });
    }
    setDeleting(null);
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1} fz={26}>
          Library
        </Title>
        {can(role, 'update_reports', 'create') && (
          <Button leftSection={<IconFolderPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
            New folder
          </Button>
        )}
      </Group>
      <Text c="dimmed" size="sm" maw={720}>
        Documents for investors, in folders. Each folder is published to every investor, to the holders of a company or fund, or to chosen
        client groups — checked whenever an investor looks, so a new holder sees what was filed before. Documents marked staff only stay
        here.
      </Text>
      <SectionCard title="Folders">
        {folders.isLoading ? (
          <Text size="sm" c="dimmed">
            Loading folders…
          </Text>
        ) : (
          <SimpleTable<LibraryFolder>
            caption="Folders of the library"
            minWidth={560}
            rows={rows}
            rowKey={(f) => f.id}
            empty={
              <EmptyState icon={IconFolder} title="No folders yet">
                Create a folder, choose who sees it, then upload documents into it.
              </EmptyState>
            }
            columns={[
              {
                key: 'name',
                label: 'Folder',
                render: (f) => (
                  <UnstyledButton
                    onClick={() => setOpenId(f.id)}
                    aria-pressed={open?.id === f.id}
                    fw={open?.id === f.id ? 700 : 500}
                    c="brand.7"
                    fz="sm"
                  >
                    <Group gap={6} wrap="nowrap">
                      <IconFolder size={16} aria-hidden />
                      {f.name}
                    </Group>
                  </UnstyledButton>
                ),
              },
              { key: 'audience', label: 'Who sees it', render: audienceOf },
              { key: 'documents', label: 'Documents', render: (f) => f.documents_count },
              {
                key: 'actions',
                label: 'Actions',
                render: (f) => (
                  <RowActions
                    name={f.name}
                    onEdit={can(role, 'update_reports', 'update') ? () => setEditing(f) : undefined}
                    onDelete={can(role, 'update_reports', 'delete') ? () => setDeleting(f) : undefined}
                  />
                ),
              },
            ]}
          />
        )}
      </SectionCard>
      {open && (
        <DocumentsPanel
          key={open.id}
          subject={LIBRARY}
          folder={open}
          canWrite={mayUpload}
          defaultVisibility="public"
          publicLabel="Published"
          onChanged={refresh}
          rowActions={(d) => (can(role, 'update_reports', 'update') ? <MoveDocument document={d} folders={rows} onMoved={moved} /> : null)}
        />
      )}
      <FolderModal folder={editing} onClose={() => setEditing(null)} onSaved={(saved) => setOpenId(saved.id)} />
      <Modal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={`Delete ${deleting?.name ?? 'folder'}?`}
        size={MODAL_WIDTH.confirmation}
        centered
      >
        <Text size="sm">Only an empty folder can be deleted: move or delete its documents first.</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setDeleting(null)}>
            Keep it
          </Button>
          <Button color="red" loading={write.isPending} onClick={() => deleting && void remove(deleting)}>
            Delete folder
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
