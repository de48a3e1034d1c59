import { useState } from 'react';
import { Group, Select, Stack } from '@mantine/core';
import { IconBuildingFactory2, IconPlus } from '@tabler/icons-react';
import type { MaturityStatus } from '@platform/domain';
import { ButtonLink } from '../../../ui/button-link';
import { DataTable } from '../../../ui/data-table';
import { ExportButtons } from '../../../ui/export-buttons';
import { useListQuery } from '../../../app/use-list-query';
import type { Company } from '../../companies';
import { companyColumns, STATUS_OPTIONS } from '../../companies';
import type { Fund } from '../api/funds';
import { EmptyState } from '../../../ui/empty-state';

const PER_PAGE = 25;

/** The fund's Portfolio tab: its fund investments, with the companies list's columns, filters and export. */
export function PortfolioPanel({ fund, canOpen, canCreate }: { fund: Fund; canOpen: boolean; canCreate: boolean }) {
  const [status, setStatus] = useState<MaturityStatus | null>(null);
  const [sort, setSort] = useState('company_name');
  const [page, setPage] = useState(1);
  const filters = { maturity_status: status ?? undefined };
  const list = useListQuery<Company>(`funds/${fund.id}/portfolio`, { page, perPage: PER_PAGE, sort, filters, include: 'fund' });
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Select
          label="Status"
          placeholder="Any status"
          clearable
          data={STATUS_OPTIONS}
          value={status}
          onChange={(v) => {
            setStatus(v as MaturityStatus | null);
            setPage(1);
          }}
          w={200}
        />
        <Group gap="sm">
          {canOpen && <ExportButtons resource="companies" list={{ sort, filters: { ...filters, fund_id: String(fund.id) } }} />}
          {canCreate && (
            <ButtonLink
              to="/admin/investments/companies/new-company"
              search={{ fund: fund.id }}
              leftSection={<IconPlus size={16} aria-hidden />}
            >
              New fund investment
            </ButtonLink>
          )}
        </Group>
      </Group>
      <DataTable
        caption={`Portfolio of ${fund.name}, page ${page}`}
        columns={companyColumns({ withFund: false })}
        rows={list.data?.data}
        rowKey={(c) => c.id}
        loading={list.isFetching}
        sort={sort}
        onSort={setSort}
        page={page}
        lastPage={list.data?.meta.last_page ?? 1}
        total={list.data?.meta.total ?? 0}
        onPage={setPage}
        rowHref={canOpen ? (c) => `/admin/investments/companies/${c.id}/details` : undefined}
        empty={
          <EmptyState icon={IconBuildingFactory2} title={status ? 'No holdings with this status' : 'No holdings yet'}>
            The companies this fund invests in appear here.
          </EmptyState>
        }
      />
    </Stack>
  );
}
