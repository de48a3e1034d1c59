import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  CopyButton,
  Group,
  List,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconBuildingBank, IconCheck, IconCircleCheck, IconCopy, IconCreditCard, IconSend } from '@tabler/icons-react';
import { readableIban, readableSortCode, reservationNextSteps } from '@platform/domain';
import { useBranding } from '../../../app/settings';
import { ApiError } from '../../../app/api-client';
import { myInvestmentKeys, useMarkPaymentSent, usePayByCard, type MyInvestment } from '../api/investments';
import { InvestmentTerms } from '../../term-conditions';
import { formatDate, formatDateTime, formatMoney, formatUnits } from '../../../app/format';
import { DateField } from '../../../ui/date-field';
import { MoneyInput } from '../../../ui/money-input';

const STATUS_COLOURS: Record<string, string> = {
  reserved: 'blue',
  cash_call: 'orange',
  paid: 'teal',
  completed: 'green',
  cancelled: 'gray',
};

/** One payment detail with a labelled button that copies it. */
/** One detail to copy; `shown` is how it reads (an IBAN in groups of four), `value` what is copied. */
function Line({
  label,
  value,
  shown = value,
  copy = true,
}: {
  label: string;
  value: string | null | undefined;
  shown?: string | null;
  copy?: boolean;
}) {
  if (!value) return null;
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Group gap={4} wrap="nowrap">
        <Text fw={600} ff="monospace">
          {shown}
        </Text>
        {copy && (
          <CopyButton value={value} timeout={2000}>
            {({ copied, copy: doCopy }) => (
              <Tooltip label={copied ? 'Copied' : `Copy ${label.toLowerCase()}`} withArrow>
                <ActionIcon
                  variant="subtle"
                  color={copied ? 'teal' : 'gray'}
                  onClick={doCopy}
                  aria-label={copied ? `${label} copied` : `Copy ${label.toLowerCase()}`}
                >
                  {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        )}
      </Group>
    </div>
  );
}

/** The "I've paid" form: the day, amount and a note are optional; staff are told either way. */
function PaymentSentModal({ investment, opened, onClose }: { investment: MyInvestment; opened: boolean; onClose: () => void }) {
  const mark = useMarkPaymentSent();
  const [paidOn, setPaidOn] = useState('');
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const fields = mark.error instanceof ApiError && typeof mark.error.errors === 'object' ? mark.error.errors : {};
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    mark.mutate(
      { id: investment.id, body: { paid_on: paidOn || null, amount: amount || null, note: note || null } },
      { onSuccess: onClose },
    );
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Tell us you have paid" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">
            We will look out for your payment of {formatMoney(investment.amount, investment.currency)} and confirm when it arrives. The
            details below are optional but help us match it.
          </Text>
          <DateField label="Date you paid" value={paidOn} onChange={setPaidOn} error={fields.paid_on?.[0]} />
          <MoneyInput
            label="Amount you paid"
            currency={investment.currency}
            placeholder={formatMoney(investment.amount, investment.currency)}
            value={amount}
            onChange={setAmount}
            error={fields.amount?.[0]}
          />
          <Textarea
            label="Note for our team"
            autosize
            minRows={2}
            maxLength={500}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            error={fields.note?.[0]}
          />
          {mark.error && !Object.keys(fields).length && (
            <Text size="sm" c="red.8" role="alert">
              {mark.error.message}
            </Text>
          )}
          {mark.error instanceof ApiError && fields.status && (
            <Text size="sm" c="red.8" role="alert">
              {fields.status[0]}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={mark.isPending} leftSection={<IconSend size={16} aria-hidden />}>
              Confirm I’ve paid
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** What happens after reserving, in order: the same words after reserving and on the investment. */
export function NextSteps() {
  const { terms } = useBranding();
  return (
    <div>
      <Text fw={600} size="sm" mb={4}>
        What happens next
      </Text>
      <List type="ordered" size="sm" spacing={4}>
        {reservationNextSteps(terms.cashCall).map((step) => (
          <List.Item key={step}>{step}</List.Item>
        ))}
      </List>
    </div>
  );
}

/** One of the investor's investments with how to pay for it (bank details and reference unless the tenant hides them). */
export function InvestmentSummary({ investment }: { investment: MyInvestment }) {
  const { terms, settings } = useBranding();
  const payByCard = usePayByCard();
  const client = useQueryClient();
  const [marking, setMarking] = useState(false);
  const pay = investment.payment_instructions;
  const awaitingPayment = investment.status === 'cash_call' || investment.status === 'reserved';
  const sent = awaitingPayment ? investment.payment_sent : null;
  const showBank = Boolean(pay.account_number || pay.iban);
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="lg">
            Your investment
          </Title>
          <Badge color={sent ? 'teal' : STATUS_COLOURS[investment.status]} variant="light" size="lg" style={{ textTransform: 'none' }}>
            {investment.status_label}
          </Badge>
        </Group>
        <Text>
          {formatMoney(investment.amount, investment.currency)} held {investment.holder_type_label.toLowerCase()}
          {investment.shares ? ` · ${formatUnits(investment.shares)} shares` : ''}
        </Text>
        <InvestmentTerms investment={investment} onAccepted={() => void client.invalidateQueries({ queryKey: myInvestmentKeys.all })} />
        {investment.status === 'reserved' && !sent && <NextSteps />}
        {investment.status === 'cash_call' && investment.payment_due_on && !sent && (
          <Alert color="orange" variant="light" title={`${terms.cashCall}: please pay by ${formatDate(investment.payment_due_on)}`}>
            Pay {formatMoney(pay.amount, pay.currency)} by bank transfer to the account below, quoting your payment reference, then press
            “I’ve paid”.
          </Alert>
        )}
        {sent && (
          <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} aria-hidden />} title="Payment sent — awaiting confirmation">
            You told us you paid{sent.amount ? ` ${formatMoney(sent.amount, investment.currency)}` : ''}
            {sent.on ? ` on ${formatDate(sent.on)}` : ''} ({formatDateTime(sent.at)}). We will confirm when the money arrives.
          </Alert>
        )}
        {awaitingPayment && (showBank || pay.reference) && (
          <Alert
            variant="light"
            icon={<IconBuildingBank size={18} aria-hidden />}
            title={investment.status === 'cash_call' ? `${terms.cashCall} - ${terms.awaitingPayment}` : 'Payment details'}
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <Line label="Amount" value={formatMoney(pay.amount, pay.currency)} copy={false} />
              <Line label="Account name" value={pay.account_name} />
              <Line label="Sort code" value={pay.sort_code} shown={pay.sort_code && readableSortCode(pay.sort_code)} />
              <Line label="Account number" value={pay.account_number} />
              <Line label="IBAN" value={pay.iban} shown={pay.iban && readableIban(pay.iban)} />
              <Line label="BIC / SWIFT" value={pay.bic} />
              <Line label="Payment reference" value={pay.reference} />
            </SimpleGrid>
          </Alert>
        )}
        {awaitingPayment && (
          <Group gap="sm">
            {!sent && (
              <Button leftSection={<IconSend size={18} aria-hidden />} onClick={() => setMarking(true)}>
                I’ve paid
              </Button>
            )}
            {settings?.card_payments_enabled === true && !sent && (
              <Button
                leftSection={<IconCreditCard size={18} aria-hidden />}
                variant="light"
                loading={payByCard.isPending}
                onClick={() => payByCard.mutate(investment.id)}
              >
                Pay {formatMoney(pay.amount, pay.currency)} by card
              </Button>
            )}
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
      <PaymentSentModal investment={investment} opened={marking} onClose={() => setMarking(false)} />
    </Paper>
  );
}
