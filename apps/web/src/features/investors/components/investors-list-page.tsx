import { Badge, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconUsers } from '@tabler/icons-react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useBranding } from '../../../app/settings';
import { DataTable, type Column } from '../../../ui/data-table';
import { usePageTitle } from '../../../ui/page-title';
import { useInvestors, type InvestorRow } from '../api/use-investors';

export interface InvestorsSearch {
  page?: number;
  sort?: string;
  search?: string;
  verified?: '1' | '0';
}

const PER_PAGE = 25;
const date = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }) : '—');

/** The investors list: search, verification filter, sortable columns, paging — all kept in the URL. */
export function InvestorsListPage() {
  const { terms, termsVersion } = useBranding();
  usePageTitle(terms.investors);
  const search = useSearch({ strict: false }) as InvestorsSearch;
  const navigate = useNavigate();
  const [text] = useDebouncedValue(search.search ?? '', 300);
  const sort = search.sort ?? 'name';
  const page = search.page ?? 1;
  const update = (changes: Partial<InvestorsSearch>) => void navigate({ to: '/admin/investors', search: { ...search, page: undefined, ...changes }, replace: true });
  const list = useInvestors({ page, perPage: PER_PAGE, sort, filters: { search: text, email_verified: search.verified } });

  const columns: Column<InvestorRow>[] = [
    { key: 'name', label: 'Name', sort: 'name', render: (r) => <Text fw={600} size="sm">{r.name}</Text> },
    { key: 'email', label: 'Email', sort: 'email', render: (r) => <Text size="sm">{r.email}</Text> },
    {
      key: 'verified',
      label: 'Verification',
      render: (r) => (r.email_verified_at ? <Badge color="teal" variant="light">Verified</Badge> : <Badge color="orange" variant="light">Unverified</Badge>),
    },
    {
      key: 'terms',
      label: 'Terms',
      render: (r) => (r.accepted_terms_version >= termsVersion ? <Badge color="teal" variant="light">Accepted</Badge> : <Badge color="gray" variant="light">Pending</Badge>),
    },
    { key: 'last_login_at', label: 'Last login', sort: 'last_login_at', render: (r) => <Text size="sm">{date(r.last_login_at)}</Text> },
    { key: 'created_at', label: 'Joined', sort: 'created_at', render: (r) => <Text size="sm">{date(r.created_at)}</Text> },
  ];

  return (
    <Stack gap="lg">
      <Title order={1} fz={26}>
        {terms.investors}
      </Title>
      <Group gap="sm" align="flex-end">
        <TextInput
          label="Search"
          placeholder="Name or email"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search.search ?? ''}
          onChange={(e) => update({ search: e.currentTarget.value || undefined })}
          w={300}
        />
        <Select
          label="Email verification"
          data={[
            { value: '1', label: 'Verified' },
            { value: '0', label: 'Unverified' },
          ]}
          placeholder="Any"
          clearable
          value={search.verified ?? null}
          onChange={(value) => update({ verified: (value as '1' | '0' | null) ?? undefined })}
          w={200}
        />
      </Group>
      <DataTable
        caption={`${terms.investors}, page ${page}`}
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
        empty={
          <Stack align="center" gap={4}>
            <IconUsers size={32} stroke={1.5} aria-hidden />
            <Text fw={600}>No investors match</Text>
            <Text size="sm" c="dimmed">
              Try another search or clear the filter.
            </Text>
          </Stack>
        }
      />
    </Stack>
  );
}
