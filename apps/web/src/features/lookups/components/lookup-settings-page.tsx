import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, Modal, Paper, Select, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconArchive, IconArrowBackUp, IconArrowDown, IconArrowUp, IconList, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { can, createLookupValueBody, LOOKUP_LISTS, type LookupListName, updateLookupValueBody } from '@platform/domain';
import { ApiError } from '../../../app/api-client';
import { validateWith } from '../../../app/form-validation';
import { useCurrentUser } from '../../../app/session';
import { useSubmit } from '../../../app/use-submit';
import { EmptyState } from '../../../ui/empty-state';
import { FormError } from '../../../ui/form-error';
import { ListPage } from '../../../ui/list-filters';
import { usePageTitle } from '../../../ui/page-title';
import { SimpleTable } from '../../../ui/simple-table';
import { createLookupValue, deleteLookupValue, type LookupValue, updateLookupValue, useLookupAction, useLookupList } from '../api/lookups';

const failed = (fallback: string) => (error: unknown) =>
  notifications.show({ color: 'red', message: error instanceof ApiError ? error.message : fallback });

type FormValues = { name: string; investment_type_id: string };
const send = (v: FormValues) => ({ name: v.name, ...(v.investment_type_id ? { investment_type_id: v.investment_type_id } : {}) });

function EntryModal({ list, entry, onClose }: { list: LookupListName; entry: LookupValue | null; onClose: () => void }) {
  const { noun } = LOOKUP_LISTS[list];
  const subTypes = list === 'investment-sub-types';
  const types = useLookupList('investment-types', subTypes);
  const form = useForm<FormValues>({
    initialValues: { name: entry?.name ?? '', investment_type_id: entry?.investment_type ? String(entry.investment_type.id) : '' },
    validate: validateWith(entry ? updateLookupValueBody : createLookupValueBody, send),
  });
  const save = useLookupAction((v: FormValues) => (entry ? updateLookupValue(list, entry.id, send(v)) : createLookupValue(list, send(v))));
  const { submit, submitting, formError } = useSubmit(async (v: FormValues) => {
    await save.mutateAsync(v);
    onClose();
  }, form);
  return (
    <Modal
      opened
      onClose={onClose}
      title={entry ? `Rename ${entry.name}` : `New ${noun}`}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={form.onSubmit((v) => void submit(v))} noValidate>
        <Stack>
          <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
          {subTypes && (
            <Select
              label="Investment type"
              required
              data={(types.data ?? []).filter((t) => !t.retired).map((t) => ({ value: String(t.id), label: t.name }))}
              allowDeselect={false}
              {...form.getInputProps('investment_type_id')}
            />
          )}
          <FormError message={formError} />
          <Group justify="flex-end">
            <Button type="submit" loading={submitting}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * /admin/settings/<list>: one lookup list (decision 0027) in its order. Entries move up and down,
 * are renamed (the records holding them follow), retired or brought back, and deleted while no
 * record holds them.
 */
export function LookupSettingsPage({ list }: { list: LookupListName }) {
  const { title, event, noun } = LOOKUP_LISTS[list];
  usePageTitle(title);
  const user = useCurrentUser();
  const entries = useLookupList(list);
  const [editing, setEditing] = useState<LookupValue | null | 'new'>(null);
  const update = useLookupAction(({ id, ...body }: { id: number; position?: number; retired?: boolean }) =>
    updateLookupValue(list, id, body),
  );
  const remove = useLookupAction((id: number) => deleteLookupValue(list, id));
  const mayUpdate = can(user?.role_id, event, 'update');
  const mayDelete = can(user?.role_id, event, 'delete');
  const rows = entries.data ?? [];
  const change = (body: { id: number; position?: number; retired?: boolean }) =>
    update.mutate(body, { onError: failed(`The ${noun} was not changed.`) });

  return (
    <ListPage
      title={title}
      actions={
        can(user?.role_id, event, 'create') && (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
            New {noun}
          </Button>
        )
      }
    >
      <Paper withBorder radius="md" p="md">
        <SimpleTable
          caption={title}
          rows={rows}
          rowKey={(e) => e.id}
          verticalSpacing="xs"
          minWidth={560}
          empty={
            entries.isPending ? null : (
              <EmptyState icon={IconList} title="The list is empty">
                Add the first {noun}: it is then offered on deals, companies and opportunities.
              </EmptyState>
            )
          }
          columns={[
            {
              key: 'name',
              label: 'Name',
              render: (e) => e.name,
            },
            ...(list === 'investment-sub-types'
              ? [{ key: 'type', label: 'Investment type', render: (e: LookupValue) => e.investment_type?.name ?? '—' }]
              : []),
            { key: 'in_use', label: 'Records', align: 'right' as const, render: (e: LookupValue) => e.in_use },
            {
              key: 'status',
              label: 'Status',
              render: (e: LookupValue) =>
                e.retired ? (
                  <Badge color="gray" variant="light">
                    Retired
                  </Badge>
                ) : (
                  <Text size="sm">Offered</Text>
                ),
            },
            {
              key: 'actions',
              label: 'Actions',
              hideLabel: true,
              width: 200,
              render: (e: LookupValue) => (
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  {mayUpdate && (
                    <>
                      <ActionIcon
                        variant="subtle"
                        aria-label={`Move ${e.name} up`}
                        disabled={e.position === 0}
                        onClick={() => change({ id: e.id, position: e.position - 1 })}
                      >
                        <IconArrowUp size={16} aria-hidden />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        aria-label={`Move ${e.name} down`}
                        disabled={e.position === rows.length - 1}
                        onClick={() => change({ id: e.id, position: e.position + 1 })}
                      >
                        <IconArrowDown size={16} aria-hidden />
                      </ActionIcon>
                      <ActionIcon variant="subtle" aria-label={`Rename ${e.name}`} onClick={() => setEditing(e)}>
                        <IconPencil size={16} aria-hidden />
                      </ActionIcon>
                      <Tooltip label={e.retired ? 'Offer again' : 'Retire: keep on records, stop offering'}>
                        <ActionIcon
                          variant="subtle"
                          aria-label={e.retired ? `Offer ${e.name} again` : `Retire ${e.name}`}
                          onClick={() => change({ id: e.id, retired: !e.retired })}
                        >
                          {e.retired ? <IconArrowBackUp size={16} aria-hidden /> : <IconArchive size={16} aria-hidden />}
                        </ActionIcon>
                      </Tooltip>
                    </>
                  )}
                  {mayDelete && (
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Delete ${e.name}`}
                      onClick={() => remove.mutate(e.id, { onError: failed(`The ${noun} was not deleted.`) })}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  )}
                </Group>
              ),
            },
          ]}
        />
      </Paper>
      {editing && <EntryModal list={list} entry={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </ListPage>
  );
}
