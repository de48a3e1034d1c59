import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  NumberInput,
  Paper,
  Radio,
  SegmentedControl,
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
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import {
  type AppropriatenessBankMode,
  COMPLIANCE_BANK_LABELS,
  type ComplianceBank,
  type ComplianceQuestion,
  createComplianceQuestionBody,
  type InvestorSettings,
  updateAppropriatenessRulesBody,
} from '@platform/domain';
import { ApiError } from '../../../app/api-client';
import { validateWith } from '../../../app/form-validation';
import { useSubmit } from '../../../app/use-submit';
import { FormError } from '../../../ui/form-error';
import { useDeleteQuestion, useQuestionBank, useSaveInvestorSettings, useSaveQuestion } from '../api/investor-settings';
import { InvestorSettingsLayout, SettingsForm } from './investor-settings-layout';

type Rules = {
  bank_mode: AppropriatenessBankMode;
  pass_mark: number | string;
  tries_allowed: number | string;
  retry_wait_hours: number | string;
  questions_per_attempt: number | string;
};

function RulesForm({ settings }: { settings: InvestorSettings }) {
  const rules = settings.appropriateness;
  const form = useForm<Rules>({
    initialValues: { ...rules, questions_per_attempt: rules.questions_per_attempt ?? '' },
    validate: validateWith(updateAppropriatenessRulesBody, (values: Rules) => values),
  });
  const save = useSaveInvestorSettings('appropriateness-test');
  const { submit, submitting, formError } = useSubmit(async (values: Rules) => {
    await save.mutateAsync(values);
    notifications.show({ color: 'teal', message: 'Appropriateness test rules saved.' });
  }, form);
  return (
    <SettingsForm>
      <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
        <Stack>
          <Title order={2} fz="lg">
            Rules
          </Title>
          <Select
            label="Question banks"
            data={[
              { value: 'single', label: 'One bank' },
              { value: 'fca_alternating', label: 'Two FCA banks, alternating on retakes' },
            ]}
            allowDeselect={false}
            {...form.getInputProps('bank_mode')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput label="Pass mark (%)" min={1} max={100} required {...form.getInputProps('pass_mark')} />
            <NumberInput label="Tries allowed" description="0 for unlimited" min={0} required {...form.getInputProps('tries_allowed')} />
            <NumberInput label="Hours to wait after a fail" min={0} required {...form.getInputProps('retry_wait_hours')} />
            <NumberInput
              label="Questions per attempt"
              description="Empty: every question of the bank"
              min={1}
              {...form.getInputProps('questions_per_attempt')}
            />
          </SimpleGrid>
          <FormError message={formError} />
          <Group justify="flex-end">
            <Button type="submit" loading={submitting}>
              Save rules
            </Button>
          </Group>
        </Stack>
      </form>
    </SettingsForm>
  );
}

type QuestionValues = { question: string; correct: string; options: Array<{ id?: number; label: string }> };

function questionBody(values: QuestionValues) {
  return {
    question: values.question,
    options: values.options.map((option, i) => ({ ...option, correct: String(i) === values.correct, position: i })),
  };
}

function QuestionModal({ bank, question, onClose }: { bank: ComplianceBank; question: ComplianceQuestion | 'new'; onClose: () => void }) {
  const editing = question !== 'new';
  const options = editing ? (question.options ?? []) : [];
  const form = useForm<QuestionValues>({
    initialValues: {
      question: editing ? question.question : '',
      correct: String(
        Math.max(
          0,
          options.findIndex((o) => o.correct),
        ),
      ),
      options: editing ? options.map((o) => ({ id: o.id, label: o.label })) : [{ label: '' }, { label: '' }, { label: '' }],
    },
    validate: validateWith(createComplianceQuestionBody, questionBody),
  });
  const save = useSaveQuestion(bank);
  const { submit, submitting, formError } = useSubmit(async (values: QuestionValues) => {
    await save.mutateAsync({ id: editing ? question.id : undefined, body: questionBody(values) });
    notifications.show({ color: 'teal', message: 'Question saved. Past attempts keep the question as it was asked.' });
    onClose();
  }, form);
  const optionError = typeof form.errors.options === 'string' ? form.errors.options : null;
  return (
    <Modal
      opened
      onClose={onClose}
      title={editing ? 'Edit question' : `New question in ${COMPLIANCE_BANK_LABELS[bank]}`}
      size="lg"
      centered
    >
      <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
        <Stack>
          <Textarea label="Question" autosize minRows={2} required data-autofocus {...form.getInputProps('question')} />
          <Radio.Group label="Options (choose the right answer)" {...form.getInputProps('correct')} error={optionError}>
            <Stack gap="xs" mt="xs">
              {form.values.options.map((_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: options are edited in place, their order is their identity
                <Group key={i} wrap="nowrap" align="flex-start">
                  <Radio value={String(i)} aria-label={`Option ${i + 1} is the right answer`} mt={10} />
                  <TextInput label={`Option ${i + 1}`} style={{ flex: 1 }} required {...form.getInputProps(`options.${i}.label`)} />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    mt={26}
                    aria-label={`Remove option ${i + 1}`}
                    disabled={form.values.options.length <= 2}
                    onClick={() => form.removeListItem('options', i)}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Group>
              ))}
            </Stack>
          </Radio.Group>
          <Button
            variant="default"
            w="fit-content"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => form.insertListItem('options', { label: '' })}
          >
            Add option
          </Button>
          <FormError message={formError} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={submitting}>
              Save question
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function QuestionBank({ bank }: { bank: ComplianceBank }) {
  const questions = useQuestionBank(bank);
  const remove = useDeleteQuestion(bank);
  const [editing, setEditing] = useState<ComplianceQuestion | 'new' | null>(null);
  const fail = (error: unknown) =>
    notifications.show({ color: 'red', message: error instanceof ApiError ? error.message : 'That did not work. Try again.' });
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={2} fz="lg">
          Questions of {COMPLIANCE_BANK_LABELS[bank]}
        </Title>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
          New question
        </Button>
      </Group>
      {questions.error && <Alert color="red">The questions could not be loaded. Reload the page to try again.</Alert>}
      {!questions.data && !questions.error && <Skeleton h={200} radius="md" />}
      {questions.data?.length === 0 && (
        <Paper withBorder radius="md" p="xl">
          <Text ta="center" c="dimmed">
            No questions in this bank yet. Add questions on losing capital, selling investments, dilution, protection and diversification.
          </Text>
        </Paper>
      )}
      {questions.data?.map((question, index) => (
        <Paper key={question.id} withBorder radius="md" p="md" component="article" aria-label={`Question ${index + 1}`}>
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Stack gap={6}>
              <Text fw={600}>
                {index + 1}. {question.question}
              </Text>
              <Stack gap={2} component="ul" m={0} pl="md">
                {question.options?.map((option) => (
                  <Text component="li" size="sm" key={option.id}>
                    {option.label}{' '}
                    {option.correct && (
                      <Badge size="sm" color="teal" variant="light">
                        Right answer
                      </Badge>
                    )}
                  </Text>
                ))}
              </Stack>
            </Stack>
            <Group gap={4} wrap="nowrap">
              <ActionIcon variant="subtle" aria-label={`Edit question ${index + 1}`} onClick={() => setEditing(question)}>
                <IconPencil size={16} aria-hidden />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Delete question ${index + 1}`}
                onClick={() => {
                  if (window.confirm('Delete this question? Past attempts keep it as it was asked.'))
                    remove.mutate(question.id, { onError: fail });
                }}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Group>
          </Group>
        </Paper>
      ))}
      {editing && <QuestionModal bank={bank} question={editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}

function Banks({ settings }: { settings: InvestorSettings }) {
  const [bank, setBank] = useState<ComplianceBank>('a');
  const alternating = settings.appropriateness.bank_mode === 'fca_alternating';
  return (
    <Stack gap="sm">
      {alternating && (
        <>
          <Text size="sm" c="dimmed">
            Bank A is asked on the 1st, 3rd… attempt and bank B on the 2nd, 4th…, so a retake never repeats the questions.
          </Text>
          <SegmentedControl
            aria-label="Question bank"
            w="fit-content"
            value={bank}
            onChange={(value) => setBank(value as ComplianceBank)}
            data={[
              { value: 'a', label: COMPLIANCE_BANK_LABELS.a },
              { value: 'b', label: COMPLIANCE_BANK_LABELS.b },
            ]}
          />
        </>
      )}
      <QuestionBank key={alternating ? bank : 'a'} bank={alternating ? bank : 'a'} />
    </Stack>
  );
}

/** /admin/settings/investor/appropriateness-test: the rules of the test and its question banks. */
export function AppropriatenessTestPage() {
  return (
    <InvestorSettingsLayout
      title="Appropriateness Test"
      intro="The questions investors answer before investing (COBS 10), and how the test is passed."
    >
      {(settings) => (
        <>
          <RulesForm key={settings.updated_at} settings={settings} />
          <Banks settings={settings} />
        </>
      )}
    </InvestorSettingsLayout>
  );
}
