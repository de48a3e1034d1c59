import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  MultiSelect,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconEyeOff } from '@tabler/icons-react';
import { CONSENTS, RISK_BAND_LABELS, RISK_QUESTIONS, type QuestionnaireForm, type RiskBand } from '@platform/domain';
import { useSubmit } from '../../../app/use-submit';
import { FormError } from '../../../ui/form-error';
import { useQuestionnaire, useSaveQuestionnaire, type QuestionnaireEntry, type QuestionnaireSubjectRef } from '../api/questionnaires';
import { FIELD_FORMS, type FieldSpec } from './questionnaire-fields';
import { formatDateTime } from '../../../app/format';
import { DateField } from '../../../ui/date-field';

type Values = Record<string, unknown>;

/** Answers as the form holds them: text fields as text, yes/no as '1'/'0', lists as lists. */
function toFormValues(form: QuestionnaireForm, answers: Values | null): Values {
  const a = answers ?? {};
  if (form === 'risk_profile') return Object.fromEntries(RISK_QUESTIONS.map((q) => [q.key, (a[q.key] as string) ?? null]));
  if (form === 'consent')
    return Object.fromEntries(
      CONSENTS.map((c) => {
        const entry = (a[c.key] ?? {}) as { given?: boolean; date?: string | null };
        return [c.key, { given: entry.given ?? false, date: entry.date ?? '' }];
      }),
    );
  const fields = (FIELD_FORMS[form] ?? []).flatMap((s) => s.fields);
  return Object.fromEntries(
    fields.map((f) => {
      const value = a[f.name];
      if (f.kind === 'multi') return [f.name, Array.isArray(value) ? value : []];
      if (f.kind === 'yesno') return [f.name, value === true ? '1' : value === false ? '0' : null];
      if (f.kind === 'select') return [f.name, (value as string) ?? null];
      return [f.name, value == null ? '' : String(value)];
    }),
  );
}

function toAnswers(form: QuestionnaireForm, values: Values): Values {
  if (form === 'consent')
    return Object.fromEntries(
      Object.entries(values as Record<string, { given: boolean; date: string }>).map(([key, entry]) => [
        key,
        { given: entry.given, date: entry.date || null },
      ]),
    );
  const fields = (FIELD_FORMS[form] ?? []).flatMap((s) => s.fields);
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => {
      const field = fields.find((f) => f.name === key);
      if (field?.kind === 'yesno') return [key, value === '1' ? true : value === '0' ? false : null];
      return [key, typeof value === 'string' ? value.trim() : value];
    }),
  );
}

function Field({ field, form, readOnly }: { field: FieldSpec; form: ReturnType<typeof useForm<Values>>; readOnly: boolean }) {
  const props = {
    label: field.label,
    description: field.description,
    placeholder: field.placeholder,
    required: field.required,
    readOnly,
    ...form.getInputProps(field.name),
  };
  switch (field.kind) {
    case 'select':
      return <Select {...props} data={field.options ?? []} clearable={!field.required && !readOnly} />;
    case 'yesno':
      return (
        <Select
          {...props}
          data={[
            { value: '1', label: 'Yes' },
            { value: '0', label: 'No' },
          ]}
          clearable={!readOnly}
        />
      );
    case 'multi':
      return <MultiSelect {...props} data={field.options ?? []} clearable={!readOnly} />;
    case 'textarea':
      return <Textarea {...props} autosize minRows={2} />;
    case 'date':
      return <DateField {...props} />;
    case 'money':
    case 'number':
      return <TextInput {...props} inputMode="decimal" />;
    default:
      return <TextInput {...props} />;
  }
}

function Stamp({ entry }: { entry: QuestionnaireEntry | null }) {
  if (!entry?.submitted_at)
    return (
      <Text size="sm" c="dimmed">
        Not completed yet.
      </Text>
    );
  return (
    <Text size="sm" c="dimmed">
      Submitted {formatDateTime(entry.submitted_at)}
      {entry.submitted_by ? ` by ${entry.submitted_by.name}` : ''}
      {entry.updated_at && entry.updated_at !== entry.submitted_at
        ? ` · last updated ${formatDateTime(entry.updated_at)}${entry.updated_by ? ` by ${entry.updated_by.name}` : ''}`
        : ''}
    </Text>
  );
}

