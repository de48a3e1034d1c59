import { Alert, Badge, Button, Group, Paper, Progress, Select, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconFileDescription } from '@tabler/icons-react';
import { can, createStatementRunBody, STATEMENT_RUN_STATUS_LABELS } from '@platform/domain';
import { formatDate, formatDateTime, formatNumber } from '../../../app/format';
import { validateWith } from '../../../app/form-validation';
import { useCurrentUser } from '../../../app/session';
import { useSubmit } from '../../../app/use-submit';
import type { Column } from '../../../ui/data-table';
import { EmptyState } from '../../../ui/empty-state';
import { FormError } from '../../../ui/form-error';
import { usePageTitle } from '../../../ui/page-title';
import { SimpleTable } from '../../../ui/simple-table';
import { useClientGroupOptions } from '../../update-reports';
import { type StatementRun, useStartStatementRun, useStatementRuns } from '../api/book-reports';
import { DateField } from '../../../ui/date-field';

type RunValues = {
  as_at: string;
  from: string;
  client_group_id: string | null;
};

const runBody = (values: RunValues) => ({
  as_at: values.as_at,
  from: values.from,
  client_group_id: values.client_group_id ? Number(values.client_group_id) : null,
});

const today = () => new Date().toISOString().slice(0, 10);

function RunProgress({ run }: { run: StatementRun }) {
  const settled = run.done + run.failed;
  const percent = run.total ? Math.round((settled / run.total) * 100) : 100;
  return (
    <Stack gap={4} miw={160}>
      <Progress value={percent} aria-label={`Statements filed for run ${run.id}`} color={run.failed ? 'orange' : undefined} />
      <Text size="xs" c="dimmed">
        {formatNumber(run.done)} of {formatNumber(run.total)} filed
        {run.failed ? `, ${formatNumber(run.failed)} failed` : ''}
      </Text>
    </Stack>
  );
}

const COLUMNS: Column<StatementRun>[] = [
  {
    key: 'as_at',
    label: 'Statement date',
    render: (r) => (
      <div>
        <Text size="sm" fw={600}>
          {formatDate(r.as_at)}
        </Text>
        <Text size="xs" c="dimmed">
          Transactions from {formatDate(r.from)}
        </Text>
      </div>
    ),
  },
  { key: 'audience', label: 'Investors', render: (r) => r.client_group?.name ?? 'Every investor' },
  { key: 'progress', label: 'Progress', render: (r) => <RunProgress run={r} /> },
  {
    key: 'status',
    label: 'Status',
    render: (r) => (
      <Badge variant="light" color={r.status === 'done' ? (r.failed ? 'orange' : 'teal') : 'blue'}>
        {STATEMENT_RUN_STATUS_LABELS[r.status]}
      </Badge>
    ),
  },
  {
    key: 'requested',
    label: 'Started',
    render: (r) => (
      <div>
        <Text size="sm">{formatDateTime(r.created_at)}</Text>
        <Text size="xs" c="dimmed">
          {r.requested_by?.name ?? '—'}
        </Text>
      </div>
    ),
  },
];

/** Starts a run: the statement date, the period's start, and every investor or one client group. */
function StartRun() {
  const groups = useClientGroupOptions();
  const start = useStartStatementRun();
  const form = useForm<RunValues>({
    initialValues: { as_at: today(), from: `${today().slice(0, 4)}-01-01`, client_group_id: null },
    validate: validateWith(createStatementRunBody, runBody),
  });
  const { submit, submitting, formError } = useSubmit(async (values: RunValues) => {
    await start.mutateAsync(runBody(values));
  }, form);
  return (
    <Paper withBorder radius="md" p="lg">
      <form onSubmit={form.onSubmit((v) => void submit(v))} noValidate>
        <Stack gap="sm">
          <Title order={2} fz="lg">
            Generate statements
          </Title>
          <Text size="sm" c="dimmed">
            Each investor's statement is filed in their documents as a PDF and they are notified.
          </Text>
          <Group align="flex-start" gap="sm">
            <DateField label="Statement date" required {...form.getInputProps('as_at')} />
            <DateField label="Transactions from" required {...form.getInputProps('from')} />
            <Select
              label="Investors"
              placeholder="Every investor"
              clearable
              data={(groups.data ?? []).map((g) => ({ value: String(g.id), label: g.name }))}
              {...form.getInputProps('client_group_id')}
              w={240}
            />
          </Group>
          <FormError message={formError} />
          <Group>
            <Button type="submit" loading={submitting} leftSection={<IconFileDescription size={16} aria-hidden />}>
              Generate statements
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** /admin/reports/statements: bulk investor statements with their progress. */
export function StatementsPage() {
  usePageTitle('Investor statements');
  const user = useCurrentUser();
  const runs = useStatementRuns();
  return (
    <Stack gap="lg">
      <Group gap="sm">
        <ThemeIcon variant="light" size={40} radius="md">
          <IconFileDescription size={22} aria-hidden />
        </ThemeIcon>
        <Title order={1} fz={26}>
          Investor statements
        </Title>
      </Group>
      {can(user?.role_id, 'portfolio_kpis', 'create') && <StartRun />}
      {runs.isError && <Alert color="red">The statement runs could not be loaded.</Alert>}
      {runs.data ? (
        <SimpleTable
          title="Statement runs"
          columns={COLUMNS}
          rows={runs.data}
          rowKey={(r) => r.id}
          empty={
            <EmptyState icon={IconFileDescription} title="No statements generated yet">
              Generated statements appear here with their progress.
            </EmptyState>
          }
        />
      ) : (
        !runs.isError && <Skeleton h={160} radius="md" />
      )}
    </Stack>
  );
}
