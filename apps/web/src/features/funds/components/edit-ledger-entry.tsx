import { Button, Group, Modal, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { LEDGER_KIND_LABELS, updateLedgerBody } from '@platform/domain';
import { validateWith } from '../../../app/form-validation';
import { useSubmit } from '../../../app/use-submit';
import { FormError } from '../../../ui/form-error';
import { ledgerEditFields, updateLedger, useFundAction, type EntryEditValues as Values, type Fund, type LedgerEntry } from '../api/funds';
import { DateField } from '../../../ui/date-field';
import { MoneyInput } from '../../../ui/money-input';

/**
 * Corrects a ledger entry's date, amount, units, reference or notes. Fund, investor and kind are what
 * the entry is: a different one is a new entry. Emptied units on a subscription are derived again
 * from the NAV per unit on its date; the server refuses anything that would leave an investor
 * holding negative units.
 */
export function EditLedgerEntry({ fund, entry, onClose }: { fund: Fund; entry: LedgerEntry; onClose: () => void }) {
  const form = useForm<Values>({
    initialValues: {
      date: entry.date,
      amount: entry.amount,
      units: entry.units ?? '',
      reference: entry.reference ?? '',
      notes: entry.notes ?? '',
    },
    validate: validateWith(updateLedgerBody, (v: Values) => ledgerEditFields(entry, v)),
  });
  const save = useFundAction((v: Values) => updateLedger(entry.id, ledgerEditFields(entry, v)));
  const { submit, submitting, formError } = useSubmit(async (v: Values) => {
    await save.mutateAsync(v);
    onClose();
  }, form);
  const inUnits = entry.kind === 'subscription' || entry.kind === 'redemption';
  return (
    <Modal opened onClose={onClose} title={`Edit ${LEDGER_KIND_LABELS[entry.kind].toLowerCase()}`} centered size="lg">
      <form onSubmit={form.onSubmit((v) => void submit(v))} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {entry.investor?.name ?? 'Investor'} in {fund.name}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <DateField label="Date" {...form.getInputProps('date')} />
            <MoneyInput currency={fund.currency} label={`Amount (${fund.currency})`} {...form.getInputProps('amount')} />
            {inUnits && (
              <TextInput
                label="Units"
                inputMode="decimal"
                placeholder={entry.kind === 'subscription' ? 'From the NAV per unit' : undefined}
                {...form.getInputProps('units')}
              />
            )}
          </SimpleGrid>
          <TextInput label="Reference" {...form.getInputProps('reference')} />
          <Textarea
            label="Notes"
            description="Staff only: investors never see these."
            autosize
            minRows={2}
            {...form.getInputProps('notes')}
          />
          <FormError message={formError} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={submitting}>
              Save entry
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
