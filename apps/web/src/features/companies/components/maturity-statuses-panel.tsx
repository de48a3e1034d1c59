import { Button, Group, Paper, Select, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { createMaturityStatusBody } from '@platform/domain';
import { validateWith } from '../../../app/form-validation';
import { useSubmit } from '../../../app/use-submit';
import { FormError } from '../../../ui/form-error';
import {
  companyKeys,
  maturityStatusBody,
  recordMaturityStatus,
  useCompanyAction,
  useMaturityStatuses,
  type Company,
  type MaturityStatusValues as Values,
} from '../api/companies';
import { STATUS_OPTIONS } from './companies-list-page';
import { MaturityStatusBadge } from './maturity-status-badge';
import { formatDate, toLocalIsoDate } from '../../../app/format';
import { SimpleTable } from '../../../ui/simple-table';
import { DateField } from '../../../ui/date-field';

/** Records a status: the history only grows; the latest by date becomes the company's status. */
function RecordStatus({ company }: { company: Company }) {
  const client = useQueryClient();
  const form = useForm<Values>({
    initialValues: { status: company.maturity_status, date: toLocalIsoDate(), note: '' },
    validate: validateWith(createMaturityStatusBody, maturityStatusBody),
  });
  const record = useCompanyAction((v: Values) => recordMaturityStatus(company.id, maturityStatusBody(v)));
  const { submit, submitting, formError } = useSubmit(async (v: Values) => {
    await record.mutateAsync(v);
    await client.invalidateQueries({ queryKey: companyKeys.statuses(company.id) });
    form.setValues({ note: '' });
  }, form);
  return (
    <form onSubmit={form.onSubmit((v) => void submit(v))} noValidate>
      <Stack gap="xs">
        <Group align="flex-start" wrap="wrap">
          <Select label="New status" data={STATUS_OPTIONS} allowDeselect={false} {...form.getInputProps('status')} w={200} />
          <DateField label="Effective date" max={toLocalIsoDate()} {...form.getInputProps('date')} w={180} />
          <TextInput label="Note" placeholder="What happened" {...form.getInputProps('note')} style={{ flex: 1 }} miw={240} />
        </Group>
        <FormError message={formError} />
        <Group>
          <Button type="submit" loading={submitting}>
            Record status
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The Maturity statuses tab: the company's status history, newest first, and a form to record one. */
export function MaturityStatusesPanel({ company, canWrite }: { company: Company; canWrite: boolean }) {
  const history = useMaturityStatuses(company.id);
  return (
    <Stack gap="lg">
      {canWrite && (
        <Paper withBorder radius="md" p="lg">
          <Title order={2} fz="lg" mb="xs">
            Record a status
          </Title>
          <Text size="sm" c="dimmed" mb="md">
            A status dated before a later one joins the history without changing the current status. Future dates are not accepted.
          </Text>
          <RecordStatus company={company} />
        </Paper>
      )}
      <Paper withBorder radius="md">
        {!history.data ? (
          <Skeleton h={160} radius="md" />
        ) : (
          <SimpleTable
            verticalSpacing="sm"
            horizontalSpacing="md"
            striped
            title="Status history"
            rows={history.data}
            rowKey={(entry) => entry.id}
            columns={[
              { key: 'date', label: 'Effective', render: (entry) => formatDate(entry.date) },
              { key: 'status', label: 'Status', render: (entry) => <MaturityStatusBadge status={entry.status} /> },
              { key: 'note', label: 'Note', render: (entry) => entry.note ?? '—' },
              {
                key: 'recorded_by',
                label: 'Recorded by',
                render: (entry) => (
                  <>
                    <Text size="sm">{entry.recorded_by?.name ?? '—'}</Text>
                    <Text size="xs" c="dimmed">
                      {formatDate(entry.created_at)}
                    </Text>
                  </>
                ),
              },
            ]}
          />
        )}
      </Paper>
    </Stack>
  );
}
