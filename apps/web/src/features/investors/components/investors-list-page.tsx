import { useState } from 'react';
import { Badge, Button, Group, Text } from '@mantine/core';
import { IconFileImport, IconMailForward, IconPlus, IconUsers } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import {
  APPROPRIATENESS_STATE_LABELS,
  appropriatenessStateOf,
  can,
  INVESTOR_CATEGORIES,
  INVESTOR_CATEGORY_DETAILS,
  KYC_STATUS_LABELS,
  KYC_STATUSES,
  type KycStatus,
} from '@platform/domain';
import { useCurrentUser } from '../../../app/session';
import { useBranding } from '../../../app/settings';
import { ButtonLink } from '../../../ui/button-link';
import { DataTable } from '../../../ui/data-table';
import { useListPage } from '../../../app/use-list-page';
import { ListPage, SearchFilter, SelectFilter } from '../../../ui/list-filters';
import { usePageTitle } from '../../../ui/page-title';
import { investorFilters, useInvestors, useOwners, type Investor } from '../api/use-investors';
import type { InvestorsSearch } from './investors-search';
import { EmptyState } from '../../../ui/empty-state';
import { ExportButtons } from '../../../ui/export-buttons';
import { formatDate } from '../../../app/format';
import { useTableColumns } from '../../../ui/column-chooser';
import { ListViewTools } from '../../../ui/saved-views';
import { InvestorBulkActions } from './investor-bulk-actions';

const KYC_COLOURS: Record<KycStatus, string> = { not_started: 'gray', submitted: 'blue', verified: 'teal', rejected: 'red' };
const APPROPRIATENESS_COLOURS = { passed: 'teal', failed: 'red', not_taken: 'gray' } as const;

export function categoryLabel(investor: Pick<Investor, 'investor_category' | 'categorisation_status'>) {
  if (!investor.investor_category) return '—';
  const label = INVESTOR_CATEGORY_DETAILS[investor.investor_category].label;
  return investor.categorisation_status && investor.categorisation_status !== 'approved'
    ? `${label} (${investor.categorisation_status})`
    : label;
}

export function KycBadge({ status }: { status: KycStatus }) {
  return (
    <Badge color={KYC_COLOURS[status]} variant="light" style={{ overflow: 'visible' }} miw="max-content">
      {KYC_STATUS_LABELS[status]}
    </Badge>
  );
}

export function AppropriatenessBadge({ investor }: { investor: Pick<Investor, 'compliance_passed' | 'compliance_tries'> }) {
  const state = appropriatenessStateOf(investor);
  return (
    <Badge color={APPROPRIATENESS_COLOURS[state]} variant="light" miw="max-content">
      {APPROPRIATENESS_STATE_LABELS[state]}
    </Badge>
  );
}

