import { Alert, Button, Group, Paper, SegmentedControl, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconLayoutKanban, IconPlus, IconSettings, IconTable, IconTimeline } from '@tabler/icons-react';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { can } from '@platform/domain';
import { useCurrentUser } from '../../../app/session';
import { useBranding } from '../../../app/settings';
import { ButtonLink } from '../../../ui/button-link';
import { DataTable, moneyTotal } from '../../../ui/data-table';
import { useTableColumns } from '../../../ui/column-chooser';
import { ListViewTools } from '../../../ui/saved-views';
import { useListPage } from '../../../app/use-list-page';
import { ListFilters, SearchFilter, SelectFilter } from '../../../ui/list-filters';
import { usePageTitle } from '../../../ui/page-title';
import { usePipelines, type Pipeline } from '../../pipelines';
import { useBoard, useDealList, type Deal } from '../api/deals';
import { DealBoard } from './deal-board';
import type { DealsSearch } from './deals-search';
import { EmptyState } from '../../../ui/empty-state';
import { ExportButtons } from '../../../ui/export-buttons';
import { formatDate, formatMoneyCompact } from '../../../app/format';

function NoPipelines({ canManage }: { canManage: boolean }) {
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" gap="xs">
        <IconTimeline size={36} stroke={1.5} aria-hidden />
        <Text fw={600}>No pipelines yet</Text>
        <Text size="sm" c="dimmed" ta="center" maw={420}>
          Deals move through the stages of a pipeline.{' '}
          {canManage ? 'Create a pipeline and its stages to start tracking deals.' : 'Ask an administrator to create one.'}
        </Text>
        {canManage && (
          <Button component={Link} to="/admin/settings/account/pipelines" mt="sm" leftSection={<IconSettings size={16} aria-hidden />}>
            Set up pipelines
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

function BoardView({ pipeline, canMove, canManage }: { pipeline: Pipeline; canMove: boolean; canManage: boolean }) {
  const board = useBoard(pipeline.id);
  if (board.error) return <Alert color="red">The board could not be loaded. Reload the page to try again.</Alert>;
  if (!board.data)
    return (
      <Group wrap="nowrap" align="flex-start" gap="md" aria-busy="true" aria-label="Loading the board">
        {Array.from({ length: Math.max(pipeline.stages.length, 3) }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows and fixed lists have no identity but their position
          <Skeleton key={i} w={272} miw={272} h={360} radius="md" />
        ))}
      </Group>
    );
  if (board.data.stages.length === 0)
    return (
      <Paper withBorder radius="md" p="xl">
        <Stack align="center" gap="xs">
          <Text fw={600}>{pipeline.name} has no stages yet</Text>
          <Text size="sm" c="dimmed">
            Add stages to place deals on the board.
          </Text>
          {canManage && (
            <Button component={Link} to={`/admin/settings/account/pipelines/${pipeline.id}/stages`} mt="sm" variant="light">
              Add stages
            </Button>
          )}
        </Stack>
      </Paper>
    );
  return <DealBoard board={board.data} canMove={canMove} />;
}

function TableView({ pipelines }: { pipelines: Pipeline[] }) {
  const { terms } = useBranding();
  const listPage = useListPage<DealsSearch>({
    path: '/admin/investments/deals',
    defaultSort: '-created_at',
    filters: (search, text) => ({
      search: text,
      pipeline_id: search.pipeline ? String(search.pipeline) : undefined,
      stage_id: search.stage ? String(search.stage) : undefined,
    }),
  });
  const list = useDealList(listPage.params);
  const { search, update } = listPage;
  const stages = pipelines.find((p) => p.id === search.pipeline)?.stages ?? [];

  const table = useTableColumns<Deal>('deals', [
    { key: 'company_name', label: 'Company', sort: 'company_name', required: true, render: (d) => d.company_name },
    { key: 'pipeline', label: 'Pipeline', render: (d) => d.pipeline?.name ?? '—' },
    { key: 'stage', label: 'Stage', render: (d) => d.stage?.name ?? '—' },
    { key: 'owner', label: 'Owner', nowrap: true, render: (d) => d.owner?.name ?? '—' },
    {
      key: 'amount_sought',
      label: 'Amount sought',
      sort: 'amount_sought',
      numeric: true,
      render: (d) => formatMoneyCompact(d.amount_sought, d.currency),
      total: (rows) =>
        moneyTotal(
          rows,
          (d) => d.amount_sought,
          (d) => d.currency,
        ),
    },
    { key: 'industry', label: terms.industry, sort: 'industry', render: (d) => d.industry ?? '—' },
    { key: 'created_at', label: 'Added', sort: 'created_at', nowrap: true, render: (d) => formatDate(d.created_at) },
  ]);

  return (
    <Stack gap="md">
      <ListFilters
        tools={<ListViewTools list="deals" search={search as Record<string, unknown>} table={table} applyView={listPage.applyView} />}
        exports={<ExportButtons resource="pipeline-deals" list={listPage.exportList} />}
      >
        <SearchFilter placeholder="Company name" {...listPage.searchBox} />
        <SelectFilter
          label="Pipeline"
          placeholder="All pipelines"
          data={pipelines.map((p) => ({ value: String(p.id), label: p.name }))}
          value={search.pipeline ? String(search.pipeline) : undefined}
          onChange={(value) => update({ pipeline: value ? Number(value) : undefined, stage: undefined })}
        />
        <SelectFilter
          label="Stage"
          placeholder={search.pipeline ? 'All stages' : 'Choose a pipeline first'}
          disabled={!search.pipeline}
          data={stages.map((s) => ({ value: String(s.id), label: s.name }))}
          value={search.stage ? String(search.stage) : undefined}
          onChange={(value) => update({ stage: value ? Number(value) : undefined })}
          w={220}
        />
      </ListFilters>
      <DataTable
        caption={`${terms.dealOpportunities}, page ${listPage.page}`}
        columns={table.columns}
        rowKey={(d) => d.id}
        rowHref={(d) => `/admin/investments/deals/${d.id}/performance`}
        totalsLabel="Page total"
        empty={
          <EmptyState icon={IconTable} title="No deals match">
            Try another search or clear the filters.
          </EmptyState>
        }
        {...listPage.table(list)}
      />
    </Stack>
  );
}

/** /admin/investments/deals: the pipeline as a kanban board, or as a table with filters and exports. */
export function DealsPage() {
  const { terms } = useBranding();
  usePageTitle(terms.dealOpportunities);
  const user = useCurrentUser();
  const role = user?.role_id ?? 0;
  const search = useSearch({ strict: false }) as DealsSearch;
  const navigate = useNavigate();
  const pipelines = usePipelines();
  const update = (changes: Partial<DealsSearch>) =>
    void navigate({ to: '/admin/investments/deals', search: { ...search, page: undefined, ...changes }, replace: true });
  const table = search.view === 'table';
  const list = pipelines.data ?? [];
  // Without a choice in the URL, the board opens on the oldest pipeline: the tenant's main one.
  const current = list.find((p) => p.id === search.pipeline) ?? [...list].sort((a, b) => a.id - b.id)[0];
  const canManage = can(role, 'settings_pipelines', 'create');

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Title order={1} fz={26}>
          {terms.dealOpportunities}
        </Title>
        <Group gap="sm">
          <SegmentedControl
            aria-label="View"
            value={table ? 'table' : 'board'}
            onChange={(value) =>
              update({ view: value === 'table' ? 'table' : undefined, sort: undefined, search: undefined, stage: undefined })
            }
            data={[
              {
                value: 'board',
                label: (
                  <Group gap={6} wrap="nowrap">
                    <IconLayoutKanban size={16} aria-hidden />
                    <span>Board</span>
                  </Group>
                ),
              },
              {
                value: 'table',
                label: (
                  <Group gap={6} wrap="nowrap">
                    <IconTable size={16} aria-hidden />
                    <span>Table</span>
                  </Group>
                ),
              },
            ]}
          />
          {can(role, 'deals', 'create') && list.length > 0 && (
            <ButtonLink
              to="/admin/investments/deals/new-deal"
              search={current && !table ? { pipeline: current.id } : {}}
              leftSection={<IconPlus size={16} aria-hidden />}
            >
              New deal
            </ButtonLink>
          )}
        </Group>
      </Group>
      {pipelines.error && <Alert color="red">The pipelines could not be loaded. Reload the page to try again.</Alert>}
      {!pipelines.data && !pipelines.error && <Skeleton h={420} radius="md" />}
      {pipelines.data && list.length === 0 && <NoPipelines canManage={canManage} />}
      {pipelines.data && list.length > 0 && table && <TableView pipelines={list} />}
      {current && !table && (
        <Stack gap="md">
          <Group justify="space-between" align="flex-end">
            <Select
              label="Pipeline"
              data={list.map((p) => ({ value: String(p.id), label: p.name }))}
              value={String(current.id)}
              allowDeselect={false}
              onChange={(value) => update({ pipeline: value ? Number(value) : undefined })}
              w={260}
            />
            {canManage && (
              <Button
                component={Link}
                to={`/admin/settings/account/pipelines/${current.id}/stages`}
                variant="subtle"
                leftSection={<IconSettings size={16} aria-hidden />}
              >
                Edit stages
              </Button>
            )}
          </Group>
          <BoardView key={current.id} pipeline={current} canMove={can(role, 'deals', 'update')} canManage={canManage} />
        </Stack>
      )}
    </Stack>
  );
}
