import { Badge, Button, Progress, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconPlus, IconRocket } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { can, OPPORTUNITY_STATUS_LABELS, type OpportunityStatusId } from '@platform/domain';
import { useCurrentUser } from '../../../app/session';
import { useBranding } from '../../../app/settings';
import { DataTable, moneyTotal } from '../../../ui/data-table';
import { useTableColumns } from '../../../ui/column-chooser';
import { ListViewTools } from '../../../ui/saved-views';
import { useListPage } from '../../../app/use-list-page';
import { ListPage, SearchFilter } from '../../../ui/list-filters';
import { usePageTitle } from '../../../ui/page-title';
import { useOpportunityList, type StaffOpportunity } from '../api/opportunities';
import { EmptyState } from '../../../ui/empty-state';
import { ExportButtons } from '../../../ui/export-buttons';
import { formatAmount, formatDate, formatPercent } from '../../../app/format';

export interface OpportunitiesSearch {
  page?: number;
  per_page?: number;
  sort?: string;
  search?: string;
  status?: string;
}

export const STATUS_COLOURS: Record<number, string> = { 1: 'gray', 2: 'teal', 3: 'violet', 4: 'orange', 5: 'blue', 6: 'dark' };

export function StatusBadge({ status }: { status: number }) {
  return (
    <Badge color={STATUS_COLOURS[status]} variant="light">
      {OPPORTUNITY_STATUS_LABELS[status as OpportunityStatusId]}
    </Badge>
  );
}

const GROUPS = {
  live: { statuses: '1,2,3,4', tabs: ['1', '2', '3', '4'], path: '/admin/investments/opportunities' },
  existing: { statuses: '5,6', tabs: ['5', '6'], path: '/admin/investments/existing' },
} as const;

/** Live opportunities (statuses 1–4) or existing investments (5–6): search, status tabs, sort and paging in the URL. */
export function OpportunitiesListPage({ group }: { group: keyof typeof GROUPS }) {
  const { terms } = useBranding();
  const user = useCurrentUser();
  const title = group === 'live' ? terms.LiveOpportunities : terms.ExistingOpportunities;
  usePageTitle(title);
  const config = GROUPS[group];
  const listPage = useListPage<OpportunitiesSearch>({
    path: config.path,
    defaultSort: '-created_at',
    filters: (search, text) => ({ search: text, status: search.status ?? config.statuses }),
  });
  const list = useOpportunityList(listPage.params);
  const { search, update } = listPage;
  const table = useTableColumns<StaffOpportunity>(`${group}-opportunities`, [
    {
      key: 'name',
      label: 'Name',
      sort: 'name',
      required: true,
      render: (o) => (
        <div>
          {o.name}
          <Text size="xs" c="dimmed" fw={400}>
            {o.company_name}
          </Text>
        </div>
      ),
    },
    { key: 'status', label: 'Status', sort: 'status', render: (o) => <StatusBadge status={o.status} /> },
    {
      key: 'target',
      label: 'Target',
      sort: 'target_raise',
      numeric: true,
      render: (o) => formatAmount(o.target_raise, o.currency),
      total: (rows) =>
        moneyTotal(
          rows,
          (o) => o.target_raise,
          (o) => o.currency,
        ),
    },
    {
      key: 'raised',
      label: 'Committed',
      numeric: true,
      render: (o) => (
        <Stack gap={2} miw={140}>
          <Text size="sm">{formatAmount(o.committed_amount, o.currency)}</Text>
          <Progress
            value={Math.min(100, o.percent_raised ?? 0)}
            size="xs"
            aria-label={`${formatPercent(o.percent_raised ?? 0)} of target`}
          />
        </Stack>
      ),
      total: (rows) =>
        moneyTotal(
          rows,
          (o) => o.committed_amount,
          (o) => o.currency,
        ),
    },
    { key: 'closes', label: 'Closes', sort: 'closes_at', nowrap: true, render: (o) => formatDate(o.closes_at) },
  ]);

  return (
    <ListPage
      title={title}
      actions={
        <>
          {group === 'live' && can(user?.role_id, 'live_opportunities', 'create') && (
            <Button component={Link} to="/admin/investments/opportunities/new-opportunity" leftSection={<IconPlus size={16} aria-hidden />}>
              New opportunity
            </Button>
          )}
          {group === 'existing' && can(user?.role_id, 'existing_opportunities', 'create') && (
            <Button component={Link} to="/admin/investments/existing/new-existing" leftSection={<IconPlus size={16} aria-hidden />}>
              Record an existing investment
            </Button>
          )}
        </>
      }
      filters={
        <>
          <SearchFilter placeholder="Opportunity name" {...listPage.searchBox} w={280} />
          <SegmentedControl
            aria-label="Status"
            value={search.status ?? 'all'}
            onChange={(value) => update({ status: value === 'all' ? undefined : value })}
            data={[
              { value: 'all', label: 'All' },
              ...config.tabs.map((s) => ({ value: s, label: OPPORTUNITY_STATUS_LABELS[Number(s) as OpportunityStatusId] })),
            ]}
          />
        </>
      }
      tools={
        <ListViewTools
          list={`${group}-opportunities`}
          search={search as Record<string, unknown>}
          table={table}
          applyView={listPage.applyView}
        />
      }
      exports={<ExportButtons resource="investment-opportunities" list={listPage.exportList} />}
    >
      <DataTable
        caption={`${title}, page ${listPage.page}`}
        columns={table.columns}
        rowKey={(o) => o.id}
        rowHref={(o) => o.admin_path}
        totalsLabel="Page total"
        empty={
          <EmptyState icon={IconRocket} title="Nothing here yet">
            {group === 'live'
              ? 'Create an opportunity, or promote a deal from the pipeline.'
              : 'Completed opportunities appear here, and investments the firm already holds once they are recorded.'}
          </EmptyState>
        }
        {...listPage.table(list)}
      />
    </ListPage>
  );
}
