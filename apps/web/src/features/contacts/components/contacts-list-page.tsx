import { Badge, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAddressBook, IconFileImport, IconPlus, IconSearch } from '@tabler/icons-react';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { can, CONTACT_STATUS_IDS, CONTACT_STATUS_LABELS, type ContactStatusId } from '@platform/domain';
import { useCurrentUser } from '../../../app/session';
import { useBranding } from '../../../app/settings';
import { ButtonLink } from '../../../ui/button-link';
import { DataTable, type Column } from '../../../ui/data-table';
import { usePageTitle } from '../../../ui/page-title';
import { useStaff } from '../../deals/api/save-deal';
import { useContactList, useLeadStatuses, type Contact } from '../api/contacts';
import type { ContactsSearch } from './contacts-search';
import { EmptyState } from '../../../ui/empty-state';
import { ExportButtons } from '../../../ui/export-buttons';
import { formatDate } from '../../../app/format';

const PER_PAGE = 25;
const LIST = '/admin/investors/contacts';
export const STATUS_COLOURS: Record<ContactStatusId, string> = { 1: 'teal', 2: 'gray', 3: 'indigo' };

export function ContactStatusBadge({ status }: { status: number }) {
  return (
    <Badge variant="light" color={STATUS_COLOURS[status as ContactStatusId] ?? 'gray'} radius="sm" style={{ textTransform: 'none' }}>
      {CONTACT_STATUS_LABELS[status as ContactStatusId] ?? status}
    </Badge>
  );
}

/** /admin/investors/contacts: leads with search, filters, sort and page in the URL; export and import. */
export function ContactsListPage() {
  const { terms } = useBranding();
  usePageTitle(terms.contacts);
  const user = useCurrentUser();
  const search = useSearch({ strict: false }) as ContactsSearch;
  const navigate = useNavigate();
  const update = (changes: Partial<ContactsSearch>) =>
    void navigate({ to: LIST, search: { ...search, page: undefined, ...changes }, replace: true });
  const [text] = useDebouncedValue(search.search ?? '', 300);
  const sort = search.sort ?? '-created_at';
  const page = search.page ?? 1;
  const filters = { search: text, status: search.status, lead_status_id: search.lead_status, owner_id: search.owner };
  const list = useContactList({ page, perPage: PER_PAGE, sort, filters });
  const statuses = useLeadStatuses();
  const staff = useStaff();
  const filtered = Boolean(search.search || search.status || search.lead_status || search.owner);

  const columns: Column<Contact>[] = [
    {
      key: 'name',
      label: 'Name',
      sort: 'name',
      render: (c) => (
        <Text component={Link} to={`${LIST}/${c.id}/details`} fw={600} size="sm" c="brand.8" style={{ textDecoration: 'none' }}>
          {c.name}
        </Text>
      ),
    },
    { key: 'email', label: 'E-mail', sort: 'email', render: (c) => <Text size="sm">{c.email ?? '—'}</Text> },
    { key: 'company', label: 'Company', sort: 'company', render: (c) => <Text size="sm">{c.company ?? '—'}</Text> },
    {
      key: 'status',
      label: 'Status',
      sort: 'status',
      width: 190,
      render: (c) => (
        <Group gap={4} wrap="nowrap">
          <ContactStatusBadge status={c.status} />
          {c.converted_user_id && (
            <Badge variant="outline" color="indigo" radius="sm" style={{ textTransform: 'none' }}>
              Converted
            </Badge>
          )}
        </Group>
      ),
    },
    { key: 'lead_status', label: 'Lead status', render: (c) => <Text size="sm">{c.lead_status?.name ?? '—'}</Text> },
    { key: 'owner', label: 'Owner', render: (c) => <Text size="sm">{c.owner?.name ?? '—'}</Text> },
    { key: 'created_at', label: 'Added', sort: 'created_at', render: (c) => <Text size="sm">{formatDate(c.created_at)}</Text> },
  ];

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Title order={1} fz={26}>
          {terms.contacts}
        </Title>
        <Group gap="sm">
          {can(user?.role_id, 'investors', 'create') && (
            <>
              <ButtonLink
                to="/admin/investors/import"
                search={{ kind: 'contacts' }}
                variant="default"
                leftSection={<IconFileImport size={16} aria-hidden />}
              >
                Import
              </ButtonLink>
              <ButtonLink to={`${LIST}/new-contact`} leftSection={<IconPlus size={16} aria-hidden />}>
                New contact
              </ButtonLink>
            </>
          )}
        </Group>
      </Group>
      <Group gap="sm" align="flex-end" justify="space-between">
        <Group gap="sm" align="flex-end">
          <TextInput
            label="Search"
            placeholder="Name, e-mail or company"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search.search ?? ''}
            onChange={(e) => update({ search: e.currentTarget.value || undefined })}
            w={260}
          />
          <Select
            label="Status"
            placeholder="Any status"
            clearable
            data={CONTACT_STATUS_IDS.map((id) => ({ value: String(id), label: CONTACT_STATUS_LABELS[id] }))}
            value={search.status ?? null}
            onChange={(value) => update({ status: value ?? undefined })}
            w={160}
          />
          <Select
            label="Lead status"
            placeholder="Any lead status"
            clearable
            data={[
              { value: 'none', label: 'No lead status' },
              ...(statuses.data ?? []).map((s) => ({ value: String(s.id), label: s.name })),
            ]}
            value={search.lead_status ?? null}
            onChange={(value) => update({ lead_status: value ?? undefined })}
            w={190}
          />
          <Select
            label="Owner"
            placeholder="Anyone"
            clearable
            searchable
            data={[{ value: 'none', label: 'No owner' }, ...(staff.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))]}
            value={search.owner ?? null}
            onChange={(value) => update({ owner: value ?? undefined })}
            w={190}
          />
        </Group>
        <ExportButtons resource="contacts" list={{ sort, filters }} />
      </Group>
      <DataTable
        caption={`${terms.contacts}, page ${page}`}
        columns={columns}
        rows={list.data?.data}
        rowKey={(c) => c.id}
        loading={list.isFetching}
        sort={sort}
        onSort={(next) => update({ sort: next })}
        page={page}
        lastPage={list.data?.meta.last_page ?? 1}
        total={list.data?.meta.total ?? 0}
        onPage={(next) => void navigate({ to: LIST, search: { ...search, page: next > 1 ? next : undefined }, replace: true })}
        onRowClick={(c) => void navigate({ to: `${LIST}/${c.id}/details` })}
        empty={
          <EmptyState icon={IconAddressBook} title={filtered ? 'No contacts match' : 'No contacts yet'}>
            {filtered ? 'Try another search or clear the filters.' : 'Add leads one by one or import them from a spreadsheet.'}
          </EmptyState>
        }
      />
    </Stack>
  );
}
