import { ActionIcon, Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconLink, IconUnlink } from '@tabler/icons-react';
import { can, HOLDER_PERMISSION_EVENT, type LinkedUser, linkUserBody } from '@platform/domain';
import { ApiError } from '../../../app/api-client';
import { validateWith } from '../../../app/form-validation';
import { useCurrentUser } from '../../../app/session';
import { useSubmit } from '../../../app/use-submit';
import type { Column } from '../../../ui/data-table';
import { FormError } from '../../../ui/form-error';
import { InvestorPicker } from '../../../ui/investor-picker';
import { SimpleTable } from '../../../ui/simple-table';
import { type LinkValues, linkBody, ORGANISATION_ROLE_OPTIONS, useLinkedUsers, useLinkWrite } from '../api/organisations';
import { formatDate } from '../../../app/format';

function LinkPerson({ organisationId }: { organisationId: number }) {
  const write = useLinkWrite(organisationId);
  const form = useForm<LinkValues>({
    initialValues: { user_id: null, role: 'director' },
    validate: validateWith(linkUserBody, linkBody),
  });
  const { submit, submitting, formError } = useSubmit(async (values: LinkValues) => {
    await write.mutateAsync({ method: 'POST', body: linkBody(values) });
    form.reset();
    notifications.show({ color: 'teal', message: 'Linked.' });
  }, form);
  return (
    <form onSubmit={form.onSubmit((v) => void submit(v))} noValidate>
      <Stack gap="xs">
        <Group align="flex-start" gap="sm">
          <InvestorPicker
            label="Investor"
            value={form.values.user_id}
            onChange={(v) => form.setFieldValue('user_id', v)}
            error={form.errors.user_id as string | undefined}
          />
          <Select
            label="Role in the organisation"
            data={ORGANISATION_ROLE_OPTIONS}
            allowDeselect={false}
            w={220}
            {...form.getInputProps('role')}
          />
          <Button type="submit" mt={25} loading={submitting} leftSection={<IconLink size={16} aria-hidden />}>
            Link investor
          </Button>
        </Group>
        <FormError message={formError} />
      </Stack>
    </form>
  );
}

/** The people who act for an organisation, in which role; staff link, re-role and unlink them. */
export function LinkedPeoplePanel({ organisationId }: { organisationId: number }) {
  const user = useCurrentUser();
  const mayUpdate = can(user?.role_id, HOLDER_PERMISSION_EVENT, 'update');
  const people = useLinkedUsers(organisationId);
  const write = useLinkWrite(organisationId);
  const failed = (error: unknown) =>
    notifications.show({ color: 'red', message: error instanceof ApiError ? error.message : 'Something went wrong.' });
  const columns: Column<LinkedUser>[] = [
    {
      key: 'investor',
      label: 'Investor',
      render: (person) => (
        <>
          <Text size="sm" fw={600}>
            {person.name}
          </Text>
          <Text size="xs" c="dimmed">
            {person.email}
          </Text>
        </>
      ),
    },
    {
      key: 'role',
      label: 'Role',
      render: (person) =>
        mayUpdate ? (
          <Select
            aria-label={`Role of ${person.name}`}
            data={ORGANISATION_ROLE_OPTIONS}
            value={person.role}
            allowDeselect={false}
            w={220}
            onChange={(role) => role && write.mutate({ method: 'PATCH', userId: person.id, body: { role } }, { onError: failed })}
          />
        ) : (
          <Text size="sm">{person.role_label ?? '—'}</Text>
        ),
    },
    { key: 'linked_at', label: 'Linked', render: (person) => <Text size="sm">{formatDate(person.linked_at)}</Text> },
    ...(mayUpdate
      ? [
          {
            key: 'actions',
            label: 'Actions',
            render: (person: LinkedUser) => (
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Unlink ${person.name}`}
                onClick={() => write.mutate({ method: 'DELETE', userId: person.id }, { onError: failed })}
              >
                <IconUnlink size={16} aria-hidden />
              </ActionIcon>
            ),
          },
        ]
      : []),
  ];
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <Title order={2} fz="lg">
          Linked people
        </Title>
        {mayUpdate && <LinkPerson organisationId={organisationId} />}
        {!people.data ? (
          <Text size="sm" c="dimmed">
            Loading people…
          </Text>
        ) : (
          <SimpleTable
            verticalSpacing="sm"
            striped
            caption="Linked people"
            columns={columns}
            rows={people.data}
            rowKey={(person) => person.id}
            empty={
              <Text size="sm" c="dimmed">
                Nobody is linked to this organisation yet.
              </Text>
            }
          />
        )}
      </Stack>
    </Paper>
  );
}
