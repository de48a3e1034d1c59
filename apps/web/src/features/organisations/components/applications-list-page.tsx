import { Badge, Text } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import {
  ORGANISATION_APPLICATION_STATUS_LABELS,
  ORGANISATION_APPLICATION_STATUSES,
  type StaffOrganisationApplication,
} from '@platform/domain';
import { useListQuery } from '../../../app/use-list-query';
import { useListPage } from '../../../app/use-list-page';
import { ListPage, SearchFilter, SelectFilter } from '../../../ui/list-filters';
import { DataTable, type Column } from '../../../ui/data-table';
import { usePageTitle } from '../../../ui/page-title';
import { APPLICATION_STATUS_COLOURS } from '../api/organisations';
import type { ApplicationsSearch } from '../applications-search';
import { EmptyState } from '../../../ui/empty-state';
import { formatDate } from '../../../app/format';

const PATH = '/admin/investors/organisation-applications';

/** /admin/investors/organisation-applications: what investors asked for, pending first by default. */
export function ApplicationsListPage() {
  usePageTitle('Organisation Applications');
  const listPage = useListPage<ApplicationsSearch>({
    path: PATH,
    defaultSort: '-created_at',
    filters: (search, text) => ({ search: text, status: search.status }),
  });
  const list = useListQuery<StaffOrganisationApplication>('organisation-applications', listPage.params);
  const { search, update } = listPage;
  const columns: Column<StaffOrganisationApplication>[] = [
    {
      key: 'name',
      label: 'Organisation',
      sort: 'name',
      render: (r) => (
        <Text fw={600} size="sm">
          {r.name}
        </Text>
      ),
    },
    { key: 'type', label: 'Type', render: (r) => <Text size="sm">{r.type_label}</Text> },
    {
      key: 'applicant',
      label: 'Applicant',
      render: (r) => (
        <div>
          <Text size="sm">{r.user?.name}</Text>
          <Text size="xs" c="dimmed">
            {r.user?.email}
          </Text>
        </div>
      ),
    },
    { key: 'role', label: 'Role asked for', render: (r) => <Text size="sm">{r.role_label}</Text> },
    {
      key: 'status',
      label: 'Status',
      sort: 'status',
      render: (r) => (
        <Badge color={APPLICATION_STATUS_COLOURS[r.status]} variant="light">
          {r.status_label}
        </Badge>
      ),
    },
    { key: 'created_at', label: 'Received', sort: 'created_at', render: (r) => <Text size="sm">{formatDate(r.created_at)}</Text> },
  ];
  return (
    <ListPage
      title="Organisation Applications"
      filters={
        <>
          <SearchFilter placeholder="Organisation name" {...listPage.searchBox} w={280} />
          <SelectFilter
            label="Status"
            placeholder="Any status"
            data={ORGANISATION_APPLICATION_STATUSES.map((value) => ({ value, label: ORGANISATION_APPLICATION_STATUS_LABELS[value] }))}
            value={search.status}
            onChange={(status) => update({ status })}
          />
        </>
      }
    >
      <DataTable
        caption={`Organisation applications, page ${listPage.page}`}
        columns={columns}
        rowKey={(r) => r.id}
        rowHref={(row) => `${PATH}/${row.id}/details`}
        empty={
          <EmptyState icon={IconInbox} title={<>No applications {search.status || search.search ? 'match' : 'yet'}</>}>
            Investors apply from their profile to act for an organisation.
          </EmptyState>
        }
        {...listPage.table(list)}
      />
    </ListPage>
  );
}
