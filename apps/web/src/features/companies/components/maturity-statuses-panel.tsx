import { Button, Group, Paper, Select, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
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
          <TextInput label="Effective date" type="date" max={toLocalIsoDate()} {...form.getInputProps('date')} w={180} />
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
          <Table verticalSpacing="sm" horizontalSpacing="md" striped>
            <caption style={{ captionSide: 'top', textAlign: 'left', padding: 'var(--mantine-spacing-md)', fontWeight: 600 }}>
              Status history
            </caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Effective</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Note</Table.Th>
                <Table.Th>Recorded by</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {history.data.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td>{formatDate(entry.date)}</Table.Td>
                  <Table.Td>
                    <MaturityStatusBadge status={entry.status} />
                  </Table.Td>
                  <Table.Td>{entry.note ?? '—'}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{entry.recorded_by?.name ?? '—'}</Text>
                    <Text size="xs" c="dimmed">
                      {formatDate(entry.created_at)}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
    </Stack>
  );
}