/** /admin/investors: search, filters, sortable columns and paging — all kept in the URL — and exports. */
export function InvestorsListPage() {
  const { terms } = useBranding();
  usePageTitle(terms.investors);
  const user = useCurrentUser();
  const listPage = useListPage<InvestorsSearch>({
    path: '/admin/investors',
    defaultSort: 'name',
    filters: (search, text) => ({
      search: text,
      category: search.category,
      kyc_status: search.kyc,
      owner_id: search.owner,
      appropriateness: search.appropriateness,
    }),
  });
  const list = useInvestors(listPage.params);
  const { search, update } = listPage;
  const owners = useOwners();
  const mayShow = can(user?.role_id, 'investors', 'show');
  const mayUpdate = can(user?.role_id, 'investors', 'update');
  const [selected, setSelected] = useState<Set<number>>(() => new Set());

  const table = useTableColumns<Investor>('investors', [
    {
      key: 'name',
      label: 'Name',
      sort: 'name',
      required: true,
      render: (r) =>
        mayShow ? (
          r.name
        ) : (
          <Text fw={600} size="sm">
            {r.name}
          </Text>
        ),
    },
    { key: 'email', label: 'Email', sort: 'email', nowrap: true, render: (r) => r.email },
    { key: 'owner', label: 'Owner', nowrap: true, render: (r) => r.owner?.name ?? '—' },
    { key: 'category', label: 'Category', sort: 'investor_category', nowrap: true, render: (r) => categoryLabel(r) },
    { key: 'kyc', label: 'KYC', sort: 'kyc_status', width: 150, render: (r) => <KycBadge status={r.kyc_status} /> },
    { key: 'appropriateness', label: 'Appropriateness', width: 140, render: (r) => <AppropriatenessBadge investor={r} /> },
    { key: 'created_at', label: 'Joined', sort: 'created_at', nowrap: true, render: (r) => formatDate(r.created_at) },
  ]);

  return (
    <ListPage
      title={terms.investors}
      actions={
        <Group gap="xs">
          {can(user?.role_id, 'investors', 'index') && (
            <Button
              component={Link}
              to="/admin/investors/invitations"
              variant="default"
              leftSection={<IconMailForward size={16} aria-hidden />}
            >
              Invitations
            </Button>
          )}
          {can(user?.role_id, 'investors', 'create') && (
            <ButtonLink
              to="/admin/investors/import"
              search={{ kind: 'investors' }}
              variant="default"
              leftSection={<IconFileImport size={16} aria-hidden />}
            >
              Import
            </ButtonLink>
          )}
          {can(user?.role_id, 'investors', 'create') && (
            <Button component={Link} to="/admin/investors/new-investor" leftSection={<IconPlus size={16} aria-hidden />}>
              New investor
            </Button>
          )}
        </Group>
      }
      filters={
        <>
          <SearchFilter placeholder="Name or email" {...listPage.searchBox} w={240} />
          <SelectFilter
            label="Category"
            placeholder="Any"
            data={[
              ...INVESTOR_CATEGORIES.map((c) => ({ value: c, label: INVESTOR_CATEGORY_DETAILS[c].label })),
              { value: 'none', label: 'Not categorised' },
            ]}
            value={search.category}
            onChange={(category) => update({ category })}
            w={220}
          />
          <SelectFilter
            label="KYC"
            placeholder="Any"
            data={KYC_STATUSES.map((s) => ({ value: s, label: KYC_STATUS_LABELS[s] }))}
            value={search.kyc}
            onChange={(kyc) => update({ kyc })}
            w={190}
          />
          <SelectFilter
            label="Appropriateness"
            placeholder="Any"
            data={Object.entries(APPROPRIATENESS_STATE_LABELS).map(([value, label]) => ({ value, label }))}
            value={search.appropriateness}
            onChange={(appropriateness) => update({ appropriateness })}
            w={160}
          />
          <SelectFilter
            label="Owner"
            placeholder="Anyone"
            searchable
            data={[{ value: 'none', label: 'No owner' }, ...(owners.data ?? []).map((o) => ({ value: String(o.id), label: o.name }))]}
            value={search.owner}
            onChange={(owner) => update({ owner })}
          />
        </>
      }
      tools={<ListViewTools list="investors" search={search as Record<string, unknown>} table={table} applyView={listPage.applyView} />}
      exports={<ExportButtons resource="users" list={{ sort: listPage.sort, filters: investorFilters(listPage.filters) }} />}
    >
      {mayUpdate && <InvestorBulkActions selected={selected} sort={listPage.sort} onDone={() => setSelected(new Set())} />}
      <DataTable
        caption={`${terms.investors}, page ${listPage.page}`}
        columns={table.columns}
        rowKey={(r) => r.id}
        rowHref={mayShow ? (r) => `/admin/investors/${r.id}/details` : undefined}
        selection={mayUpdate ? { selected, onChange: setSelected, rowId: (r) => r.id, rowLabel: (r) => r.name } : undefined}
        empty={
          <EmptyState icon={IconUsers} title={<>No {terms.investors.toLowerCase()} match</>}>
            Try another search or clear the filters.
          </EmptyState>
        }
        {...listPage.table(list)}
      />
    </ListPage>
  );
}
