import { useState } from 'react';
import { ActionIcon, Alert, Button, Group, Modal, Paper, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconArrowDown, IconArrowUp, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { can, createLeadStatusBody, updateLeadStatusBody } from '@platform/domain';
import { ApiError } from '../../../app/api-client';
import { validateWith } from '../../../app/form-validation';
import { useCurrentUser } from '../../../app/session';
import { useBranding } from '../../../app/settings';
import { useSubmit } from '../../../app/use-submit';
import { FormError } from '../../../ui/form-error';
import { usePageTitle } from '../../../ui/page-title';
import { SimpleTable } from '../../../ui/simple-table';
import { deleteLeadStatus, saveLeadStatus, useLeadStatusAction, useLeadStatuses, type LeadStatus } from '../api/contacts';

function NameModal({ status, onClose }: { status: LeadStatus | 'new'; onClose: () => void }) {
  const editing = status !== 'new';
  const form = useForm({
    initialValues: { name: editing ? status.name : '' },
    validate: validateWith(editing ? updateLeadStatusBody : createLeadStatusBody, (values: { name: string }) => ({ name: values.name })),
  });
  const save = useLeadStatusAction(saveLeadStatus);
  const { submit, submitting, formError } = useSubmit(async (values: { name: string }) => {
    await save.mutateAsync({ id: editing ? status.id : undefined, name: values.name.trim() });
    onClose();
  }, form);
  return (
    <Modal opened onClose={onClose} title={editing ? `Rename ${status.name}` : 'New lead status'} centered>
      <form onSubmit={form.onSubmit((v) => void submit(v))} noValidate>
        <Stack>
          <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
          <FormError message={formError} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={submitting}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** /admin/settings/investor/lead-status: the ordered list of lead statuses contacts are given. */
export function LeadStatusesPage() {
  usePageTitle('Lead statuses');
  const { terms } = useBranding();
  const user = useCurrentUser();
  const statuses = useLeadStatuses();
  const [editing, setEditing] = useState<LeadStatus | 'new' | null>(null);
  const move = useLeadStatusAction(saveLeadStatus);
  const remove = useLeadStatusAction(deleteLeadStatus);
  const fail = (error: unknown) =>
    notifications.show({ color: 'red', message: error instanceof ApiError ? error.message : 'That did not work. Try again.' });
  const list = statuses.data ?? [];
  const mayCreate = can(user?.role_id, 'settings_investor_type', 'create');
  const mayUpdate = can(user?.role_id, 'settings_investor_type', 'update');
  const mayDelete = can(user?.role_id, 'settings_investor_type', 'delete');
  return (
    <Stack gap="lg" maw={760}>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} fz={26}>
            Lead statuses
          </Title>
          <Text size="sm" c="dimmed">
            Where each contact stands in your process. The order here is the order of the lists and filters.
          </Text>
        </div>
        {mayCreate && (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
            New lead status
          </Button>
        )}
      </Group>
      {statuses.error && <Alert color="red">The lead statuses could not be loaded. Reload the page to try again.</Alert>}
      {!statuses.data && !statuses.error && <Skeleton h={240} radius="md" />}
      {statuses.data && list.length === 0 && (
        <Paper withBorder radius="md" p="xl">
          <Text ta="center" c="dimmed">
            No lead statuses yet. Add the stages your team moves leads through, e.g. New, Contacted, Qualified.
          </Text>
        </Paper>
      )}
      {list.length > 0 && (
        <Paper withBorder radius="md">
          <SimpleTable
            verticalSpacing="sm"
            horizontalSpacing="md"
            title="Lead statuses in order"
            rows={list}
            rowKey={(status) => status.id}
            columns={[
              {
                key: 'name',
                label: 'Name',
                render: (status) => (
                  <Text size="sm" fw={600}>
                    {status.name}
                  </Text>
                ),
              },
              { key: 'contacts', label: terms.contacts, render: (status) => status.contacts_count ?? 0 },
              {
                key: 'actions',
                label: 'Actions',
                align: 'right',
                render: (status) => {
                  const index = list.indexOf(status);
                  return (
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      {mayUpdate && (
                        <>
                          <ActionIcon
                            variant="subtle"
                            aria-label={`Move ${status.name} up`}
                            disabled={index === 0}
                            onClick={() => move.mutate({ id: status.id, position: index - 1 }, { onError: fail })}
                          >
                            <IconArrowUp size={16} aria-hidden />
                          </ActionIcon>
                          <ActionIcon
                            variant="subtle"
                            aria-label={`Move ${status.name} down`}
                            disabled={index === list.length - 1}
                            onClick={() => move.mutate({ id: status.id, position: index + 1 }, { onError: fail })}
                          >
                            <IconArrowDown size={16} aria-hidden />
                          </ActionIcon>
                          <ActionIcon variant="subtle" aria-label={`Rename ${status.name}`} onClick={() => setEditing(status)}>
                            <IconPencil size={16} aria-hidden />
                          </ActionIcon>
                        </>
                      )}
                      {mayDelete && (
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Delete ${status.name}`}
                          onClick={() => {
                            if (
                              window.confirm(
                                `Delete ${status.name}? Its ${status.contacts_count ?? 0} contacts are left without a lead status.`,
                              )
                            )
                              remove.mutate(status.id, { onError: fail });
                          }}
                        >
                          <IconTrash size={16} aria-hidden />
                        </ActionIcon>
                      )}
                    </Group>
                  );
                },
              },
            ]}
          />
        </Paper>
      )}
      {editing && <NameModal status={editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
