import { Text, TextInput } from '@mantine/core';
import { IconBuildingBank, IconPlus } from '@tabler/icons-react';
import { can } from '@platform/domain';
import { useCurrentUser } from '../../../app/session';
import { useBranding } from '../../../app/settings';
import { ButtonLink } from '../../../ui/button-link';
import { DataTable, type Column } from '../../../ui/data-table';
import { ExportButtons } from '../../../ui/export-buttons';
import { useListPage } from '../../../app/use-list-page';
import { ListPage, SearchFilter, SelectFilter } from '../../../ui/list-filters';
import { usePageTitle } from '../../../ui/page-title';
import { useFundList, useFundOptions, type Fund } from '../api/funds';
import type { FundsSearch } from './funds-search';
import { EmptyState } from '../../../ui/empty-state';
import { formatAmount, formatDate, formatMultiple, formatPrice } from '../../../app/format';

/** /admin/funds: funds with their latest NAV and multiples; filters, sort and page in the URL; exports of that list. */
export function FundsListPage() {
  const { terms } = useBranding();
  usePageTitle(terms.funds);
  const user = useCurrentUser();
  const listPage = useListPage<FundsSearch>({
    path: '/admin/funds',
    defaultSort: 'name',
    filters: (search, text) => ({ search: text, type: search.type, vintage: search.vintage ? String(search.vintage) : undefined }),
  });
  const list = useFundList(listPage.params);
  const { search, update } = listPage;
  // The types in use, from the funds the user may list: the filter matches a type exactly.
  const types = [...new Set([...(useFundOptions().data ?? []).map((f) => f.type), ...(search.type ? [search.type] : [])])].sort();
  const filtered = Boolean(search.search || search.type || search.vintage);

  const columns: Column<Fund>[] = [
    {
      key: 'name',
      label: 'Fund',
      sort: 'name',
      render: (f) => (
        <div>
          <Text fw={600} size="sm">
            {f.name}
          </Text>
          <Text size="xs" c="dimmed">
            {f.manager?.name ?? 'No manager'}
          </Text>
        </div>
      ),
    },
    { key: 'type', label: 'Type', sort: 'type', render: (f) => <Text size="sm">{f.type}</Text> },
    { key: 'vintage', label: 'Vintage', sort: 'vintage', render: (f) => <Text size="sm">{f.vintage}</Text> },
    {
      key: 'target_size',
      label: 'Target size',
      sort: 'target_size',
      render: (f) => <Text size="sm">{formatAmount(f.target_size, f.currency)}</Text>,
    },
    { key: 'paid_in', label: 'Paid in', render: (f) => <Text size="sm">{formatAmount(f.figures?.paid_in, f.currency)}</Text> },
    {
      key: 'nav',
      label: 'Latest NAV',
      render: (f) =>
        f.figures?.latest_nav ? (
          <div>
            <Text size="sm">{formatAmount(f.figures.latest_nav.nav, f.currency)}</Text>
            <Text size="xs" c="dimmed">
              {formatPrice(f.figures.latest_nav.nav_per_unit, f.currency)} a unit, {formatDate(f.figures.latest_nav.date)}
            </Text>
          </div>
        ) : (
          <Text size="sm" c="dimmed">
            No NAV yet
          </Text>
        ),
    },
    { key: 'tvpi', label: 'TVPI', render: (f) => <Text size="sm">{formatMultiple(f.figures?.tvpi)}</Text> },
  ];

  return (
    <ListPage
      title={terms.funds}
      actions={
        can(user?.role_id, 'funds', 'create') && (
          <ButtonLink to="/admin/funds/new-fund" leftSection={<IconPlus size={16} aria-hidden />}>
            New fund
          </ButtonLink>
        )
      }
      filters={
        <>
          <SearchFilter placeholder="Fund name" {...listPage.searchBox} />
          <SelectFilter
            label="Type"
            placeholder="Any type"
            data={types}
            value={search.type}
            onChange={(type) => update({ type })}
            w={160}
          />
          <TextInput
            label="Vintage"
            placeholder="Year"
            inputMode="numeric"
            maxLength={4}
            defaultValue={search.vintage ? String(search.vintage) : ''}
            onChange={(e) => {
              const value = e.currentTarget.value.trim();
              if (value === '' || /^\d{4}$/.test(value)) update({ vintage: value ? Number(value) : undefined });
            }}
            w={110}
          />
        </>
      }
      exports={<ExportButtons resource="funds" list={listPage.exportList} />}
    >
      <DataTable
        caption={`${terms.funds}, page ${listPage.page}`}
        columns={columns}
        rowKey={(f) => f.id}
        rowHref={(f) => `/admin/funds/${f.id}/details`}
        empty={
          <EmptyState icon={IconBuildingBank} title={filtered ? 'No funds match' : 'No funds yet'}>
            {filtered ? 'Try another search or clear the filters.' : 'Create a fund to record its NAVs, its investors and its holdings.'}
          </EmptyState>
        }
        {...listPage.table(list)}
      />
    </ListPage>
  );
}
