import { Badge, Group, Text } from '@mantine/core';
import { IconAddressBook, IconFileImport, IconPlus } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { can, CONTACT_STATUS_IDS, CONTACT_STATUS_LABELS, type ContactStatusId } from '@platform/domain';
import { useCurrentUser } from '../../../app/session';
import { useBranding } from '../../../app/settings';
import { ButtonLink } from '../../../ui/button-link';
import { DataTable, type Column } from '../../../ui/data-table';
import { useListPage } from '../../../app/use-list-page';
import { ListPage, SearchFilter, SelectFilter } from '../../../ui/list-filters';
import { usePageTitle } from '../../../ui/page-title';
import { useStaff } from '../../deals';
import { useContactList, useLeadStatuses, type Contact } from '../api/contacts';
import type { ContactsSearch } from './contacts-search';
import { EmptyState } from '../../../ui/empty-state';
import { ExportButtons } from '../../../ui/export-buttons';
import { formatDate } from '../../../app/format';

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
  const listPage = useListPage<ContactsSearch>({
    path: LIST,
    defaultSort: '-created_at',
    filters: (search, text) => ({ search: text, status: search.status, lead_status_id: search.lead_status, owner_id: search.owner }),
  });
  const list = useContactList(listPage.params);
  const { search, update } = listPage;
  const navigate = useNavigate();
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
    <ListPage
      title={terms.contacts}
      actions={
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
      }
      filters={
        <>
          <SearchFilter placeholder="Name, e-mail or company" {...listPage.searchBox} />
          <SelectFilter
            label="Status"
            placeholder="Any status"
            data={CONTACT_STATUS_IDS.map((id) => ({ value: String(id), label: CONTACT_STATUS_LABELS[id] }))}
            value={search.status}
            onChange={(status) => update({ status })}
            w={160}
          />
          <SelectFilter
            label="Lead status"
            placeholder="Any lead status"
            data={[
              { value: 'none', label: 'No lead status' },
              ...(statuses.data ?? []).map((s) => ({ value: String(s.id), label: s.name })),
            ]}
            value={search.lead_status}
            onChange={(lead_status) => update({ lead_status })}
            w={190}
          />
          <SelectFilter
            label="Owner"
            placeholder="Anyone"
            searchable
            data={[{ value: 'none', label: 'No owner' }, ...(staff.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))]}
            value={search.owner}
            onChange={(owner) => update({ owner })}
            w={190}
          />
        </>
      }
      exports={<ExportButtons resource="contacts" list={listPage.exportList} />}
    >
      <DataTable
        caption={`${terms.contacts}, page ${listPage.page}`}
        columns={columns}
        rowKey={(c) => c.id}
        onRowClick={(c) => void navigate({ to: `${LIST}/${c.id}/details` })}
        empty={
          <EmptyState icon={IconAddressBook} title={filtered ? 'No contacts match' : 'No contacts yet'}>
            {filtered ? 'Try another search or clear the filters.' : 'Add leads one by one or import them from a spreadsheet.'}
          </EmptyState>
        }
        {...listPage.table(list)}
      />
    </ListPage>
  );
}
