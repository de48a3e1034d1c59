import { Badge, Group, Text } from '@mantine/core';
import { IconNews, IconPlus, IconUsersGroup } from '@tabler/icons-react';
import { can, UPDATE_REPORT_AUDIENCE_LABELS, UPDATE_REPORT_STATUS_LABELS, updateReportAdminPath } from '@platform/domain';
import { formatDate, formatDateTime } from '../../../app/format';
import { useCurrentUser } from '../../../app/session';
import { useBranding } from '../../../app/settings';
import { useListPage } from '../../../app/use-list-page';
import { ButtonLink } from '../../../ui/button-link';
import { DataTable, type Column } from '../../../ui/data-table';
import { EmptyState } from '../../../ui/empty-state';
import { ListPage, SearchFilter, SelectFilter } from '../../../ui/list-filters';
import { usePageTitle } from '../../../ui/page-title';
import { useUpdateReportList, type UpdateReport } from '../api/update-reports';
import type { UpdatesSearch } from './update-reports-search';

/** Draft or live, and when a draft is scheduled to go out. */
export function StatusBadge({ report }: { report: Pick<UpdateReport, 'status' | 'publish_at'> }) {
  if (report.status === 2)
    return (
      <Badge color="teal" c="dark.7" variant="light" style={{ textTransform: 'none' }}>
        {UPDATE_REPORT_STATUS_LABELS[2]}
      </Badge>
    );
  return (
    <Badge color="gray" c="dark.6" variant="light" style={{ textTransform: 'none' }}>
      {report.publish_at ? `Scheduled ${formatDateTime(report.publish_at)}` : UPDATE_REPORT_STATUS_LABELS[1]}
    </Badge>
  );
}

/** /admin/reports/updates: every update with its audience, state and how many of the audience opened it. */
export function UpdateReportsListPage() {
  const { terms } = useBranding();
  usePageTitle(terms.updateReports);
  const user = useCurrentUser();
  const listPage = useListPage<UpdatesSearch>({
    path: '/admin/reports/updates',
    defaultSort: '-created_at',
    filters: (search, text) => ({ search: text, status: search.status }),
  });
  const list = useUpdateReportList(listPage.params);
  const { search, update } = listPage;
  const filtered = Boolean(search.search || search.status);

  const columns: Column<UpdateReport>[] = [
    {
      key: 'title',
      label: 'Title',
      sort: 'title',
      render: (r) => (
        <Text fw={600} size="sm">
          {r.title}
        </Text>
      ),
    },
    {
      key: 'type',
      label: 'Type',
      render: (r) => <Text size="sm">{[r.report_type?.name, r.report_sub_type?.name].filter(Boolean).join(' · ') || '—'}</Text>,
    },
    { key: 'subject', label: 'Company or fund', render: (r) => <Text size="sm">{r.subject?.name ?? 'Whole book'}</Text> },
    {
      key: 'audience',
      label: 'Audience',
      render: (r) => (
        <Text size="sm">
          {r.audience === 'groups' && r.client_groups.length
            ? r.client_groups.map((g) => g.name).join(', ')
            : UPDATE_REPORT_AUDIENCE_LABELS[r.audience]}
        </Text>
      ),
    },
    { key: 'status', label: 'Status', sort: 'status', render: (r) => <StatusBadge report={r} /> },
    { key: 'published_at', label: 'Published', sort: 'published_at', render: (r) => <Text size="sm">{formatDate(r.published_at)}</Text> },
    {
      key: 'opened',
      label: 'Opened',
      render: (r) => <Text size="sm">{r.status === 2 ? `${r.opened_count} of ${r.recipients_count}` : '—'}</Text>,
    },
  ];

  return (
    <ListPage
      title={terms.updateReports}
      actions={
        <Group gap="sm">
          <ButtonLink to="/admin/reports/client-groups" variant="default" leftSection={<IconUsersGroup size={16} aria-hidden />}>
            Client groups
          </ButtonLink>
          {can(user?.role_id, 'update_reports', 'create') && (
            <ButtonLink to="/admin/reports/new-update" leftSection={<IconPlus size={16} aria-hidden />}>
              New update
            </ButtonLink>
          )}
        </Group>
      }
      filters={
        <>
          <SearchFilter placeholder="Title" {...listPage.searchBox} />
          <SelectFilter
            label="Status"
            placeholder="Any status"
            data={[
              { value: '1', label: UPDATE_REPORT_STATUS_LABELS[1] },
              { value: '2', label: UPDATE_REPORT_STATUS_LABELS[2] },
            ]}
            value={search.status}
            onChange={(status) => update({ status: status as UpdatesSearch['status'] })}
            w={160}
          />
        </>
      }
    >
      <DataTable
        caption={`${terms.updateReports}, page ${listPage.page}`}
        columns={columns}
        rowKey={(r) => r.id}
        rowHref={(r) => updateReportAdminPath(r.id, r.status)}
        empty={
          <EmptyState icon={IconNews} title={filtered ? 'No updates match' : 'No updates yet'}>
            {filtered
              ? 'Try another search or clear the filters.'
              : 'Write an update to tell investors how their companies and funds are doing.'}
          </EmptyState>
        }
        {...listPage.table(list)}
      />
    </ListPage>
  );
}
