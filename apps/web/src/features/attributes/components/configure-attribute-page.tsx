import { useState } from 'react';
import { Button, Group, Modal, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconTrash } from '@tabler/icons-react';
import { useNavigate, useParams } from '@tanstack/react-router';
import { can } from '@platform/domain';
import { ApiError } from '../../../app/api-client';
import { useCurrentUser } from '../../../app/session';
import { FormError } from '../../../ui/form-error';
import { usePageTitle } from '../../../ui/page-title';
import { ErrorPage } from '../../errors';
import { deleteAttribute, useAttribute, useAttributeAction, type Attribute } from '../api/attributes';
import { AttributeForm } from './attribute-form';

const back = (a: Attribute) => ({
  to: '/admin/settings/attributes' as const,
  search: (a.subject_type === 'contact' ? { for: 'contact' as const } : {}) as { for?: 'contact' },
});

function DeleteAttribute({ attribute, onClose }: { attribute: Attribute; onClose: () => void }) {
  const navigate = useNavigate();
  const remove = useAttributeAction(() => deleteAttribute(attribute.id));
  return (
    <Modal opened onClose={onClose} title={`Delete ${attribute.name}?`} centered>
      <Stack>
        <Text size="sm">The attribute disappears from forms and pages. Values already recorded are kept in the records' history.</Text>
        <FormError
          message={remove.error ? (remove.error instanceof ApiError ? remove.error.message : 'The attribute was not deleted.') : null}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Keep it
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() => remove.mutate(undefined, { onSuccess: () => void navigate(back(attribute)) })}
          >
            Delete attribute
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** /admin/settings/attributes/configure/{id}: one attribute's name, type, options and mode. */
export function ConfigureAttributePage() {
  const { id } = useParams({ strict: false }) as { id: string };
  const user = useCurrentUser();
  const navigate = useNavigate();
  const query = useAttribute(id);
  const [deleting, setDeleting] = useState(false);
  usePageTitle(query.data ? `Configure ${query.data.name}` : 'Custom Attributes');
  if (query.error) return <ErrorPage status={query.error instanceof ApiError ? query.error.status : 500} />;
  if (!query.data) return <Skeleton h={420} radius="md" />;
  const attribute = query.data;
  return (
    <Stack gap="lg" maw={900}>
      <Group>
        <Button onClick={() => void navigate(back(attribute))} variant="subtle" leftSection={<IconArrowLeft size={16} aria-hidden />}>
          Custom Attributes
        </Button>
      </Group>
      <Group justify="space-between">
        <Title order={1} fz={26}>
          {attribute.name}
        </Title>
        {can(user?.role_id, 'settings_attributes', 'delete') && (
          <Button color="red" variant="light" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setDeleting(true)}>
            Delete
          </Button>
        )}
      </Group>
      <AttributeForm
        key={attribute.id}
        attribute={attribute}
        subjectType={attribute.subject_type}
        onSaved={() => void navigate(back(attribute))}
        onCancel={() => void navigate(back(attribute))}
      />
      {deleting && <DeleteAttribute attribute={attribute} onClose={() => setDeleting(false)} />}
    </Stack>
  );
}
