import { useState } from 'react';
import { Alert, Button, Group, Paper, Radio, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconClockHour4, IconListCheck } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearch } from '@tanstack/react-router';
import {
  type AppropriatenessMeta,
  type AppropriatenessResult,
  type ComplianceOption,
  type ComplianceQuestion,
  UNLIMITED_COMPLIANCE_TRIES,
} from '@platform/domain';
import { api } from '../../../app/api-client';
import { currentUserQuery } from '../../../app/session';
import { useSubmit } from '../../../app/use-submit';
import { FormError } from '../../../ui/form-error';
import { usePageTitle } from '../../../ui/page-title';
import { formatWeekdayTime } from '../../../app/format';

/** An investor's question list always has its options (asked with `include=options`) and where they stand. */
type QuestionsForInvestor = { data: Array<ComplianceQuestion & { options: ComplianceOption[] }>; meta: AppropriatenessMeta };

/**
 * /investor/profile/appropriateness: the appropriateness test of spec §4 — the questions the server
 * allows now (none once tries are used up or during the 24-hour wait after a fail), then the result.
 */
export function AppropriatenessPage() {
  usePageTitle('Appropriateness test');
  const { redirect } = useSearch({ strict: false }) as { redirect?: string };
  const client = useQueryClient();
  const test = useQuery({
    queryKey: ['compliance-questions'],
    queryFn: () => api<QuestionsForInvestor>('/api/compliance-questions', { query: { include: 'options' } }),
  });
  const [answers, setAnswers] = useState<Record<number, string>>({});
  const [result, setResult] = useState<AppropriatenessResult | null>(null);
  const { submit, submitting, formError } = useSubmit(async () => {
    const { data } = await api<{ data: AppropriatenessResult }>('/api/compliance-answers', {
      method: 'POST',
      body: { answers: Object.fromEntries(Object.entries(answers).map(([q, o]) => [q, Number(o)])) },
    });
    setResult(data);
    await client.invalidateQueries({ queryKey: currentUserQuery.queryKey });
    await client.invalidateQueries({ queryKey: ['compliance-questions'] });
  });
  const continueTo = redirect?.startsWith('/investor') ? redirect : '/investor/investments';

  if (test.isLoading || !test.data) return <Skeleton h={420} radius="md" />;
  const { data: questions, meta } = test.data;
  const heading = (
    <Group gap="sm">
      <ThemeIcon variant="light" size={44} radius="md">
        <IconListCheck size={24} aria-hidden />
      </ThemeIcon>
      <Title order={1} fz={24}>
        Appropriateness test
      </Title>
    </Group>
  );

  if (meta.passed || result?.passed) {
    return (
      <Paper withBorder radius="md" p="xl" maw={760} mx="auto">
        <Stack>
          {heading}
          <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} aria-hidden />} title="You passed">
            {result ? `You answered ${result.score} of ${result.total} questions correctly. ` : ''}You can now invest.
          </Alert>
          <Group>
            <Button component={Link} to={continueTo}>
              Continue
            </Button>
          </Group>
        </Stack>
      </Paper>
    );
  }

  const triesLeft = meta.tries_allowed >= UNLIMITED_COMPLIANCE_TRIES ? null : Math.max(0, meta.tries_allowed - meta.tries_used);
  if (!questions.length) {
    return (
      <Paper withBorder radius="md" p="xl" maw={760} mx="auto">
        <Stack>
          {heading}
          {result && !result.passed && (
            <Alert color="orange" variant="light" title="Not passed this time">
              You answered {result.score} of {result.total} questions correctly.
            </Alert>
          )}
          {meta.retry_at ? (
            <Alert variant="light" icon={<IconClockHour4 size={18} aria-hidden />} title="Please wait before trying again">
              You can take the test again from {formatWeekdayTime(meta.retry_at)}. Use the time to read the risk warning and the opportunity
              documents.
            </Alert>
          ) : triesLeft === 0 ? (
            <Alert color="red" variant="light" title="No tries left">
              You have used all your attempts. Contact us and we will review your application.
            </Alert>
          ) : (
            <Text c="dimmed">There are no questions to answer right now.</Text>
          )}
        </Stack>
      </Paper>
    );
  }

  const complete = questions.every((q) => answers[q.id]);
  return (
    <Paper withBorder radius="md" p="xl" maw={760} mx="auto">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit({});
        }}
      >
        <Stack gap="lg">
          {heading}
          <Text c="dimmed">
            These questions check that you understand the risks of investing in unlisted companies.
            {triesLeft !== null ? ` You have ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left.` : ''}
          </Text>
          {questions.map((q, index) => (
            <Radio.Group
              key={q.id}
              label={`${index + 1}. ${q.question}`}
              value={answers[q.id] ?? null}
              onChange={(value) => setAnswers((a) => ({ ...a, [q.id]: value }))}
              required
            >
              <Stack gap="xs" mt="xs">
                {q.options.map((o) => (
                  <Radio key={o.id} value={String(o.id)} label={o.label} />
                ))}
              </Stack>
            </Radio.Group>
          ))}
          <FormError message={formError} />
          <Group>
            <Button type="submit" loading={submitting} disabled={!complete}>
              Submit answers
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
