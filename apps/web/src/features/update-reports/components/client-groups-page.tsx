import { useState } from 'react';
import { ActionIcon, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus, IconTrash, IconUsersGroup } from '@tabler/icons-react';
import { type ClientGroupMember, can, type User, createClientGroupBody, MODAL_WIDTH, updateClientGroupBody } from '@platform/domain';
import { api } from '../../../app/api-client';
import { validateWith } from '../../../app/form-validation';
import { useCurrentUser } from '../../../app/session';
import { useBranding } from '../../../app/settings';
import { type ListSearch, useListPage } from '../../../app/use-list-page';
import { useSubmit } from '../../../app/use-submit';
import { BackLink } from '../../../ui/back-link';
import { DataTable, type Column } from '../../../ui/data-table';
import { EmptyState } from '../../../ui/empty-state';
import { FormError } from '../../../ui/form-error';
import { InvestorPicker } from '../../../ui/investor-picker';
import { ListPage, SearchFilter } from '../../../ui/list-filters';
import { usePageTitle } from '../../../ui/page-title';
import { SimpleTable } from '../../../ui/simple-table';
import {
  type ClientGroup,
  deleteClientGroup,
  saveClientGroup,
  useClientGroup,
  useClientGroupList,
  useUpdateAction,
} from '../api/update-reports';

interface GroupValues extends Record<string, unknown> {
  name: string;
  description: string;
  members: ClientGroupMember[];
}

const groupBody = (values: GroupValues) => ({
  name: values.name,
  description: values.description.trim() || null,
  member_ids: values.members.map((m) => m.id),
});

/** Creates or edits a group: its name, what it is for, and its investors. */
function GroupEditor({ group, onClose }: { group: ClientGroup | null; onClose: () => void }) {
  const form = useForm<GroupValues>({
    initialValues: { name: group?.name ?? '', description: group?.description ?? '', members: group?.members ?? [] },
    validate: validateWith(group ? updateClientGroupBody : createClientGroupBody, groupBody),
  });
  const [picked, setPicked] = useState<string | null>(null);
  const save = useUpdateAction((values: GroupValues) => saveClientGroup(groupBody(values), group?.id));
  const { submit, submitting, formError } = useSubmit(async (values: GroupValues) => {
    await save.mutateAsync(values);
    onClose();
  }, form);
  const members = form.values.members;
  const columns: Column<ClientGroupMember>[] = [
    { key: 'name', label: 'Investor', render: (m) => <Text size="sm">{m.name}</Text> },
    { key: 'email', label: 'E-mail', render: (m) => <Text size="sm">{m.email}</Text> },
    {
      key: 'remove',
      label: 'Remove',
      hideLabel: true,
      align: 'right',
      render: (m) => (
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`Remove ${m.name}`}
          onClick={() =>
            form.setFieldValue(
              'members',
              members.filter((x) => x.id !== m.id),
            )
          }
        >
          <IconTrash size={16} aria-hidden />
        </ActionIcon>
      ),
    },
  ];
  return (
    <form onSubmit={form.onSubmit((v) => void submit(v))} noValidate>
      <Stack>
        <TextInput label="Name" required {...form.getInputProps('name')} />
        <TextInput label="Description" {...form.getInputProps('description')} />
        <Group align="flex-end">
          <InvestorPicker label="Add an investor" value={picked} onChange={setPicked} />
          <Button
            variant="default"
            disabled={!picked}
            onClick={async () => {
              const id = Number(picked);
              if (!members.some((m) => m.id === id)) {
                const { data } = await api<{ data: User }>(`/api/users/${id}`);
                form.setFieldValue('members', [...members, { id, name: data.name, email: data.email }]);
              }
              setPicked(null);
            }}
          >
            Add
          </Button>
        </Group>
        <SimpleTable
          caption="Members"
          columns={columns}
          rows={members}
          rowKey={(m) => m.id}
          empty={<Text size="sm">No members yet.</Text>}
        />
        <FormError message={formError ?? (form.errors.member_ids as string | undefined) ?? null} />
        <Group>
          <Button type="submit" loading={submitting}>
            {group ? 'Save group' : 'Create group'}
          </Button>
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function EditGroupModal({ id, onClose }: { id: number | 'new' | null; onClose: () => void }) {
  const group = useClientGroup(typeof id === 'number' ? id : null);
  const ready = id === 'new' || group.data;
  return (
    <Modal opened={id !== null} onClose={onClose} title={id === 'new' ? 'New client group' : 'Edit client group'} size={MODAL_WIDTH.wide}>
      {id !== null && ready && <GroupEditor key={String(id)} group={id === 'new' ? null : (group.data ?? null)} onClose={onClose} />}
    </Modal>
  );
}

/** /admin/reports/client-groups: named groups of investors that updates can be addressed to. */
export function ClientGroupsPage() {
  usePageTitle('Client groups');
  const { terms } = useBranding();
  const user = useCurrentUser();
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const remove = useUpdateAction(deleteClientGroup);
  const listPage = useListPage<ListSearch>({
    path: '/admin/reports/client-groups',
    defaultSort: 'name',
    filters: (_s, text) => ({ search: text }),
  });
  const list = useClientGroupList(listPage.params);
  const mayEdit = can(user?.role_id, 'update_reports', 'update');
  const columns: Column<ClientGroup>[] = [
    {
      key: 'name',
      label: 'Group',
      sort: 'name',
      render: (g) => (
        <div>
          <Text fw={600} size="sm">
            {g.name}
          </Text>
          {g.description && (
            <Text size="xs" c="dimmed">
              {g.description}
            </Text>
          )}
        </div>
      ),
    },
    { key: 'members', label: terms.investors, render: (g) => <Text size="sm">{g.member_count}</Text> },
    ...(can(user?.role_id, 'update_reports', 'delete')
      ? [
          {
            key: 'delete',
            label: 'Delete',
            hideLabel: true,
            align: 'right' as const,
            render: (g: ClientGroup) => (
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Delete ${g.name}`}
                onClick={(event) => {
                  event.stopPropagation();
                  if (window.confirm(`Delete the group ${g.name}?`)) void remove.mutateAsync(g.id);
                }}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            ),
          },
        ]
      : []),
  ];
  return (
    <Stack gap="lg">
      <BackLink to="/admin/reports/updates">{terms.updateReports}</BackLink>
      <ListPage
        title="Client groups"
        actions={
          can(user?.role_id, 'update_reports', 'create') && (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
              New group
            </Button>
          )
        }
        filters={<SearchFilter placeholder="Group name" {...listPage.searchBox} />}
      >
        <DataTable
          caption={`Client groups, page ${listPage.page}`}
          columns={columns}
          rowKey={(g) => g.id}
          onRowClick={mayEdit ? (g) => setEditing(g.id) : undefined}
          empty={
            <EmptyState icon={IconUsersGroup} title="No client groups yet">
              Group investors (a co-investment club, a fund's advisers) to address updates to them.
            </EmptyState>
          }
          {...listPage.table(list)}
        />
      </ListPage>
      <EditGroupModal id={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}
