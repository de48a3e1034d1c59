import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBuildingBank, IconCreditCard } from '@tabler/icons-react';
import { useBranding } from '../../../app/settings';
import { usePayByCard, type MyInvestment } from '../api/investments';
import { formatMoney, formatUnits } from '../../../app/format';

const STATUS_COLOURS: Record<string, string> = {
  reserved: 'blue',
  cash_call: 'orange',
  paid: 'teal',
  completed: 'green',
  cancelled: 'gray',
};

function Line({ label, value }: { label: string; value: string | null | undefined }) {
  if (!value) return null;
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={600} ff="monospace">
        {value}
      </Text>
    </div>
  );
}

/** One of the investor's investments with how to pay for it (bank details and reference unless the tenant hides them). */
export function InvestmentSummary({ investment }: { investment: MyInvestment }) {
  const { terms, settings } = useBranding();
  const payByCard = usePayByCard();
  const pay = investment.payment_instructions;
  const awaitingPayment = investment.status === 'cash_call' || investment.status === 'reserved';
  const showBank = Boolean(pay.account_number || pay.iban);
  const label = investment.category ?? investment.status_label;
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="lg">
            Your investment
          </Title>
          <Badge color={STATUS_COLOURS[investment.status]} variant="light" size="lg">
            {label}
          </Badge>
        </Group>
        <Text>
          {formatMoney(investment.amount, investment.currency)} held {investment.holder_type_label.toLowerCase()}
          {investment.shares ? ` · ${formatUnits(investment.shares)} shares` : ''}
        </Text>
        {investment.status === 'reserved' && (
          <Text size="sm" c="dimmed">
            Your allocation is reserved. We will send a {terms.cashCall.toLowerCase()} when it is time to pay.
          </Text>
        )}
        {awaitingPayment && (showBank || pay.reference) && (
          <Alert
            variant="light"
            icon={<IconBuildingBank size={18} aria-hidden />}
            title={investment.status === 'cash_call' ? `${terms.cashCall} - ${terms.awaitingPayment}` : 'Payment details'}
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <Line label="Amount" value={formatMoney(pay.amount, pay.currency)} />
              <Line label="Account name" value={pay.account_name} />
              <Line label="Sort code" value={pay.sort_code} />
              <Line label="Account number" value={pay.account_number} />
              <Line label="IBAN" value={pay.iban} />
              <Line label="Payment reference" value={pay.reference} />
            </SimpleGrid>
          </Alert>
        )}
        {awaitingPayment && settings?.card_payments_enabled === true && (
          <Group gap="sm">
            <Button
              leftSection={<IconCreditCard size={18} aria-hidden />}
              variant="light"
              loading={payByCard.isPending}
              onClick={() => payByCard.mutate(investment.id)}
            >
              Pay {formatMoney(pay.amount, pay.currency)} by card
            </Button>
            {payByCard.error && (
              <Text size="sm" c="red.7" role="alert">
                {payByCard.error.message}
              </Text>
            )}
          </Group>
        )}
        {investment.status === 'paid' && (
          <Text size="sm" c="teal.8">
            We have received your payment. Your shares are issued when the round completes.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
