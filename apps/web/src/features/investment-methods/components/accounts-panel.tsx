import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, Modal, Paper, SegmentedControl, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconTrash, IconUserPlus } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  can,
  type Contact,
  createMethodAccountBody,
  HOLDER_PERMISSION_EVENT,
  type MethodAccount,
  MODAL_WIDTH,
  updateMethodAccountBody,
} from '@platform/domain';
import { api, ApiError } from '../../../app/api-client';
import { validateWith } from '../../../app/form-validation';
import { useCurrentUser } from '../../../app/session';
import { useListQuery } from '../../../app/use-list-query';
import { useSubmit } from '../../../app/use-submit';
import { DataTable, type Column } from '../../../ui/data-table';
import { FormError } from '../../../ui/form-error';
import { InvestorPicker } from '../../../ui/investor-picker';
import { formatDate } from '../../../app/format';

/** Chooses a lead (a contact not yet an investor) by name, e-mail or company. */
function LeadPicker({ value, onChange, error }: { value: string | null; onChange: (id: string | null) => void; error?: string }) {
  const [search, setSearch] = useState('');
  const [text] = useDebouncedValue(search, 250);
  const found = useListQuery<Contact>('contacts', {
    page: 1,
    perPage: 20,
    sort: 'name',
    filters: { search: text, converted: '0' },
  });
  return (
    <Select
      label="Lead"
      placeholder="Type a name or e-mail"
      searchable
      clearable
      value={value}
      onChange={onChange}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={found.isFetching ? 'Searching…' : 'No lead matches'}
      data={(found.data?.data ?? []).map((c) => ({ value: String(c.id), label: c.email ? `${c.name} (${c.email})` : c.name }))}
      error={error}
      w={420}
    />
  );
}

interface AddValues {
  kind: 'investor' | 'lead';
  user_id: string | null;
  contact_id: string | null;
  reference: string;
  [key: string]: unknown;
}

/** What the form sends: the investor or the lead chosen (none yet is null, which the server refuses on that field). */
const accountBody = (values: AddValues) => ({
  ...(values.kind === 'investor' ? { user_id: values.user_id } : { contact_id: values.contact_id }),
  reference: values.reference.trim() || undefined,
});

function AddAccount({ methodId, onDone }: { methodId: number; onDone: () => Promise<unknown> }) {
  const form = useForm<AddValues>({
    initialValues: { kind: 'investor', user_id: null, contact_id: null, reference: '' },
    validate: validateWith(createMethodAccountBody, accountBody),
  });
  const { submit, submitting, formError } = useSubmit(async (values: AddValues) => {
    await api(`/api/investment-methods/${methodId}/entities`, { method: 'POST', body: accountBody(values) });
    form.reset();
    await onDone();
    notifications.show({ color: 'teal', message: 'Account added.' });
  }, form);
  const kind = form.values.kind;
  return (
    <form onSubmit={form.onSubmit((v) => void submit(v))} noValidate>
      <Stack gap="xs">
        <SegmentedControl
          aria-label="Account holder"
          w={220}
          value={kind}
          onChange={(value) => form.setValues({ kind: value as AddValues['kind'], user_id: null, contact_id: null })}
          data={[
            { value: 'investor', label: 'Investor' },
            { value: 'lead', label: 'Lead' },
          ]}
        />
        <Group align="flex-start" gap="sm">
          {kind === 'investor' ? (
            <InvestorPicker
              label="Investor"
              value={form.values.user_id}
              onChange={(v) => form.setFieldValue('user_id', v)}
              error={form.errors.user_id as string | undefined}
            />
          ) : (
            <LeadPicker
              value={form.values.contact_id}
              onChange={(v) => form.setFieldValue('contact_id', v)}
              error={form.errors.contact_id as string | undefined}
            />
          )}
          <TextInput
            label="Reference with the method"
            placeholder="Policy or account number"
            w={240}
            {...form.getInputProps('reference')}
          />
          <Button type="submit" mt={25} loading={submitting} leftSection={<IconUserPlus size={16} aria-hidden />}>
            Add account
          </Button>
        </Group>
        <FormError message={formError} />
      </Stack>
    </form>
  );
}

const referenceBody = (values: { reference: string }) => ({ reference: values.reference.trim() || null });

