import { Anchor, Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconClipboardList } from '@tabler/icons-react';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import type { WipGroup, WipItem } from '@platform/domain';
import { useTerm } from '../../../app/settings';
import { formatAmount, formatDate, formatDateTime, formatMoney, formatNumber } from '../../../app/format';
import { ExportButtons } from '../../../ui/export-buttons';
import { ListPage, SelectFilter } from '../../../ui/list-filters';
import { EmptyState } from '../../../ui/empty-state';
import { usePageTitle } from '../../../ui/page-title';
import { SimpleTable } from '../../../ui/simple-table';
import type { Column } from '../../../ui/data-table';
import { useStaff } from '../../deals';
import { usePipelines } from '../../pipelines';
import { useWipReport, type WipFilters } from '../api/use-wip-report';

const figure = { style: { fontVariantNumeric: 'tabular-nums' } } as const;

const COLUMNS: Column<WipItem>[] = [
  {
    key: 'name',
    label: 'Name',
    render: (i) => (
      <Stack gap={0}>
        <Anchor component={Link} to={i.admin_path} fw={600}>
          {i.name}
        </Anchor>
        {i.kind === 'opportunity' && (
          <Text size="xs" c="dimmed">
            {i.company_name}
          </Text>
        )}
      </Stack>
    ),
  },
  {
    key: 'amount',
    label: 'Amount',
    align: 'right',
    render: (i) => (
      <Stack gap={0} align="flex-end">
        <Text size="sm" {...figure}>
          {formatMoney(i.amount, i.currency)}
        </Text>
        <Text size="xs" c="dimmed">
          {i.amount_kind === 'sought' ? 'sought' : 'committed'}
        </Text>
      </Stack>
    ),
  },
  { key: 'owner', label: 'Owner', render: (i) => i.owner?.name ?? '—' },
  {
    key: 'days',
    label: 'Days in stage',
    align: 'right',
    render: (i) => (
      <Text size="sm" {...figure} title={`Since ${formatDateTime(i.stage_entered_at)}`}>
        {formatNumber(i.days_in_stage)}
      </Text>
    ),
  },
  {
    key: 'task',
    label: 'Next task',
    render: (i) =>
      i.next_task ? (
        <Stack gap={0}>
          <Text size="sm">{i.next_task.title}</Text>
          <Text size="xs" c="dimmed">
            {i.next_task.due_date ? `Due ${formatDate(i.next_task.due_date)}` : 'No due date'}
          </Text>
        </Stack>
      ) : (
        '—'
      ),
  },
  { key: 'activity', label: 'Last activity', render: (i) => (i.last_activity_at ? formatDateTime(i.last_activity_at) : '—') },
];

function GroupTable({ group }: { group: WipGroup }) {
  const title = group.pipeline ? `${group.pipeline.name}: ${group.label}` : group.label;
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb="xs">
        <Group gap="xs">
          <Title order={2} fz="lg">
            {title}
          </Title>
          <Badge variant="light">{group.kind === 'stage' ? 'Deal stage' : 'Opportunity status'}</Badge>
        </Group>
        <Text size="sm" c="dimmed" {...figure}>
          {formatNumber(group.count)} · {group.totals.map((t) => formatAmount(t.amount, t.currency)).join(' + ') || '—'}
        </Text>
      </Group>
      <SimpleTable
        caption={title}
        columns={COLUMNS}
        rows={group.items}
        rowKey={(i) => `${i.kind}-${i.id}`}
        verticalSpacing="xs"
        striped
        minWidth={820}
      />
    </Paper>
  );
}

/** /admin/reports/wip: open deals by stage and open opportunities by status, filtered by owner and pipeline. */
export function WipReportPage() {
  const title = useTerm('wipReports');
  usePageTitle(title);
  const search = useSearch({ strict: false }) as { owner?: string; pipeline?: string };
  const navigate = useNavigate();
  const staff = useStaff();
  const pipelines = usePipelines();
  const filters: WipFilters = { owner_id: search.owner, pipeline_id: search.pipeline };
  const report = useWipReport(filters);
  const update = (changes: { owner?: string; pipeline?: string }) =>
    void navigate({ to: '/admin/reports/wip', search: { ...search, ...changes }, replace: true });
  // The report has no sort of its own: the export is in the order on screen.
  const list = { sort: '', filters };
  return (
    <ListPage
      title={title}
      filters={
        <>
          <SelectFilter
            label="Owner"
            placeholder="Anyone"
            searchable
            data={(staff.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
            value={search.owner}
            onChange={(owner) => update({ owner })}
          />
          <SelectFilter
            label="Pipeline"
            placeholder="Every pipeline"
            data={(pipelines.data ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
            value={search.pipeline}
            onChange={(pipeline) => update({ pipeline })}
          />
        </>
      }
      exports={<ExportButtons resource="reports/wip" list={list} />}
    >
      {!report.data ? (
        <Skeleton h={320} radius="md" />
      ) : report.data.groups.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <EmptyState icon={IconClipboardList} title="Nothing in progress">
            No open deal or opportunity matches these filters.
          </EmptyState>
        </Paper>
      ) : (
        <Stack gap="md">
          {report.data.groups.map((g) => (
            <GroupTable key={g.key} group={g} />
          ))}
        </Stack>
      )}
    </ListPage>
  );
}
