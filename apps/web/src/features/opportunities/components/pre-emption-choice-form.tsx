import { Button, Group, Radio, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { PRE_EMPTION_CHOICE_LABELS, PreEmptionChoice, type PreEmptionChoiceId } from '@platform/domain';
import { useSubmit } from '../../../app/use-submit';
import { FormError } from '../../../ui/form-error';
import { formatMoney } from '../../../app/format';
import { MoneyInput } from '../../../ui/money-input';

interface Values extends Record<string, unknown> {
  choice: string;
  requested_amount: string;
}

const needsAmount = (choice: string) => Number(choice) === PreEmptionChoice.increase || Number(choice) === PreEmptionChoice.decrease;

/**
 * A holder's answer to a pre-emption offer, shared by staff (any choice) and the investor (the
 * choices they may make themselves). Increase and decrease ask for the amount to invest.
 */
export function PreEmptionChoiceForm({
  choices,
  current,
  entitledAmount,
  currency,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  choices: readonly PreEmptionChoiceId[];
  current: { choice: PreEmptionChoiceId; requested_amount: string | null };
  entitledAmount: string;
  currency: string;
  submitLabel: string;
  onSubmit: (body: { choice: number; requested_amount?: string }) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const initial = choices.includes(current.choice) ? String(current.choice) : '';
  const form = useForm<Values>({
    initialValues: { choice: initial, requested_amount: needsAmount(initial) ? (current.requested_amount ?? '') : '' },
  });
  const { submit, submitting, formError } = useSubmit(async (values: Values) => {
    if (!values.choice) {
      form.setFieldError('choice', 'Choose an answer.');
      return;
    }
    await onSubmit({
      choice: Number(values.choice),
      ...(needsAmount(values.choice) ? { requested_amount: values.requested_amount.replace(/[£€$,\s]/g, '') } : {}),
    });
  }, form);
  const hint: Record<number, string> = {
    [PreEmptionChoice.maintain]: `Take up the full entitlement of ${formatMoney(entitledAmount, currency)}.`,
    [PreEmptionChoice.increase]: `Invest more than the entitlement of ${formatMoney(entitledAmount, currency)}, if shares are left over.`,
    [PreEmptionChoice.decrease]: `Invest less than the entitlement of ${formatMoney(entitledAmount, currency)}.`,
    [PreEmptionChoice.dontTake]: 'Take up no new shares.',
    [PreEmptionChoice.notApplicable]: 'The holder may not take part (e.g. the shares were transferred).',
    [PreEmptionChoice.awaiting]: 'No answer yet.',
  };
  return (
    <form onSubmit={form.onSubmit((v) => void submit(v))}>
      <Stack gap="md">
        <Radio.Group label="Choice" {...form.getInputProps('choice')}>
          <Stack gap="xs" mt="xs">
            {choices.map((c) => (
              <Radio key={c} value={String(c)} label={PRE_EMPTION_CHOICE_LABELS[c]} description={hint[c]} />
            ))}
          </Stack>
        </Radio.Group>
        {needsAmount(form.values.choice) && (
          <MoneyInput currency={currency} label={`Amount to invest (${currency})`} {...form.getInputProps('requested_amount')} w={240} />
        )}
        <FormError message={formError} />
        {current.choice !== PreEmptionChoice.awaiting && (
          <Text size="xs" c="dimmed">
            Current answer: {PRE_EMPTION_CHOICE_LABELS[current.choice]}
            {current.requested_amount ? `, ${formatMoney(current.requested_amount, currency)}` : ''}
          </Text>
        )}
        <Group justify="flex-end">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={submitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
