import { useState } from 'react';
import { Badge, Button, Group, Paper, SegmentedControl, SimpleGrid, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMessageQuestion, IconUsers } from '@tabler/icons-react';
import { Navigate, useParams } from '@tanstack/react-router';
import {
  ANSWER_VISIBILITIES,
  ANSWER_VISIBILITY_LABELS,
  type AnswerVisibility,
  answerQuestionBody,
  can,
  PublishState,
  UPDATE_REPORT_AUDIENCE_LABELS,
} from '@platform/domain';
import { ApiError } from '../../../app/api-client';
import { formatDateTime } from '../../../app/format';
import { validateWith } from '../../../app/form-validation';
import { useCurrentUser } from '../../../app/session';
import { useBranding } from '../../../app/settings';
import { useSubmit } from '../../../app/use-submit';
import { BackLink } from '../../../ui/back-link';
import { DataTable, type Column } from '../../../ui/data-table';
import { EmptyState } from '../../../ui/empty-state';
import { Fact } from '../../../ui/fact';
import { FormError } from '../../../ui/form-error';
import { usePageTitle } from '../../../ui/page-title';
import { RichText } from '../../../ui/rich-text';
import { SectionCard } from '../../../ui/section-card';
import { ErrorPage } from '../../errors';
import { DocumentsPanel } from '../../records';
import {
  answerQuestion,
  type UpdateReport,
  type UpdateReportQuestion,
  type UpdateReportRecipient,
  useRecipients,
  useStaffQuestions,
  useUpdateAction,
  useUpdateReport,
} from '../api/update-reports';
import { StatusBadge } from './update-reports-list-page';

/** Who the update reached and who has opened it, paged on the server. */
function Recipients({ report }: { report: UpdateReport }) {
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState('name');
  const [opened, setOpened] = useState<'all' | '1' | '0'>('all');
  const list = useRecipients(report.id, { page, perPage: 25, sort, filters: { opened: opened === 'all' ? undefined : opened } });
  const columns: Column<UpdateReportRecipient>[] = [
    { key: 'name', label: 'Investor', sort: 'name', render: (r) => <Text size="sm">{r.name}</Text> },
    { key: 'email', label: 'E-mail', render: (r) => <Text size="sm">{r.email}</Text> },
    {
      key: 'opened_at',
      label: 'Opened',
      sort: 'opened_at',
      render: (r) => <Text size="sm">{r.opened_at ? formatDateTime(r.opened_at) : 'Not yet'}</Text>,
    },
  ];
  return (
    <Paper withBorder radius="md" p="lg">
      <Group justify="space-between" mb="md">
        <Title order={2} fz="lg">
          Opened by {report.opened_count} of {report.recipients_count}
        </Title>
        <SegmentedControl
          aria-label="Show"
          value={opened}
          onChange={(value) => {
            setOpened(value as typeof opened);
            setPage(1);
          }}
          data={[
            { value: 'all', label: 'Everyone' },
            { value: '1', label: 'Opened' },
            { value: '0', label: 'Not opened' },
          ]}
        />
      </Group>
      <DataTable
        caption="Investors the update reached"
        columns={columns}
        rowKey={(r) => r.user_id}
        rows={list.data?.data}
        loading={list.isFetching}
        sort={sort}
        onSort={setSort}
        page={page}
        lastPage={list.data?.meta.last_page ?? 1}
        total={list.data?.meta.total ?? 0}
        onPage={setPage}
        empty={<EmptyState icon={IconUsers} title="No one here" />}
      />
    </Paper>
  );
}

function AnswerForm({ question }: { question: UpdateReportQuestion }) {
  const form = useForm<{ answer: string; visibility: AnswerVisibility }>({
    initialValues: { answer: question.answer ?? '', visibility: question.answer_visibility ?? 'private' },
    validate: validateWith(answerQuestionBody, (values) => values),
  });
  const save = useUpdateAction((values: { answer: string; visibility: AnswerVisibility }) => answerQuestion(question.id, values));
  const { submit, submitting, formError } = useSubmit(
    (values: { answer: string; visibility: AnswerVisibility }) => save.mutateAsync(values),
    form,
  );
  return (
    <form onSubmit={form.onSubmit((v) => void submit(v))} noValidate>
      <Stack gap="xs">
        <Textarea label="Answer" autosize minRows={2} {...form.getInputProps('answer')} />
        <Group justify="space-between" align="flex-end">
          <SegmentedControl
            aria-label="Who sees the answer"
            data={ANSWER_VISIBILITIES.map((v) => ({ value: v, label: ANSWER_VISIBILITY_LABELS[v] }))}
            {...form.getInputProps('visibility')}
          />
          <Button type="submit" size="sm" loading={submitting}>
            {question.answer ? 'Update answer' : 'Answer'}
          </Button>
        </Group>
        <FormError message={formError} />
      </Stack>
    </form>
  );
}

