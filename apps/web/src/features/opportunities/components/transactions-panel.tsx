import { useState } from 'react';
import { Badge, Button, Group, Menu, Modal, Stack, Text, Textarea, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDots, IconReceipt } from '@tabler/icons-react';
import { can, canMoveInvestment, MODAL_WIDTH, OPPORTUNITY_PERMISSION_EVENT, OpportunityStatus } from '@platform/domain';
import { ApiError } from '../../../app/api-client';
import { useCurrentUser } from '../../../app/session';
import { DataTable, type Column } from '../../../ui/data-table';
import { useTransactionMove, useTransactions, type Transaction } from '../api/transactions';
import type { StaffOpportunity } from '../api/opportunities';
import { FollowOnButton } from './follow-on-modal';
import { ManualInvestmentButton } from './manual-investment-modal';
import { EmptyState } from '../../../ui/empty-state';
import { formatDate, formatMoney, formatUnits } from '../../../app/format';
import { termsAcceptedLabel } from '../../term-conditions';

const STATUS_COLOURS: Record<Transaction['status'], string> = {
  reserved: 'blue',
  cash_call: 'orange',
  paid: 'teal',
  completed: 'green',
  cancelled: 'gray',
};

/** The Transactions tab: every investment with its holder, amount, shares and status, and the staff moves on it. */
export function TransactionsPanel({ opportunity }: { opportunity: StaffOpportunity }) {
  const user = useCurrentUser();
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState('-created_at');
  const [cancelling, setCancelling] = useState<Transaction | null>(null);
  const [reason, setReason] = useState('');
  const list = useTransactions(opportunity.id, page, sort);
  const move = useTransactionMove();
  const mayUpdate = can(user?.role_id, OPPORTUNITY_PERMISSION_EVENT(opportunity.status), 'update');

  const run = async (row: Transaction, action: 'cash-call' | 'mark-paid' | 'cancel', body?: Record<string, unknown>) => {
    try {
      await move(row.id, action, body);
      notifications.show({
        color: 'teal',
        message: action === 'cash-call' ? 'Cash call issued.' : action === 'mark-paid' ? 'Payment recorded.' : 'Investment cancelled.',
      });
      return true;
    } catch (error) {
      notifications.show({
        color: 'red',
        message:
          error instanceof ApiError
            ? (Object.values(typeof error.errors === 'object' ? error.errors : {}).flat()[0] ?? error.message)
            : 'Something went wrong.',
      });
      return false;
    }
  };

  const columns: Column<Transaction>[] = [
    {
      key: 'investor',
      label: 'Investor',
      render: (r) => (
        <div>
          <Text size="sm" fw={600}>
            {r.user?.name}
          </Text>
          <Text size="xs" c="dimmed">
            {r.user?.email}
          </Text>
        </div>
      ),
    },
    {
      key: 'holder',
      label: 'Held',
      render: (r) => (
        <Text size="sm">
          {r.holder_type_label}
          {r.holder && r.holder.type !== 'personal' ? `: ${r.holder.name}` : ''}
        </Text>
      ),
    },
    { key: 'amount', label: 'Amount', sort: 'amount', render: (r) => formatMoney(r.amount, r.currency) },
    { key: 'shares', label: 'Shares', render: (r) => formatUnits(r.shares) },
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
        <Stack gap={2} align="flex-start">
          <Badge color={STATUS_COLOURS[r.status]} variant="light">
            {r.status_label}
          </Badge>
          {r.payment_sent && (r.status === 'reserved' || r.status === 'cash_call') && (
            <Tooltip
              label={
                [
                  r.payment_sent.on ? `Paid on ${formatDate(r.payment_sent.on)}` : null,
                  r.payment_sent.amount ? formatMoney(r.payment_sent.amount, r.currency) : null,
                  r.payment_sent.note,
                ]
                  .filter(Boolean)
                  .join(' · ') || `Marked ${formatDate(r.payment_sent.at)}`
              }
            >
              <Badge color="teal" variant="outline" style={{ textTransform: 'none' }}>
                Investor says paid
              </Badge>
            </Tooltip>
          )}
        </Stack>
      ),
    },
    {
      key: 'terms',
      label: 'Terms',
      render: (r) =>
        r.terms_version === null ? (
          <Text size="sm" c="dimmed">
            Not accepted
          </Text>
        ) : (
          <Tooltip label={termsAcceptedLabel(r.terms_version, r.terms_accepted_at)}>
            <Text size="sm">v{r.terms_version}</Text>
          </Tooltip>
        ),
    },
    { key: 'created', label: 'Date', sort: 'created_at', render: (r) => formatDate(r.created_at) },
    {
      key: 'actions',
      label: 'Actions',
      render: (r) =>
        mayUpdate &&
        (canMoveInvestment(r.status, 'cash_call') || canMoveInvestment(r.status, 'paid') || canMoveInvestment(r.status, 'cancelled')) ? (
          <Menu position="bottom-end">
            <Menu.Target>
              <Button variant="subtle" size="xs" aria-label={`Actions for ${r.user?.name ?? 'investment'} ${r.payment_reference}`}>
                <IconDots size={16} aria-hidden />
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {canMoveInvestment(r.status, 'cash_call') && <Menu.Item onClick={() => void run(r, 'cash-call')}>Issue cash call</Menu.Item>}
              {canMoveInvestment(r.status, 'paid') && <Menu.Item onClick={() => void run(r, 'mark-paid')}>Mark payment received</Menu.Item>}
              {canMoveInvestment(r.status, 'cancelled') && (
                <Menu.Item color="red" onClick={() => setCancelling(r)}>
                  Cancel investment
                </Menu.Item>
              )}
            </Menu.Dropdown>
          </Menu>
        ) : null,
    },
  ];

  return (
    <Stack gap="md">
      {can(user?.role_id, OPPORTUNITY_PERMISSION_EVENT(opportunity.status), 'create') &&
        opportunity.status >= OpportunityStatus.LiveExternal && (
          <Group justify="flex-end">
            {opportunity.status === OpportunityStatus.Completed && <FollowOnButton opportunity={opportunity} />}
            <ManualInvestmentButton opportunity={opportunity} />
          </Group>
        )}
      <DataTable
        caption={`Transactions of ${opportunity.name}`}
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
          <EmptyState icon={IconReceipt} title="No investments yet">
            Reservations appear here as investors make them.
          </EmptyState>
        }
      />
      <Modal
        opened={cancelling !== null}
        onClose={() => setCancelling(null)}
        title="Cancel this investment?"
        size={MODAL_WIDTH.confirmation}
      >
        <Stack>
          <Text size="sm">The amount is released back to the raise. The investor can see the reason.</Text>
          <Textarea label="Reason" required value={reason} onChange={(e) => setReason(e.currentTarget.value)} autosize minRows={2} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setCancelling(null)}>
              Keep it
            </Button>
            <Button
              color="red"
              disabled={!reason.trim()}
              onClick={async () => {
                if (cancelling && (await run(cancelling, 'cancel', { reason }))) {
                  setCancelling(null);
                  setReason('');
                }
              }}
            >
              Cancel investment
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
