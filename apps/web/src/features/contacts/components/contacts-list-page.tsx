import { useState } from 'react';
import { Badge, Group } from '@mantine/core';
import { IconAddressBook, IconFileImport, IconPlus } from '@tabler/icons-react';
import { can, CONTACT_STATUS_IDS, CONTACT_STATUS_LABELS, type ContactStatusId } from '@platform/domain';
import { useCurrentUser } from '../../../app/session';
import { useBranding } from '../../../app/settings';
import { ButtonLink } from '../../../ui/button-link';
import { DataTable } from '../../../ui/data-table';
import { useListPage } from '../../../app/use-list-page';
import { ListPage, SearchFilter, SelectFilter } from '../../../ui/list-filters';
import { usePageTitle } from '../../../ui/page-title';
import { useStaff } from '../../deals';
import { useContactList, useLeadStatuses, type Contact } from '../api/contacts';
import type { ContactsSearch } from './contacts-search';
import { EmptyState } from '../../../ui/empty-state';
import { ExportButtons } from '../../../ui/export-buttons';
import { formatDate } from '../../../app/format';
import { useTableColumns } from '../../../ui/column-chooser';
import { ListViewTools } from '../../../ui/saved-views';
import { ContactBulkActions } from './contact-bulk-actions';

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
  const statuses = useLeadStatuses();
  const staff = useStaff();
  const filtered = Boolean(search.search || search.status || search.lead_status || search.owner);

  const mayUpdate = can(user?.role_id, 'investors', 'update');
  const [selected, setSelected] = useState<Set<number>>(() => new Set());

  const table = useTableColumns<Contact>('contacts', [
    { key: 'name', label: 'Name', sort: 'name', required: true, render: (c) => c.name },
    { key: 'email', label: 'E-mail', sort: 'email', nowrap: true, render: (c) => c.email ?? '—' },
    { key: 'company', label: 'Company', sort: 'company', render: (c) => c.company ?? '—' },
    {
      key: 'status',
      label: 'Status',
      sort: 'status',
      width: 190,
      render: (c) => (
        <Group gap={4} wrap="nowrap">
          <ContactStatusBadge status={c.status} />
          {c.converted_user_id && (
            <Badge variant="outline" color="indigo.9" radius="sm" style={{ textTransform: 'none' }}>
              Converted
            </Badge>
          )}
        </Group>
      ),
    },
    { key: 'lead_status', label: 'Lead status', render: (c) => c.lead_status?.name ?? '—' },
    { key: 'owner', label: 'Owner', nowrap: true, render: (c) => c.owner?.name ?? '—' },
    { key: 'created_at', label: 'Added', sort: 'created_at', nowrap: true, render: (c) => formatDate(c.created_at) },
  ]);

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
      tools={<ListViewTools list="contacts" search={search as Record<string, unknown>} table={table} applyView={listPage.applyView} />}
      exports={<ExportButtons resource="contacts" list={listPage.exportList} />}
    >
      {mayUpdate && (
        <ContactBulkActions
          selected={selected}
          sort={listPage.sort}
          owners={(staff.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
          leadStatuses={(statuses.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
          onDone={() => setSelected(new Set())}
        />
      )}
      <DataTable
        caption={`${terms.contacts}, page ${listPage.page}`}
        columns={table.columns}
        rowKey={(c) => c.id}
        rowHref={can(user?.role_id, 'investors', 'show') ? (c) => `${LIST}/${c.id}/details` : undefined}
        selection={mayUpdate ? { selected, onChange: setSelected, rowId: (c) => c.id, rowLabel: (c) => c.name } : undefined}
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
