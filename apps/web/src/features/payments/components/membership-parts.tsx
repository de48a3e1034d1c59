import type { ReactNode } from 'react';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import type { CardPayment, FeeRequest, Membership, MembershipStatus, PaymentState } from '@platform/domain';
import { formatDate, formatMoney } from '../../../app/format';
import type { Column } from '../../../ui/data-table';
import { EmptyState } from '../../../ui/empty-state';
import { SimpleTable } from '../../../ui/simple-table';

const STATUS_COLOURS: Record<MembershipStatus, string> = { pending: 'gray', active: 'teal', past_due: 'red', ended: 'gray' };
const PAYMENT_STATE_COLOURS: Record<PaymentState, string> = { pending: 'gray', received: 'teal', failed: 'red', refunded: 'yellow' };

export function PaymentStateBadge({ payment }: { payment: { state: PaymentState; state_label: string } }) {
  return (
    <Badge color={PAYMENT_STATE_COLOURS[payment.state]} variant="light">
      {payment.state_label}
    </Badge>
  );
}

/** '£25.00 a month' */
export const planPrice = (plan: Membership['plan']) => `${formatMoney(plan.amount, plan.currency)} a ${plan.interval}`;

/** A membership's plan, state and what happens next, as the investor and staff read it. */
export function MembershipSummary({ membership }: { membership: Membership }) {
  const { plan } = membership;
  return (
    <Stack gap={6}>
      <Group gap="sm">
        <Text fw={700} size="lg">
          {plan.name}
        </Text>
        <Badge color={membership.cancel_at_period_end ? 'yellow' : STATUS_COLOURS[membership.status]} variant="light">
          {membership.status_label}
        </Badge>
      </Group>
      <Text>{planPrice(plan)}</Text>
      {membership.next_payment && (
        <Text size="sm">
          Next payment {formatMoney(membership.next_payment.amount, membership.next_payment.currency)} on{' '}
          {formatDate(membership.next_payment.on)}
        </Text>
      )}
      {membership.cancel_at_period_end && membership.status !== 'ended' && (
        <Text size="sm">Ends on {formatDate(membership.current_period_end)}; no further payments will be taken.</Text>
      )}
      {membership.status === 'past_due' && (
        <Text size="sm" c="red.8">
          The last payment did not go through. The card will be tried again; please make sure it is up to date.
        </Text>
      )}
      {membership.status === 'ended' && membership.ended_at && <Text size="sm">Ended on {formatDate(membership.ended_at)}</Text>}
      <Text size="sm" c="dimmed">
        Member since {formatDate(membership.started_at)}
      </Text>
    </Stack>
  );
}

const paymentColumns: Column<CardPayment>[] = [
  { key: 'received_on', label: 'Date', render: (p) => formatDate(p.received_on) },
  { key: 'description', label: 'For', render: (p) => p.description ?? '' },
  { key: 'amount', label: 'Amount', render: (p) => formatMoney(p.amount, p.currency), numeric: true },
  { key: 'state', label: 'State', render: (p) => <PaymentStateBadge payment={p} /> },
];

export function MembershipPaymentsTable({ payments }: { payments: CardPayment[] }) {
  return (
    <SimpleTable
      caption="Membership payments"
      columns={paymentColumns}
      rows={payments}
      rowKey={(p) => p.id}
      stacked
      empty={
        <EmptyState icon={IconReceipt} title="No membership payments yet">
          Each payment of the membership appears here once it is taken.
        </EmptyState>
      }
    />
  );
}

const FEE_COLOURS: Record<FeeRequest['status'], string> = { open: 'blue', paid: 'teal', withdrawn: 'gray' };

/** Fees asked of the investor, with an action per fee (pay, withdraw) chosen by the side showing them. */
export function FeeRequestsTable({ fees, action }: { fees: FeeRequest[]; action: (fee: FeeRequest) => ReactNode }) {
  const columns: Column<FeeRequest>[] = [
    { key: 'created_at', label: 'Asked on', render: (f) => formatDate(f.created_at) },
    { key: 'description', label: 'For', render: (f) => f.description },
    { key: 'amount', label: 'Amount', render: (f) => formatMoney(f.amount, f.currency), numeric: true },
    {
      key: 'status',
      label: 'State',
      render: (f) => (
        <Badge color={FEE_COLOURS[f.status]} variant="light">
          {f.status === 'paid' && f.paid_at ? `Paid ${formatDate(f.paid_at)}` : f.status_label}
        </Badge>
      ),
    },
    { key: 'action', label: 'Action', render: action },
  ];
  return (
    <SimpleTable
      caption="Fees"
      columns={columns}
      rows={fees}
      rowKey={(f) => f.id}
      stacked
      empty={
        <EmptyState icon={IconReceipt} title="No fees">
          Fees the firm asks for appear here, to pay by card.
        </EmptyState>
      }
    />
  );
}
