import { Badge, Button, Progress, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconPlus, IconRocket } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { can, OPPORTUNITY_STATUS_LABELS, type OpportunityStatusId } from '@platform/domain';
import { useCurrentUser } from '../../../app/session';
import { useBranding } from '../../../app/settings';
import { DataTable, type Column } from '../../../ui/data-table';
import { useListPage } from '../../../app/use-list-page';
import { ListPage, SearchFilter } from '../../../ui/list-filters';
import { usePageTitle } from '../../../ui/page-title';
import { useOpportunityList, type StaffOpportunity } from '../api/opportunities';
import { EmptyState } from '../../../ui/empty-state';
import { ExportButtons } from '../../../ui/export-buttons';
import { formatDate, formatMoney, formatPercent } from '../../../app/format';

export interface OpportunitiesSearch {
  page?: number;
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
  const navigate = useNavigate();
  const columns: Column<StaffOpportunity>[] = [
    {
      key: 'name',
      label: 'Name',
      sort: 'name',
      render: (o) => (
        <div>
          <Text fw={600} size="sm">
            {o.name}
          </Text>
          <Text size="xs" c="dimmed">
            {o.company_name}
          </Text>
        </div>
      ),
    },
    { key: 'status', label: 'Status', sort: 'status', render: (o) => <StatusBadge status={o.status} /> },
    { key: 'target', label: 'Target', sort: 'target_raise', render: (o) => formatMoney(o.target_raise, o.currency) },
    {
      key: 'raised',
      label: 'Committed',
      render: (o) => (
        <Stack gap={4} miw={140}>
          <Text size="sm">{formatMoney(o.committed_amount, o.currency)}</Text>
          <Progress
            value={Math.min(100, o.percent_raised ?? 0)}
            size="sm"
            aria-label={`${formatPercent(o.percent_raised ?? 0)} of target`}
          />
        </Stack>
      ),
    },
    { key: 'closes', label: 'Closes', sort: 'closes_at', render: (o) => formatDate(o.closes_at) },
  ];

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
      exports={<ExportButtons resource="investment-opportunities" list={listPage.exportList} />}
    >
      <DataTable
        caption={`${title}, page ${listPage.page}`}
        columns={columns}
        rowKey={(o) => o.id}
        onRowClick={(o) => void navigate({ to: o.admin_path })}
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
