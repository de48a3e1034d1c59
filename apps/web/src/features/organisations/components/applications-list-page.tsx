import { Badge, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconInbox, IconSearch } from '@tabler/icons-react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { ORGANISATION_APPLICATION_STATUS_LABELS, ORGANISATION_APPLICATION_STATUSES } from '@platform/domain';
import { useListQuery } from '../../../app/use-list-query';
import { DataTable, type Column } from '../../../ui/data-table';
import { usePageTitle } from '../../../ui/page-title';
import { APPLICATION_STATUS_COLOURS, type OrganisationApplication } from '../api/organisations';
import type { ApplicationsSearch } from '../applications-search';
import { EmptyState } from '../../../ui/empty-state';
import { formatDate } from '../../../app/format';

const PATH = '/admin/investors/organisation-applications';

/** /admin/investors/organisation-applications: what investors asked for, pending first by default. */
export function ApplicationsListPage() {
  usePageTitle('Organisation Applications');
  const search = useSearch({ strict: false }) as ApplicationsSearch;
  const navigate = useNavigate();
  const typed = search.search == null ? '' : String(search.search);
  const [text] = useDebouncedValue(typed, 300);
  const sort = search.sort ?? '-created_at';
  const page = search.page ?? 1;
  const update = (changes: Partial<ApplicationsSearch>) =>
    void navigate({ to: PATH, search: { ...search, page: undefined, ...changes }, replace: true });
  const list = useListQuery<OrganisationApplication>('organisation-applications', {
    page,
    perPage: 25,
    sort,
    filters: { search: text, status: search.status },
  });
  const columns: Column<OrganisationApplication>[] = [
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
    <Stack gap="lg">
      <Title order={1} fz={26}>
        Organisation Applications
      </Title>
      <Group gap="sm" align="flex-end">
        <TextInput
          label="Search"
          placeholder="Organisation name"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={typed}
          onChange={(e) => update({ search: e.currentTarget.value || undefined })}
          w={280}
        />
        <Select
          label="Status"
          placeholder="Any status"
          clearable
          data={ORGANISATION_APPLICATION_STATUSES.map((value) => ({ value, label: ORGANISATION_APPLICATION_STATUS_LABELS[value] }))}
          value={search.status ?? null}
          onChange={(value) => update({ status: value ?? undefined })}
          w={200}
        />
      </Group>
      <DataTable
        caption={`Organisation applications, page ${page}`}
        columns={columns}
        rows={list.data?.data}
        rowKey={(r) => r.id}
        loading={list.isFetching}
        sort={sort}
        onSort={(next) => update({ sort: next })}
        page={page}
        lastPage={list.data?.meta.last_page ?? 1}
        total={list.data?.meta.total ?? 0}
        onPage={(next) => update({ page: next })}
        onRowClick={(row) => void navigate({ to: `${PATH}/${row.id}/details` })}
        empty={
          <EmptyState icon={IconInbox} title={<>No applications {search.status || search.search ? 'match' : 'yet'}</>}>
            Investors apply from their profile to act for an organisation.
          </EmptyState>
        }
      />
    </Stack>
  );
}
