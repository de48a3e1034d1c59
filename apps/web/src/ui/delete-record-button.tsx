import { useState } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { ApiError } from '../app/api-client';

interface DeleteRecordButtonProps {
  /** The record's name, as the title and the confirmation say it. */
  name: string;
  /** What kind of record it is: "deal", "fund", "fund investment". */
  what: string;
  /** What deleting it does, in one sentence. */
  consequence: string;
  /** Deletes the record; its refusal (e.g. a 409) is shown as the server words it. */
  remove: () => Promise<unknown>;
  pending: boolean;
  onDeleted: () => void;
}

/** Delete with a confirmation: the record's page offers it, and it says what happens before anything does. */
export function DeleteRecordButton({ name, what, consequence, remove, pending, onDeleted }: DeleteRecordButtonProps) {
  const [open, setOpen] = useState(false);
  const confirm = async () => {
    try {
      await remove();
      notifications.show({ color: 'teal', message: `${name} was deleted.` });
      onDeleted();
    } catch (error) {
      setOpen(false);
      notifications.show({ color: 'red', message: error instanceof ApiError ? error.message : `The ${what} was not deleted.` });
    }
  };
  return (
    <>
      <Button variant="default" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setOpen(true)}>
        Delete
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={`Delete ${name}?`} centered>
        <Text size="sm">{consequence}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setOpen(false)}>
            Keep it
          </Button>
          <Button color="red" loading={pending} onClick={() => void confirm()}>
            Delete {what}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
