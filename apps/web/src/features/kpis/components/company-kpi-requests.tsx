import { useState } from 'react';
import { Group, Paper, Title } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { DataTable } from '../../../ui/data-table';
import { EmptyState } from '../../../ui/empty-state';
import { useKpiRequests } from '../api/kpi-requests';
import { SendKpiRequestButton, useKpiRequestColumns } from './kpi-requests';

const PER_PAGE = 10;

/** An existing investment's KPI requests, on its KPIs tab: send one, follow and review them. */
export function CompanyKpiRequests({ opportunityId }: { opportunityId: number }) {
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState('-sent_at');
  const list = useKpiRequests({ page, perPage: PER_PAGE, sort, filters: { opportunity_id: String(opportunityId) } });
  const { columns, review } = useKpiRequestColumns({ withCompany: false });
  return (
    <Paper withBorder radius="md" p="lg">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="lg">
          KPI requests
        </Title>
        <SendKpiRequestButton opportunityId={opportunityId} />
      </Group>
      <DataTable
        caption="KPI requests to this company"
        columns={columns}
        rows={list.data?.data}
        rowKey={(r) => r.id}
        loading={list.isFetching}
        sort={sort}
        onSort={setSort}
        page={page}
        lastPage={list.data?.meta.last_page ?? 1}
        total={list.data?.meta.total ?? 0}
        onPage={setPage}
        empty={
          <EmptyState icon={IconSend} title="No requests sent">
            Ask the company's contact for a period's KPIs: they answer through an e-mailed link, and you accept their figures here.
          </EmptyState>
        }
      />
      {review}
    </Paper>
  );
}