function QuestionnaireEditor({
  subject,
  form: formKey,
  entry,
  bankHidden,
  canWrite,
  title,
}: {
  subject: QuestionnaireSubjectRef;
  form: QuestionnaireForm;
  entry: QuestionnaireEntry | null;
  bankHidden: boolean;
  canWrite: boolean;
  title: string;
}) {
  const form = useForm<Values>({ initialValues: toFormValues(formKey, entry?.answers ?? null) });
  const save = useSaveQuestionnaire(subject, formKey);
  const { submit, submitting, formError } = useSubmit(async (values: Values) => {
    await save.mutateAsync(toAnswers(formKey, values));
    notifications.show({ color: 'teal', message: `${title} saved.` });
  }, form);
  const readOnly = !canWrite;

  return (
    <form onSubmit={form.onSubmit((v) => void submit(v))} noValidate>
      <Stack gap="lg">
        {formKey === 'risk_profile' && entry?.result && (
          <Paper withBorder radius="md" p="lg">
            <Group gap="sm">
              <Text fw={600}>Risk band</Text>
              <Badge size="lg" radius="sm" style={{ textTransform: 'none' }}>
                {RISK_BAND_LABELS[entry.result.band as RiskBand]}
              </Badge>
              <Text size="sm" c="dimmed">
                Score {entry.result.score} of {entry.result.max}
              </Text>
            </Group>
          </Paper>
        )}
        {FIELD_FORMS[formKey]?.map((section) => {
          const bank = section.fields.every((f) => f.bank);
          return (
            <Paper key={section.title} withBorder radius="md" p="lg">
              <Title order={2} fz="lg" mb="md">
                {section.title}
              </Title>
              {bank && bankHidden ? (
                <Alert icon={<IconEyeOff size={18} aria-hidden />} color="gray" variant="light">
                  Bank details are hidden from staff in this deployment. Those on file are kept.
                </Alert>
              ) : (
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  {section.fields.map((field) => (
                    <Field key={field.name} field={field} form={form} readOnly={readOnly} />
                  ))}
                </SimpleGrid>
              )}
            </Paper>
          );
        })}
        {formKey === 'risk_profile' &&
          RISK_QUESTIONS.map((question, index) => (
            <Paper key={question.key} withBorder radius="md" p="lg">
              <Radio.Group label={`${index + 1}. ${question.question}`} required {...form.getInputProps(question.key)}>
                <Stack gap={6} mt="xs">
                  {question.options.map((option) => (
                    <Radio key={option.value} value={option.value} label={option.label} disabled={readOnly} />
                  ))}
                </Stack>
              </Radio.Group>
            </Paper>
          ))}
        {formKey === 'consent' && (
          <Paper withBorder radius="md" p="lg">
            <Stack gap="md">
              {CONSENTS.map((consent) => (
                <Group key={consent.key} justify="space-between" align="flex-end" wrap="nowrap">
                  <Checkbox
                    label={consent.label}
                    description={consent.required ? 'Needed before the person can invest.' : undefined}
                    disabled={readOnly}
                    {...form.getInputProps(`${consent.key}.given`, { type: 'checkbox' })}
                  />
                  <DateField
                    aria-label={`Date: ${consent.label}`}
                    w={170}
                    readOnly={readOnly}
                    {...form.getInputProps(`${consent.key}.date`)}
                  />
                </Group>
              ))}
            </Stack>
          </Paper>
        )}
        <FormError message={formError} />
        <Group justify="space-between">
          <Stamp entry={entry} />
          {canWrite && (
            <Button type="submit" loading={submitting}>
              Save {title.toLowerCase()}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}

/**
 * A questionnaire of an investor or a lead (registration form, fact-find, risk profile, consent,
 * a lead's category): loads the saved answers, shows who submitted and updated them, saves the form.
 */
export function QuestionnairePanel({
  subject,
  form,
  title,
  canWrite,
}: {
  subject: QuestionnaireSubjectRef;
  form: QuestionnaireForm;
  title: string;
  canWrite: boolean;
}) {
  const query = useQuestionnaire(subject, form);
  if (query.error) return <Alert color="red">The {title.toLowerCase()} could not be loaded. Reload the page to try again.</Alert>;
  if (!query.data) return <Skeleton h={360} radius="md" />;
  return (
    <QuestionnaireEditor
      key={query.data.data?.updated_at ?? 'new'}
      subject={subject}
      form={form}
      entry={query.data.data}
      bankHidden={query.data.meta.bank_hidden}
      canWrite={canWrite}
      title={title}
    />
  );
}
