import { useState } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { can, HOLDER_PERMISSION_EVENT, MODAL_WIDTH } from '@platform/domain';
import { ApiError } from '../../../app/api-client';
import { useCurrentUser } from '../../../app/session';
import { deleteHolder, useHolderAction, type HolderResource } from '../api/holders';

/**
 * Delete (soft), and for roles with delete_unsafe a permanent delete. The server refuses while the
 * holder holds investments and says why; that message is shown as it is.
 */
export function DeleteHolderButton({
  resource,
  id,
  name,
  listPath,
}: {
  resource: HolderResource;
  id: number;
  name: string;
  listPath: string;
}) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const [mode, setMode] = useState<'soft' | 'permanent' | null>(null);
  const remove = useHolderAction(resource, (permanent: boolean) => deleteHolder(resource, id, permanent));
  const maySoft = can(user?.role_id, HOLDER_PERMISSION_EVENT, 'delete');
  const mayHard = can(user?.role_id, HOLDER_PERMISSION_EVENT, 'delete_unsafe');
  if (!maySoft && !mayHard) return null;
  const run = () =>
    remove.mutate(mode === 'permanent', {
      onSuccess: () => {
        notifications.show({ color: 'teal', message: `${name} was deleted${mode === 'permanent' ? ' permanently' : ''}.` });
        void navigate({ to: listPath });
      },
      onError: (error) => {
        setMode(null);
        notifications.show({
          color: 'red',
          title: `${name} was not deleted`,
          message: error instanceof ApiError ? error.message : 'Something went wrong.',
          autoClose: 10_000,
        });
      },
    });
  return (
    <>
      {maySoft && (
        <Button variant="default" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setMode('soft')}>
          Delete
        </Button>
      )}
      {mayHard && (
        <Button variant="subtle" color="red" onClick={() => setMode('permanent')}>
          Delete permanently
        </Button>
      )}
      <Modal
        opened={mode !== null}
        onClose={() => setMode(null)}
        title={`Delete ${name}${mode === 'permanent' ? ' permanently' : ''}?`}
        centered
        size={MODAL_WIDTH.confirmation}
      >
        <Text size="sm">
          {mode === 'permanent'
            ? 'The record and what exists only for it (links, accounts) are removed for good. This cannot be undone.'
            : 'It leaves the lists; its history is kept. A record that holds investments cannot be deleted.'}
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setMode(null)}>
            Keep it
          </Button>
          <Button color="red" loading={remove.isPending} onClick={run}>
            {mode === 'permanent' ? 'Delete permanently' : 'Delete'}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
