import { IconSend } from '@tabler/icons-react';
import { KPI_REQUEST_STATUS_LABELS, KPI_REQUEST_STATUSES, type KpiRequestStatus } from '@platform/domain';
import { useTerm } from '../../../app/settings';
import { type ListSearch, useListPage } from '../../../app/use-list-page';
import { DataTable } from '../../../ui/data-table';
import { EmptyState } from '../../../ui/empty-state';
import { ListPage, SearchFilter, SelectFilter } from '../../../ui/list-filters';
import { usePageTitle } from '../../../ui/page-title';
import { useKpiRequests } from '../api/kpi-requests';
import { KpiReportTabs } from './kpi-report-tabs';
import { SendKpiRequestButton, useKpiRequestColumns } from './kpi-requests';

export interface KpiRequestSearch extends ListSearch {
  status?: KpiRequestStatus;
}

/** /admin/reports/kpis/requests: every KPI request sent to companies, answered or not. */
export function KpiRequestsPage() {
  const title = useTerm('kpis');
  usePageTitle(`${title}: requests`);
  const listPage = useListPage<KpiRequestSearch>({
    path: '/admin/reports/kpis/requests',
    defaultSort: '-sent_at',
    filters: (search, text) => ({ search: text, status: search.status }),
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
            data={KPI_REQUEST_STATUSES.map((s) => ({ value: s, label: KPI_REQUEST_STATUS_LABELS[s] }))}
            value={search.status}
            onChange={(status) => update({ status: status as KpiRequestStatus | undefined })}
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
