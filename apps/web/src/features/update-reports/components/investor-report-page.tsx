import { Badge, Button, Group, Paper, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconFileText } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { askQuestionBody } from '@platform/domain';
import { ApiError } from '../../../app/api-client';
import { formatDate, formatDateTime } from '../../../app/format';
import { validateWith } from '../../../app/form-validation';
import { useBranding } from '../../../app/settings';
import { useSubmit } from '../../../app/use-submit';
import { BackLink } from '../../../ui/back-link';
import { FormError } from '../../../ui/form-error';
import { usePageTitle } from '../../../ui/page-title';
import { RichText } from '../../../ui/rich-text';
import { DocumentLink } from '../../../ui/document-link';
import { SectionCard } from '../../../ui/section-card';
import { ErrorPage } from '../../errors';
import { askQuestion, type InvestorUpdateReportDetail, updateKeys, useMyUpdateReport } from '../api/update-reports';

function AskQuestion({ report }: { report: InvestorUpdateReportDetail }) {
  const client = useQueryClient();
  const form = useForm({
    initialValues: { question: '' },
    validate: validateWith(askQuestionBody, (values: { question: string }) => values),
  });
  const { submit, submitting, formError } = useSubmit(async (values: { question: string }) => {
    await askQuestion(report.id, values.question);
    form.reset();
    await client.invalidateQueries({ queryKey: updateKeys.mine });
  }, form);
  return (
    <form onSubmit={form.onSubmit((v) => void submit(v))} noValidate>
      <Stack gap="xs">
        <Textarea label="Ask a question about this update" autosize minRows={2} {...form.getInputProps('question')} />
        <FormError message={formError} />
        <Group>
          <Button type="submit" loading={submitting}>
            Send question
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * One update as an investor reads it — /investor/news/reports/{id}, and under its holding
 * (/investor/portfolio/{id}/reports/{reportId}) or fund (/investor/portfolio/fund/{id}/reports/{reportId}).
 * Opening it records that they read it. An update about another holding is not there (404).
 */
export function InvestorReportPage({ area }: { area: 'news' | 'holding' | 'fund' }) {
  const params = useParams({ strict: false }) as { id: string; reportId?: string };
  const { terms } = useBranding();
  const reportId = Number(area === 'news' ? params.id : params.reportId);
  const query = useMyUpdateReport(reportId);
  const report = query.data;
  usePageTitle(report?.title ?? terms.news);
  if (query.error) return <ErrorPage status={query.error instanceof ApiError ? query.error.status : 500} />;
  if (!report) return <Skeleton h={480} radius="md" />;
  const misplaced =
    (area === 'holding' && report.opportunity_id !== Number(params.id)) || (area === 'fund' && report.fund_id !== Number(params.id));
  if (misplaced) return <ErrorPage status={404} />;
  const back =
    area === 'holding'
      ? { to: `/investor/portfolio/${params.id}`, label: report.subject?.name ?? terms.portfolio }
      : area === 'fund'
        ? { to: `/investor/portfolio/fund/${params.id}`, label: report.subject?.name ?? terms.portfolio }
        : { to: '/investor/news', label: terms.news };

  return (
    <Stack gap="lg" maw={880}>
      <BackLink to={back.to}>{back.label}</BackLink>
      <div>
        <Title order={1} fz={28}>
          {report.title}
        </Title>
        <Group gap="xs" mt={4}>
          <Text c="dimmed">{formatDate(report.published_at)}</Text>
          {[report.subject?.name, report.report_type?.name, report.report_sub_type?.name].filter(Boolean).map((label) => (
            <Badge key={label} variant="light">
              {label}
            </Badge>
          ))}
        </Group>
      </div>
      <Paper withBorder radius="md" p="lg">
        <RichText html={report.body} />
      </Paper>
      {report.attachments.length > 0 && (
        <SectionCard title="Attachments">
          <Stack gap="xs">
            {report.attachments.map((file) => (
              <Group key={file.id} gap="xs">
                <IconFileText size={18} aria-hidden />
                <DocumentLink document={file}>{file.name}</DocumentLink>
              </Group>
            ))}
          </Stack>
        </SectionCard>
      )}
      <SectionCard title="Questions and answers">
        <Stack>
          {report.questions.map((q) => (
            <Paper key={q.id} withBorder radius="md" p="md">
              <Group justify="space-between" mb={4}>
                <Text fw={600} size="sm">
                  {q.mine ? 'Your question' : 'An investor asked'}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(q.created_at)}
                </Text>
              </Group>
              <Text size="sm">{q.question}</Text>
              {q.answer ? (
                <Paper bg="var(--mantine-color-default-hover)" p="sm" mt="sm" radius="sm">
                  <Text size="xs" fw={600} mb={2}>
                    Answer
                  </Text>
                  <Text size="sm">{q.answer}</Text>
                </Paper>
              ) : (
                <Text size="xs" c="dimmed" mt="xs">
                  Waiting for an answer.
                </Text>
              )}
            </Paper>
          ))}
          <AskQuestion report={report} />
        </Stack>
      </SectionCard>
    </Stack>
  );
}
