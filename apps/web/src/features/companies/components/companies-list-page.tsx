import { Text } from '@mantine/core';
import { IconBuildingFactory2, IconPlus } from '@tabler/icons-react';
import { can, MATURITY_STATUS_LABELS, MATURITY_STATUSES } from '@platform/domain';
import { useCurrentUser } from '../../../app/session';
import { useBranding } from '../../../app/settings';
import { ButtonLink } from '../../../ui/button-link';
import { DataTable, type Column } from '../../../ui/data-table';
import { ExportButtons } from '../../../ui/export-buttons';
import { useListPage } from '../../../app/use-list-page';
import { ListPage, SearchFilter, SelectFilter } from '../../../ui/list-filters';
import { usePageTitle } from '../../../ui/page-title';
import { useFundOptions } from '../../funds';
import { useCompanyList, type Company } from '../api/companies';
import type { CompaniesSearch } from './companies-search';
import { MaturityStatusBadge } from './maturity-status-badge';
import { EmptyState } from '../../../ui/empty-state';
import { formatAmount, formatDate } from '../../../app/format';

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
          {formatAmount(c.cost, currency(c))}
        </Text>
      ),
    },
    {
      key: 'current_valuation',
      label: 'Valuation',
      sort: 'current_valuation',
      render: (c) => (
        <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {formatAmount(c.current_valuation, currency(c))}
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
  const listPage = useListPage<CompaniesSearch>({
    path: '/admin/investments/companies',
    defaultSort: 'company_name',
    filters: (search, text) => ({ search: text, fund_id: search.fund ? String(search.fund) : undefined, maturity_status: search.status }),
  });
  const list = useCompanyList(listPage.params);
  const { search, update } = listPage;
  const fundOptions = useFundOptions();
  const filtered = Boolean(search.search || search.fund || search.status);

  return (
    <ListPage
      title={terms.fundOpportunities}
      actions={
        can(user?.role_id, 'fund_opportunities', 'create') && (
          <ButtonLink
            to="/admin/investments/companies/new-company"
            search={search.fund ? { fund: search.fund } : {}}
            leftSection={<IconPlus size={16} aria-hidden />}
          >
            New fund investment
          </ButtonLink>
        )
      }
      filters={
        <>
          <SearchFilter placeholder="Company name" {...listPage.searchBox} />
          {fundOptions.data && (
            <SelectFilter
              label="Fund"
              placeholder="All funds"
              data={fundOptions.data.map((f) => ({ value: String(f.id), label: f.name }))}
              value={search.fund ? String(search.fund) : undefined}
              onChange={(value) => update({ fund: value ? Number(value) : undefined })}
              w={260}
            />
          )}
          <SelectFilter
            label="Status"
            placeholder="Any status"
            data={STATUS_OPTIONS}
            value={search.status}
            onChange={(value) => update({ status: value as CompaniesSearch['status'] })}
          />
        </>
      }
      exports={<ExportButtons resource="companies" list={listPage.exportList} />}
    >
      <DataTable
        caption={`${terms.fundOpportunities}, page ${listPage.page}`}
        columns={companyColumns({ withFund: true })}
        rowKey={(c) => c.id}
        rowHref={(c) => `/admin/investments/companies/${c.id}/details`}
        empty={
          <EmptyState icon={IconBuildingFactory2} title={filtered ? 'No fund investments match' : 'No fund investments yet'}>
            {filtered
              ? 'Try another search or clear the filters.'
              : 'Record the companies your funds hold to follow their cost, valuation and status.'}
          </EmptyState>
        }
        {...listPage.table(list)}
      />
    </ListPage>
  );
}
