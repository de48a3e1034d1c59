import { Button, Group, Modal, Stack, TagsInput, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { z } from 'zod';
import { validateWith } from '../../../app/form-validation';
import { useSubmit } from '../../../app/use-submit';
import { FormError } from '../../../ui/form-error';

interface Values {
  name: string;
  stages: string[];
  [key: string]: unknown;
}

interface Props {
  title: string;
  label: string;
  initial?: string;
  submitLabel: string;
  /** The route's body schema: the name (and the first stages) are checked as the server checks them. */
  schema: z.ZodType;
  /** Offer the first stages of a new pipeline. */
  withStages?: boolean;
  onClose: () => void;
  onSave: (values: { name: string; stages: string[] }) => Promise<unknown>;
}

/** Create or rename a pipeline or a stage; server messages land on the name field. */
export function NameModal({ title, label, initial = '', submitLabel, schema, withStages, onClose, onSave }: Props) {
  const form = useForm<Values>({
    initialValues: {
      name: initial,
      stages: withStages ? ['Sourced', 'Screening', 'Due diligence', 'Investment committee', 'Term sheet'] : [],
    },
    validate: validateWith(schema, (v: Values) => (withStages ? { name: v.name, stages: v.stages } : { name: v.name })),
  });
  const { submit, submitting, formError } = useSubmit(async (values: Values) => {
    await onSave({ name: values.name.trim(), stages: values.stages });
    onClose();
  }, form);
  return (
    <Modal opened onClose={onClose} title={title} centered>
      <form onSubmit={form.onSubmit((v) => void submit(v))} noValidate>
        <Stack>
          <TextInput label={label} required data-autofocus {...form.getInputProps('name')} />
          {withStages && (
            <TagsInput
              label="Stages"
              description="In order; press Enter after each. You can change them later."
              {...form.getInputProps('stages')}
            />
          )}
          <FormError message={formError} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={submitting}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
