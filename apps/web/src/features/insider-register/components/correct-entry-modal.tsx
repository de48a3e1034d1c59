import { useEffect } from 'react';
import { Button, Group, Modal, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { correctInsiderEntryBody, MODAL_WIDTH } from '@platform/domain';
import { validateWith } from '../../../app/form-validation';
import { useSubmit } from '../../../app/use-submit';
import { DateField, DateTimeField } from '../../../ui/date-field';
import { FormError } from '../../../ui/form-error';
import { useCorrectEntry, type CorrectionBody, type InsiderEntry } from '../api/insider-register';

const TEXT_FIELDS = [
  'first_name',
  'surname',
  'birth_surname',
  'email',
  'professional_phone',
  'company_name',
  'company_address',
  'function',
  'reason',
  'date_of_birth',
  'national_id',
  'personal_phone',
  'home_address',
] as const;

type Values = Record<(typeof TEXT_FIELDS)[number] | 'obtained_at', string>;

const BLANK = Object.fromEntries([...TEXT_FIELDS, 'obtained_at'].map((f) => [f, ''])) as Values;

function valuesOf(entry: InsiderEntry): Values {
  const values = Object.fromEntries(TEXT_FIELDS.map((f) => [f, entry[f] ?? ''])) as Values;
  // The register keeps UTC; the field shows it without a zone, and the server reads it as UTC.
  values.obtained_at = entry.obtained_at.slice(0, 16);
  return values;
}

/** Empty fields are left out (spec §5), so the correction states only what is known. */
const send = (v: Values) => Object.fromEntries(Object.entries(v).filter(([, value]) => value.trim() !== '')) as CorrectionBody;

/** A correction restates the entry as it should read; the entry itself stays in the register unchanged. */
export function CorrectEntryModal({ entry, onClose }: { entry: InsiderEntry | null; onClose: () => void }) {
  const form = useForm<Values>({ initialValues: BLANK, validate: validateWith(correctInsiderEntryBody, send) });
  const correct = useCorrectEntry();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form is refilled when another entry is chosen
  useEffect(() => {
    if (entry) form.setValues(valuesOf(entry));
  }, [entry]);
  const { submit, submitting, formError } = useSubmit(async (v: Values) => {
    await correct.mutateAsync({ id: entry!.id, body: send(v) });
    onClose();
  }, form);
  const field = (name: keyof Values, label: string, props: { required?: boolean } = {}) => (
    <TextInput label={label} {...props} {...form.getInputProps(name)} />
  );
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened={entry !== null}
      onClose={onClose}
      title={entry ? `Correct entry ${entry.id}` : ''}
      size={MODAL_WIDTH.default}
    >
      <form onSubmit={form.onSubmit((v) => void submit(v))} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            The correction becomes a new entry that points at this one; this entry stays in the register as it was.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {field('first_name', 'First name(s)', { required: true })}
            {field('surname', 'Surname(s)', { required: true })}
            {field('birth_surname', 'Birth surname(s), if different')}
            {field('email', 'E-mail')}
            {field('professional_phone', 'Professional telephone number(s)')}
            {field('personal_phone', 'Personal telephone numbers')}
            {field('company_name', 'Company name')}
            {field('company_address', 'Company address')}
            {field('function', 'Function')}
            <DateTimeField label="Became an insider (UTC)" required {...form.getInputProps('obtained_at')} />
            <DateField label="Date of birth" {...form.getInputProps('date_of_birth')} />
            {field('national_id', 'National identification number')}
          </SimpleGrid>
          <Textarea label="Reason for being an insider" required autosize minRows={2} {...form.getInputProps('reason')} />
          <Textarea label="Personal full home address" autosize minRows={2} {...form.getInputProps('home_address')} />
          <FormError message={formError} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={submitting}>
              Record correction
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
