import { Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBuildingFactory2, IconPlus, IconSearch } from '@tabler/icons-react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { can, MATURITY_STATUS_LABELS, MATURITY_STATUSES } from '@platform/domain';
import { useCurrentUser } from '../../../app/session';
import { useBranding } from '../../../app/settings';
import { ButtonLink } from '../../../ui/button-link';
import { DataTable, type Column } from '../../../ui/data-table';
import { ExportButtons } from '../../../ui/export-buttons';
import { usePageTitle } from '../../../ui/page-title';
import { useFundOptions } from '../../funds/api/funds';
import { useCompanyList, type Company } from '../api/companies';
import type { CompaniesSearch } from './companies-search';
import { MaturityStatusBadge } from './maturity-status-badge';
import { EmptyState } from '../../../ui/empty-state';
import { formatDate, formatMoney } from '../../../app/format';

const PER_PAGE = 25;

/** Columns of a list of fund investments; the fund's own Portfolio tab leaves the fund out. */
export function companyColumns({ withFund }: { withFund: boolean }): Column<Company>[] {
  const currency = (c: Company) => c.fund?.currency ?? 'GBP';
  return [
    {
      key: 'company_name',
      label: 'Company',
      sort: 'company_name',
      render: (c) => (
        <div>
          <Text fw={600} size="sm">
            {c.company_name}
          </Text>
          {c.industry && (
            <Text size="xs" c="dimmed">
              {c.industry}
            </Text>
          )}
        </div>
      ),
    },
    ...(withFund ? [{ key: 'fund', label: 'Fund', render: (c: Company) => <Text size="sm">{c.fund?.name ?? '—'}</Text> }] : []),
    { key: 'stage', label: 'Stage', sort: 'stage', render: (c) => <Text size="sm">{c.stage ?? '—'}</Text> },
    {
      key: 'investment_date',
      label: 'Invested',
      sort: 'investment_date',
      render: (c) => <Text size="sm">{formatDate(c.investment_date)}</Text>,
    },
    {
      key: 'cost',
      label: 'Cost',
      sort: 'cost',
      render: (c) => (
        <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {formatMoney(c.cost, currency(c))}
        </Text>
      ),
    },
    {
      key: 'current_valuation',
      label: 'Valuation',
      sort: 'current_valuation',
      render: (c) => (
        <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {formatMoney(c.current_valuation, currency(c))}
        </Text>
      ),
    },
    { key: 'maturity_status', label: 'Status', sort: 'maturity_status', render: (c) => <MaturityStatusBadge status={c.maturity_status} /> },
  ];
}

export const STATUS_OPTIONS = MATURITY_STATUSES.map((s) => ({ value: s, label: MATURITY_STATUS_LABELS[s] }));

/** /admin/investments/companies: every fund investment, filtered and sorted in the URL, with exports of that list. */
export function CompaniesListPage() {
  const { terms } = useBranding();
  usePageTitle(terms.fundOpportunities);
  const user = useCurrentUser();
  const search = useSearch({ strict: false }) as CompaniesSearch;
  const navigate = useNavigate();
  const fundOptions = useFundOptions();
  const [text] = useDebouncedValue(search.search ?? '', 300);
  const sort = search.sort ?? 'company_name';
  const page = search.page ?? 1;
  const filters = { search: text, fund_id: search.fund ? String(search.fund) : undefined, maturity_status: search.status };
  const list = useCompanyList({ page, perPage: PER_PAGE, sort, filters });
  const update = (changes: Partial<CompaniesSearch>) =>
    void navigate({ to: '/admin/investments/companies', search: { ...search, page: undefined, ...changes }, replace: true });
  const filtered = Boolean(search.search || search.fund || search.status);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Title order={1} fz={26}>
          {terms.fundOpportunities}
        </Title>
        {can(user?.role_id, 'fund_opportunities', 'create') && (
          <ButtonLink
            to="/admin/investments/companies/new-company"
            search={search.fund ? { fund: search.fund } : {}}
            leftSection={<IconPlus size={16} aria-hidden />}
          >
            New fund investment
          </ButtonLink>
        )}
      </Group>
      <Group gap="sm" align="flex-end" justify="space-between">
        <Group gap="sm" align="flex-end">
          <TextInput
            label="Search"
            placeholder="Company name"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search.search ?? ''}
            onChange={(e) => update({ search: e.currentTarget.value || undefined })}
            w={260}
          />
          {fundOptions.data && (
            <Select
              label="Fund"
              placeholder="All funds"
              clearable
              data={fundOptions.data.map((f) => ({ value: String(f.id), label: f.name }))}
              value={search.fund ? String(search.fund) : null}
              onChange={(value) => update({ fund: value ? Number(value) : undefined })}
              w={260}
            />
          )}
          <Select
            label="Status"
            placeholder="Any status"
            clearable
            data={STATUS_OPTIONS}
            value={search.status ?? null}
            onChange={(value) => update({ status: (value as CompaniesSearch['status']) ?? undefined })}
            w={200}
          />
        </Group>
        <ExportButtons resource="companies" list={{ sort, filters }} />
      </Group>
      <DataTable
        caption={`${terms.fundOpportunities}, page ${page}`}
        columns={companyColumns({ withFund: true })}
        rows={list.data?.data}
        rowKey={(c) => c.id}
        loading={list.isFetching}
        sort={sort}
        onSort={(next) => update({ sort: next })}
        page={page}
        lastPage={list.data?.meta.last_page ?? 1}
        total={list.data?.meta.total ?? 0}
        onPage={(next) => update({ page: next })}
        onRowClick={(c) => void navigate({ to: `/admin/investments/companies/${c.id}/details` })}
        empty={
          <EmptyState icon={IconBuildingFactory2} title={filtered ? 'No fund investments match' : 'No fund investments yet'}>
            {filtered
              ? 'Try another search or clear the filters.'
              : 'Record the companies your funds hold to follow their cost, valuation and status.'}
          </EmptyState>
        }
      />
    </Stack>
  );
}
