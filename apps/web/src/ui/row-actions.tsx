import { ActionIcon, Group } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';

/**
 * A table row's edit and delete buttons, each shown only when its handler is given (the caller
 * passes one only when the person may). Labels name the row: "Edit Revenue", "Delete Revenue".
 */
export function RowActions({
  name,
  editVerb = 'Edit',
  onEdit,
  onDelete,
}: {
  name: string;
  editVerb?: string;
  onEdit?: () => void;
  onDelete?: () => void;
}) {
  return (
    <Group gap={4} justify="flex-end">
      {onEdit && (
        <ActionIcon variant="subtle" aria-label={`${editVerb} ${name}`} onClick={onEdit}>
          <IconPencil size={16} aria-hidden />
        </ActionIcon>
      )}
      {onDelete && (
        <ActionIcon variant="subtle" color="red" aria-label={`Delete ${name}`} onClick={onDelete}>
          <IconTrash size={16} aria-hidden />
        </ActionIcon>
      )}
    </Group>
  );
}
