import { Button, Group, NumberInput, Paper, Select, SimpleGrid, Stack, TagsInput, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  ATTRIBUTE_MODE_LABELS,
  ATTRIBUTE_SUBJECT_LABELS,
  ATTRIBUTE_TYPE_LABELS,
  attributeHasOptions,
  type AttributeSubjectType,
  createAttributeBody,
  updateAttributeBody,
} from '@platform/domain';
import { validateWith } from '../../../app/form-validation';
import { useSubmit } from '../../../app/use-submit';
import { FormError } from '../../../ui/form-error';
import { saveAttribute, useAttributeAction, type Attribute, type AttributeDraft } from '../api/attributes';

const options = <K extends string>(labels: Record<K, string>) =>
  Object.entries(labels).map(([value, label]) => ({ value, label: label as string }));

/** What the form sends: options only for the types that have them, no position when left empty. */
const draftOf = (values: AttributeDraft): AttributeDraft => {
  const { position, ...draft } = values;
  return {
    ...draft,
    options: attributeHasOptions(values.type) ? values.options : [],
    ...(position === '' || position === undefined ? {} : { position }),
  };
};

/** Create or configure one attribute (name, type, options, mode). */
export function AttributeForm({
  attribute,
  subjectType,
  onSaved,
  onCancel,
}: {
  attribute?: Attribute;
  subjectType: AttributeSubjectType;
  onSaved: (a: Attribute) => void;
  onCancel: () => void;
}) {
  const form = useForm<AttributeDraft>({
    initialValues: {
      name: attribute?.name ?? '',
      type: attribute?.type ?? 'text',
      options: attribute?.options ?? [],
      mode: attribute?.mode ?? 'editable',
      description: attribute?.description ?? '',
      position: attribute?.position ?? '',
    },
    validate: validateWith(attribute ? updateAttributeBody : createAttributeBody, (values: AttributeDraft) => {
      const { subject_type: _, ...draft } = draftOf(values);
      return attribute ? draft : { ...draft, subject_type: subjectType };
    }),
  });
  const save = useAttributeAction((draft: AttributeDraft) => saveAttribute(draft, attribute?.id));
  const { submit, submitting, formError } = useSubmit(async (values: AttributeDraft) => {
    const draft = draftOf(values);
    const { data } = await save.mutateAsync(attribute ? draft : { ...draft, subject_type: subjectType });
    onSaved(data);
  }, form);
  const type = form.getValues().type;
  return (
    <form onSubmit={form.onSubmit((v) => void submit(v))} noValidate>
      <Paper withBorder radius="md" p="lg">
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Name" required placeholder="Source of funds" {...form.getInputProps('name')} />
            <TextInput label="For" value={ATTRIBUTE_SUBJECT_LABELS[attribute?.subject_type ?? subjectType]} readOnly variant="filled" />
            <Select label="Type" data={options(ATTRIBUTE_TYPE_LABELS)} allowDeselect={false} {...form.getInputProps('type')} />
            <Select
              label="Mode"
              description="A locked attribute is shown on forms but only Support can change its values."
              data={options(ATTRIBUTE_MODE_LABELS)}
              allowDeselect={false}
              {...form.getInputProps('mode')}
            />
          </SimpleGrid>
          {attributeHasOptions(type) && (
            <TagsInput
              label="Options"
              description="Type an option and press Enter."
              placeholder="Add an option"
              {...form.getInputProps('options')}
            />
          )}
          <Textarea
            label="Help text"
            description="Shown under the field on forms."
            autosize
            minRows={2}
            {...form.getInputProps('description')}
          />
          <NumberInput
            label="Position"
            description="Lower numbers come first."
            min={0}
            allowDecimal={false}
            w={200}
            {...form.getInputProps('position')}
          />
          <FormError message={formError} />
          <Group>
            <Button type="submit" loading={submitting}>
              {attribute ? 'Save changes' : 'Create attribute'}
            </Button>
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          </Group>
        </Stack>
      </Paper>
    </form>
  );
}
