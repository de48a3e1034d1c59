import { useState } from 'react';
import { Badge, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconReportMoney } from '@tabler/icons-react';
import { CURRENCIES, HOLDER_TYPE_LABELS, HOLDER_TYPES, INVESTMENT_STATUS_LABELS, INVESTMENT_STATUSES } from '@platform/domain';
import { formatDate, formatMoney, formatUnits } from '../../../app/format';
import { LIST_PER_PAGE } from '../../../app/use-list-page';
import { type Column, DataTable } from '../../../ui/data-table';
import { EmptyState } from '../../../ui/empty-state';
import { ExportButtons } from '../../../ui/export-buttons';
import { ListPage, SearchFilter, SelectFilter } from '../../../ui/list-filters';
import { usePageTitle } from '../../../ui/page-title';
import { type InvestmentsReportRow, useInvestmentsReport } from '../api/book-reports';
import { DateField } from '../../../ui/date-field';

const figure = { style: { fontVariantNumeric: 'tabular-nums' } } as const;

const COLUMNS: Column<InvestmentsReportRow>[] = [
  { key: 'invested_on', label: 'Date', sort: 'invested_on', render: (r) => formatDate(r.invested_on) },
  {
    key: 'opportunity',
    label: 'Investment',
    sort: 'opportunity',
    render: (r) => (
      <div>
        <Text size="sm" fw={600}>
          {r.opportunity.name}
        </Text>
        <Text size="xs" c="dimmed">
          {r.opportunity.company_name}
        </Text>
      </div>
    ),
  },
  {
    key: 'investor',
    label: 'Investor',
    sort: 'investor',
    render: (r) => (
      <div>
        <Text size="sm">{r.investor.name}</Text>
        <Text size="xs" c="dimmed">
          {r.holder_type === 'personal' ? HOLDER_TYPE_LABELS.personal : `${HOLDER_TYPE_LABELS[r.holder_type]}: ${r.holder_name}`}
        </Text>
      </div>
    ),
  },
  { key: 'status', label: 'Status', sort: 'status', render: (r) => <Badge variant="light">{r.status_label}</Badge> },
  {
    key: 'amount',
    label: 'Amount',
    sort: 'amount',
    align: 'right',
    render: (r) => (
      <Text size="sm" fw={600} {...figure}>
        {formatMoney(r.amount, r.currency)}
      </Text>
    ),
  },
  {
    key: 'shares',
    label: 'Shares',
    align: 'right',
    render: (r) => (
      <Text size="sm" {...figure}>
        {formatUnits(r.shares)}
      </Text>
    ),
  },
];

/** /admin/reports/investments: every investment across the book, filtered, sorted, paged and exported. */
export function InvestmentsReportPage() {
  usePageTitle('Investments report');
  const [search, setSearch] = useState('');
  const [text] = useDebouncedValue(search, 300);
  const [filters, setFilters] = useState<Record<string, string | undefined>>({});
  const [sort, setSort] = useState('-invested_on');
  const [page, setPage] = useState(1);
  const all = { ...filters, search: text || undefined };
  const report = useInvestmentsReport({ page, perPage: LIST_PER_PAGE, sort, filters: all });
  const set = (name: string) => (value: string | undefined) => {
    setPage(1);
    setFilters({ ...filters, [name]: value || undefined });
  };
  return (
    <ListPage
      title="Investments report"
      filters={
        <>
          <SearchFilter
            value={search}
            onChange={(value) => {
              setPage(1);
              setSearch(value);
            }}
            placeholder="Investor or investment"
          />
          <SelectFilter
            label="Status"
            placeholder="Any status"
            data={INVESTMENT_STATUSES.map((s) => ({ value: s, label: INVESTMENT_STATUS_LABELS[s] }))}
            value={filters.status}
            onChange={set('status')}
            w={150}
          />
          <SelectFilter
            label="Currency"
            placeholder="Any"
            data={[...CURRENCIES]}
            value={filters.currency}
            onChange={set('currency')}
            w={110}
          />
          <SelectFilter
            label="Held"
            placeholder="Any way"
            data={HOLDER_TYPES.map((h) => ({ value: h, label: HOLDER_TYPE_LABELS[h] }))}
            value={filters.holder_type}
            onChange={set('holder_type')}
            w={220}
          />
          <DateField label="From" value={filters.from ?? ''} onChange={(day) => set('from')(day)} />
          <DateField label="To" value={filters.to ?? ''} onChange={(day) => set('to')(day)} />
        </>
      }
      exports={<ExportButtons resource="reports/investments" list={{ sort, filters: all }} />}
    >
      <DataTable
        caption="Investments"
        columns={COLUMNS}
        rows={report.data?.data}
        rowKey={(r) => r.id}
        loading={report.isFetching}
        sort={sort}
        onSort={(next) => {
          setPage(1);
          setSort(next);
        }}
        page={page}
        lastPage={report.data?.meta.last_page ?? 1}
        total={report.data?.meta.total ?? 0}
        onPage={setPage}
        empty={
          <EmptyState icon={IconReportMoney} title="No investments match">
            Change the filters to see more of the book.
          </EmptyState>
        }
      />
    </ListPage>
  );
}