function EditReference({ methodId, account, onClose }: { methodId: number; account: MethodAccount; onClose: () => void }) {
  const client = useQueryClient();
  const form = useForm({
    initialValues: { reference: account.reference ?? '' },
    validate: validateWith(updateMethodAccountBody, referenceBody),
  });
  const { submit, submitting, formError } = useSubmit(async (values: { reference: string }) => {
    await api(`/api/investment-methods/${methodId}/entities/${account.id}`, { method: 'PATCH', body: referenceBody(values) });
    await client.invalidateQueries({ queryKey: [`investment-methods/${methodId}/entities`] });
    onClose();
  }, form);
  return (
    <form onSubmit={form.onSubmit((v) => void submit(v))}>
      <Stack>
        <TextInput label="Reference with the method" data-autofocus {...form.getInputProps('reference')} />
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
  );
}

/** Accounts with a method — investors', and leads' before they become investors — under their references. */
export function AccountsPanel({ methodId }: { methodId: number }) {
  const user = useCurrentUser();
  const client = useQueryClient();
  const mayUpdate = can(user?.role_id, HOLDER_PERMISSION_EVENT, 'update');
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState('-created_at');
  const [editing, setEditing] = useState<MethodAccount | null>(null);
  const resource = `investment-methods/${methodId}/entities`;
  const list = useListQuery<MethodAccount>(resource, { page, perPage: 25, sort, filters: {} });
  const refresh = () =>
    Promise.all([client.invalidateQueries({ queryKey: [resource] }), client.invalidateQueries({ queryKey: ['investment-methods'] })]);
  const remove = useMutation({
    mutationFn: (account: MethodAccount) => api(`/api/investment-methods/${methodId}/entities/${account.id}`, { method: 'DELETE' }),
    onSuccess: () => refresh(),
    onError: (error) =>
      notifications.show({
        color: 'red',
        title: 'The account was not removed',
        message: error instanceof ApiError ? error.message : 'Something went wrong.',
      }),
  });
  const columns: Column<MethodAccount>[] = [
    {
      key: 'holder',
      label: 'Account holder',
      render: (r) => {
        const person = r.user ?? r.contact;
        return (
          <div>
            <Group gap={6}>
              <Text size="sm" fw={600}>
                {person?.name}
              </Text>
              {r.holder_kind === 'lead' && (
                <Badge size="xs" variant="light" color="grape">
                  Lead
                </Badge>
              )}
            </Group>
            <Text size="xs" c="dimmed">
              {person?.email}
            </Text>
          </div>
        );
      },
    },
    {
      key: 'reference',
      label: 'Reference',
      sort: 'reference',
      render: (r) => (
        <Text size="sm" ff="monospace">
          {r.reference ?? '—'}
        </Text>
      ),
    },
    { key: 'created_at', label: 'Added', sort: 'created_at', render: (r) => <Text size="sm">{formatDate(r.created_at)}</Text> },
    ...(mayUpdate
      ? [
          {
            key: 'actions',
            label: 'Actions',
            render: (r: MethodAccount) => (
              <Group gap={4} wrap="nowrap">
                <ActionIcon
                  variant="subtle"
                  aria-label={`Change the reference of ${(r.user ?? r.contact)?.name}`}
                  onClick={() => setEditing(r)}
                >
                  <IconPencil size={16} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove the account of ${(r.user ?? r.contact)?.name}`}
                  loading={remove.isPending && remove.variables?.id === r.id}
                  onClick={() => remove.mutate(r)}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Group>
            ),
          },
        ]
      : []),
  ];
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <Title order={2} fz="lg">
          Accounts
        </Title>
        {mayUpdate && <AddAccount methodId={methodId} onDone={refresh} />}
        <DataTable
          caption="Accounts with this method"
          columns={columns}
          rows={list.data?.data}
          rowKey={(r) => r.id}
          loading={list.isFetching}
          sort={sort}
          onSort={setSort}
          page={page}
          lastPage={list.data?.meta.last_page ?? 1}
          total={list.data?.meta.total ?? 0}
          onPage={setPage}
          empty={
            <Text size="sm" c="dimmed">
              No investor or lead holds an account with this method yet.
            </Text>
          }
        />
      </Stack>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={`Reference of ${(editing?.user ?? editing?.contact)?.name ?? ''}`}
        centered
        size={MODAL_WIDTH.confirmation}
      >
        {editing && <EditReference methodId={methodId} account={editing} onClose={() => setEditing(null)} />}
      </Modal>
    </Paper>
  );
}