function Questions({ report }: { report: UpdateReport }) {
  const user = useCurrentUser();
  const questions = useStaffQuestions(report.id);
  const mayAnswer = can(user?.role_id, 'update_reports', 'update');
  return (
    <SectionCard title="Questions from investors">
      {questions.data?.length === 0 && (
        <EmptyState icon={IconMessageQuestion} title="No questions yet">
          Investors who received the update can ask a question on it; answer them here.
        </EmptyState>
      )}
      <Stack>
        {questions.data?.map((q) => (
          <Paper key={q.id} withBorder radius="md" p="md">
            <Group justify="space-between" mb={4}>
              <Text fw={600} size="sm">
                {q.asked_by?.name ?? 'An investor'}
              </Text>
              <Text size="xs" c="dimmed">
                {formatDateTime(q.created_at)}
              </Text>
            </Group>
            <Text size="sm" mb="sm">
              {q.question}
            </Text>
            {q.answer && !mayAnswer && (
              <Text size="sm" c="dimmed">
                {q.answer}
              </Text>
            )}
            {q.answer && (
              <Badge variant="light" color="gray" c="dark.6" mb="xs" style={{ textTransform: 'none' }}>
                {q.answer_visibility ? ANSWER_VISIBILITY_LABELS[q.answer_visibility] : ''}
              </Badge>
            )}
            {mayAnswer && <AnswerForm question={q} />}
          </Paper>
        ))}
      </Stack>
    </SectionCard>
  );
}

/** /admin/reports/updates/{id}/details: a live update — its text, attachments, who opened it, and investors' questions. */
export function UpdateDetailsPage() {
  const { id } = useParams({ strict: false }) as { id: string };
  const { terms } = useBranding();
  const user = useCurrentUser();
  const query = useUpdateReport(id);
  const report = query.data;
  usePageTitle(report?.title ?? terms.updateReports);
  if (query.error) return <ErrorPage status={query.error instanceof ApiError ? query.error.status : 500} />;
  if (!report) return <Skeleton h={480} radius="md" />;
  // A draft opens on its edit page for whoever may edit it; others read it here.
  if (report.status === PublishState.Draft && can(user?.role_id, 'update_reports', 'update'))
    return <Navigate to={`/admin/reports/updates/${id}/edit-update`} replace />;
  return (
    <Stack gap="lg">
      <BackLink to="/admin/reports/updates">{terms.updateReports}</BackLink>
      <Group gap="sm">
        <Title order={1} fz={26}>
          {report.title}
        </Title>
        <StatusBadge report={report} />
      </Group>
      <SectionCard title="Details">
        <SimpleGrid cols={{ base: 2, md: 4 }}>
          <Fact label="Type" value={[report.report_type?.name, report.report_sub_type?.name].filter(Boolean).join(' · ')} />
          <Fact label="Company or fund" value={report.subject?.name ?? 'Whole book'} />
          <Fact
            label="Audience"
            value={
              report.audience === 'groups'
                ? report.client_groups.map((g) => g.name).join(', ')
                : UPDATE_REPORT_AUDIENCE_LABELS[report.audience]
            }
          />
          <Fact label="Published" value={report.published_at ? formatDateTime(report.published_at) : null} />
        </SimpleGrid>
      </SectionCard>
      <SectionCard title="Text">
        <RichText html={report.body} />
      </SectionCard>
      <DocumentsPanel subject={{ type: 'update_report', id: report.id }} canWrite={false} publicLabel="Attached for the audience" />
      <Recipients report={report} />
      <Questions report={report} />
    </Stack>
  );
}
