import { IconSend } from '@tabler/icons-react';
import { isOpenKpiRequest, KPI_REQUEST_STATUS_LABELS, KPI_REQUEST_STATUSES, type KpiRequestStatus, OPEN_LABELS } from '@platform/domain';
import { useTerm } from '../../../app/settings';
import { type ListSearch, useListPage } from '../../../app/use-list-page';
import { DataTable } from '../../../ui/data-table';
import { EmptyState } from '../../../ui/empty-state';
import { ListPage, SearchFilter, SelectFilter } from '../../../ui/list-filters';
import { usePageTitle } from '../../../ui/page-title';
import { useKpiRequests } from '../api/kpi-requests';
import { KpiReportTabs } from './kpi-report-tabs';
import { SendKpiRequestButton, useKpiRequestColumns } from './kpi-requests';

/** The status filter: one status, or every Active one (waiting on the company or a review) or Closed one (OPEN_LABELS). */
type StatusChoice = KpiRequestStatus | 'open' | 'closed';

export interface KpiRequestSearch extends ListSearch {
  status?: StatusChoice;
}

const STATUS_CHOICES = [
  { value: 'open', label: OPEN_LABELS[1] },
  { value: 'closed', label: OPEN_LABELS[0] },
  ...KPI_REQUEST_STATUSES.map((s) => ({ value: s, label: KPI_REQUEST_STATUS_LABELS[s] })),
];

/** What the server's `filter[status]` is sent for a choice. */
function statusFilter(choice: StatusChoice | undefined): string | undefined {
  if (choice === 'open' || choice === 'closed')
    return KPI_REQUEST_STATUSES.filter((s) => isOpenKpiRequest(s) === (choice === 'open')).join(',');
  return choice;
}

/** /admin/reports/kpis/requests: every KPI request sent to companies, answered or not. */
export function KpiRequestsPage() {
  const title = useTerm('kpis');
  usePageTitle(`${title}: requests`);
  const listPage = useListPage<KpiRequestSearch>({
    path: '/admin/reports/kpis/requests',
    defaultSort: '-sent_at',
    filters: (search, text) => ({ search: text, status: statusFilter(search.status) }),
  });
  const { search, update } = listPage;
  const list = useKpiRequests(listPage.params);
  const { columns, review } = useKpiRequestColumns({ withCompany: true });
  const filtered = Boolean(search.search || search.status);
  return (
    <ListPage
      title={title}
      actions={<SendKpiRequestButton />}
      tabs={<KpiReportTabs active="requests" />}
      filters={
        <>
          <SearchFilter placeholder="Company" {...listPage.searchBox} w={200} />
          <SelectFilter
            label="Status"
            placeholder="Any status"
            data={STATUS_CHOICES}
            value={search.status}
            onChange={(status) => update({ status: status as StatusChoice | undefined })}
            w={170}
          />
        </>
      }
    >
      <DataTable
        caption={`KPI requests, page ${listPage.page}`}
        columns={columns}
        rowKey={(r) => r.id}
        empty={
          <EmptyState icon={IconSend} title={filtered ? 'No requests match' : 'No KPI requests yet'}>
            {filtered
              ? 'Try another company or status.'
              : "Ask a company's contact for a period's KPIs: they fill a form from the e-mailed link, and you review it here."}
          </EmptyState>
        }
        {...listPage.table(list)}
      />
      {review}
    </ListPage>
  );
}
