import { Button, Group, Modal, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { can, executePaDealBody, PA_DEAL_STATUS_LABELS, type PaDealStatus, MODAL_WIDTH } from '@platform/domain';
import { validateWith } from '../../../app/form-validation';
import { formatDateTimeUtc, formatDate, formatPrice, formatUnits, toLocalIsoDate } from '../../../app/format';
import { useCurrentUser } from '../../../app/session';
import { useSubmit } from '../../../app/use-submit';
import { FormError } from '../../../ui/form-error';
import { SimpleTable } from '../../../ui/simple-table';
import { useDecidePaDeal, useExecutePaDeal, type ExecuteBody, type PaDeal } from '../api/insider-register';
import { PaDealStatusBadge } from './pa-deal-status-badge';
import { DateField } from '../../../ui/date-field';

type Step = PaDeal['steps'][number];

interface DecideValues extends Record<string, unknown> {
  reason: string;
  decision: 'approve' | 'refuse';
}

/** Compliance approves or refuses, with a reason (required to refuse). */
function Decide({ deal }: { deal: PaDeal }) {
  const form = useForm<DecideValues>({ initialValues: { reason: '', decision: 'approve' } });
  const decide = useDecidePaDeal();
  const { submit, submitting, formError } = useSubmit(
    (v: DecideValues) => decide.mutateAsync({ id: deal.id, decision: v.decision, reason: v.reason.trim() }),
    form,
  );
  return (
    <Stack gap="xs">
      <Textarea
        label="Reason"
        description="Required to refuse; kept with the decision."
        autosize
        minRows={2}
        {...form.getInputProps('reason')}
      />
      <FormError message={formError} />
      <Group justify="flex-end">
        <Button
          color="red.9"
          variant="outline"
          loading={submitting}
          onClick={() => void submit({ ...form.getValues(), decision: 'refuse' })}
        >
          Refuse
        </Button>
        <Button loading={submitting} onClick={() => void submit({ ...form.getValues(), decision: 'approve' })}>
          Approve
        </Button>
      </Group>
    </Stack>
  );
}

type ExecuteValues = Record<keyof ExecuteBody, string>;

/** After dealing, the requester confirms what was dealt. */
function Execute({ deal }: { deal: PaDeal }) {
  const form = useForm<ExecuteValues>({
    initialValues: { executed_quantity: deal.quantity.replace(/\.?0+$/, ''), executed_price: '', executed_on: toLocalIsoDate() },
    validate: validateWith(executePaDealBody, (v: ExecuteValues) => v),
  });
  const execute = useExecutePaDeal();
  const { submit, submitting, formError } = useSubmit((v: ExecuteValues) => execute.mutateAsync({ id: deal.id, body: v }), form);
  return (
    <form onSubmit={form.onSubmit((v) => void submit(v))} noValidate>
      <Stack gap="xs">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput label="Quantity dealt" inputMode="decimal" {...form.getInputProps('executed_quantity')} />
          <TextInput label={`Price (${deal.currency})`} inputMode="decimal" {...form.getInputProps('executed_price')} />
          <DateField label="Dealt on" {...form.getInputProps('executed_on')} />
        </SimpleGrid>
        <FormError message={formError} />
        <Group justify="flex-end">
          <Button type="submit" loading={submitting}>
            Confirm the deal
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function stepDetail(step: Step, currency: string): string {
  if (step.status === 'executed')
    return `${formatUnits(step.executed_quantity)} at ${formatPrice(step.executed_price, currency)} on ${formatDate(step.executed_on)}`;
  return step.reason ?? '';
}

/** One PA deal: what was asked, every step so far, and what the viewer may do next. */
export function PaDealModal({ deal, onClose }: { deal: PaDeal | null; onClose: () => void }) {
  const user = useCurrentUser();
  const mayDecide = can(user?.role_id, 'insider_register', 'update');
  const status: PaDealStatus | undefined = deal?.status;
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened={deal !== null}
      onClose={onClose}
      title={deal ? `PA deal ${deal.id}: ${deal.company_name}` : ''}
      size={MODAL_WIDTH.wide}
    >
      {deal && (
        <Stack>
          <Group justify="space-between">
            <Text size="sm">
              {deal.requester.name} asks to <strong>{deal.direction}</strong> {formatUnits(deal.quantity)} at about{' '}
              {formatPrice(deal.expected_price, deal.currency)}: {deal.reason}
            </Text>
            <PaDealStatusBadge status={deal.status} />
          </Group>
          <Title order={3} fz="md">
            History
          </Title>
          <SimpleTable
            caption="Every step of this request"
            rows={deal.steps}
            rowKey={(s) => s.id}
            minWidth={520}
            columns={[
              { key: 'when', label: 'When', render: (s) => <Text size="sm">{formatDateTimeUtc(s.created_at)}</Text> },
              { key: 'step', label: 'Step', render: (s) => <Text size="sm">{PA_DEAL_STATUS_LABELS[s.status]}</Text> },
              {
                key: 'by',
                label: 'By',
                render: (s) => <Text size="sm">{s.actor?.name ?? 'The platform (insider and restricted-list check)'}</Text>,
              },
              { key: 'detail', label: 'Detail', render: (s) => <Text size="sm">{stepDetail(s, deal.currency)}</Text> },
            ]}
          />
          {status === 'requested' && mayDecide && deal.requester.id !== user?.id && <Decide deal={deal} />}
          {status === 'approved' && (deal.requester.id === user?.id || mayDecide) && <Execute deal={deal} />}
        </Stack>
      )}
    </Modal>
  );
}
