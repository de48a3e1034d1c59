import { useState } from 'react';
import { Anchor, Badge, Text } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { opportunityAdminPath, type StaffInvestment } from '@platform/domain';
import { DataTable, type Column } from '../../../ui/data-table';
import { useHeldInvestments, type HolderResource } from '../api/holders';
import { EmptyState } from '../../../ui/empty-state';
import { formatDate, formatMoney } from '../../../app/format';

const STATUS_COLOURS: Record<string, string> = {
  reserved: 'blue',
  cash_call: 'orange',
  paid: 'teal',
  completed: 'green',
  cancelled: 'gray',
};

const opportunityPath = (o: NonNullable<StaffInvestment['opportunity']>) => opportunityAdminPath(o.id, o.status, 'transactions');

/** The Transactions tab of a holder: the investments held through it, whoever made them. */
export function HeldInvestmentsPanel({ resource, id }: { resource: HolderResource; id: number }) {
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState('-created_at');
  const list = useHeldInvestments(resource, id, page, sort);
  const columns: Column<StaffInvestment>[] = [
    {
      key: 'opportunity',
      label: 'Opportunity',
      render: (r) =>
        r.opportunity ? (
          <Anchor component={Link} to={opportunityPath(r.opportunity)} size="sm" fw={600}>
            {r.opportunity.name}
          </Anchor>
        ) : (
          '—'
        ),
    },
    {
      key: 'investor',
      label: 'Investor',
      render: (r) => (
        <div>
          <Text size="sm">{r.user?.name}</Text>
          <Text size="xs" c="dimmed">
            {r.user?.email}
          </Text>
        </div>
      ),
    },
    { key: 'holder', label: 'Held by', render: (r) => <Text size="sm">{r.holder?.name ?? '—'}</Text> },
    {
      key: 'amount',
      label: 'Amount',
      sort: 'amount',
      render: (r) => (
        <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {formatMoney(r.amount, r.currency)}
        </Text>
      ),
    },
    {
      key: 'reference',
      label: 'Reference',
      render: (r) => (
        <Text size="sm" ff="monospace">
          {r.payment_reference}
        </Text>
      ),
    },
    {
      key: 'status',
      label: 'Status',
      sort: 'status',
      render: (r) => (
        <Badge color={STATUS_COLOURS[r.status]} variant="light" styles={{ root: { maxWidth: 'none' }, label: { overflow: 'visible' } }}>
          {r.status_label}
        </Badge>
      ),
    },
    {
      key: 'created_at',
      label: 'Date',
      sort: 'created_at',
      render: (r) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDate(r.created_at)}
        </Text>
      ),
    },
  ];
  return (
    <DataTable
      caption={`Transactions, page ${page}`}
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
        <EmptyState icon={IconReceipt} title="No investments are held through this yet">
          Investments made through it appear here.
        </EmptyState>
      }
    />
  );
}
