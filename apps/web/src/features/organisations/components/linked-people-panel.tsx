import { ActionIcon, Button, Group, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconLink, IconUnlink } from '@tabler/icons-react';
import { can, HOLDER_PERMISSION_EVENT } from '@platform/domain';
import { ApiError } from '../../../app/api-client';
import { useCurrentUser } from '../../../app/session';
import { useSubmit } from '../../../app/use-submit';
import { FormError } from '../../../ui/form-error';
import { InvestorPicker } from '../../../ui/investor-picker';
import { ORGANISATION_ROLE_OPTIONS, useLinkedUsers, useLinkWrite } from '../api/organisations';
import { formatDate } from '../../../app/format';

function LinkPerson({ organisationId }: { organisationId: number }) {
  const write = useLinkWrite(organisationId);
  const form = useForm<{ user_id: string | null; role: string | null }>({
    initialValues: { user_id: null, role: 'director' },
    validate: { user_id: (v) => (v ? null : 'Choose an investor.'), role: (v) => (v ? null : 'Choose their role.') },
  });
  const { submit, submitting, formError } = useSubmit(async (values: { user_id: string | null; role: string | null }) => {
    await write.mutateAsync({ method: 'POST', body: { user_id: Number(values.user_id), role: values.role } });
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
        ) : people.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nobody is linked to this organisation yet.
          </Text>
        ) : (
          <Table verticalSpacing="sm" striped>
            <caption style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
              Linked people
            </caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Investor</Table.Th>
                <Table.Th>Role</Table.Th>
                <Table.Th>Linked</Table.Th>
                {mayUpdate && <Table.Th>Actions</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {people.data.map((person) => (
                <Table.Tr key={person.id}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {person.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {person.email}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {mayUpdate ? (
                      <Select
                        aria-label={`Role of ${person.name}`}
                        data={ORGANISATION_ROLE_OPTIONS}
                        value={person.role}
                        allowDeselect={false}
                        w={220}
                        onChange={(role) =>
                          role && write.mutate({ method: 'PATCH', userId: person.id, body: { role } }, { onError: failed })
                        }
                      />
                    ) : (
                      <Text size="sm">{person.role_label ?? '—'}</Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{formatDate(person.linked_at)}</Text>
                  </Table.Td>
                  {mayUpdate && (
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Unlink ${person.name}`}
                        onClick={() => write.mutate({ method: 'DELETE', userId: person.id }, { onError: failed })}
                      >
                        <IconUnlink size={16} aria-hidden />
                      </ActionIcon>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}
