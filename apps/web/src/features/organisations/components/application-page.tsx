import { useState } from 'react';
import { Anchor, Badge, Button, Group, Paper, Select, SimpleGrid, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconFileText, IconX } from '@tabler/icons-react';
import { Link, useParams } from '@tanstack/react-router';
import {
  approveApplicationBody,
  can,
  HOLDER_PERMISSION_EVENT,
  type Organisation,
  rejectApplicationBody,
  type StaffOrganisationApplication,
} from '@platform/domain';
import { ApiError } from '../../../app/api-client';
import { validateWith } from '../../../app/form-validation';
import { useCurrentUser } from '../../../app/session';
import { useBranding } from '../../../app/settings';
import { useListQuery } from '../../../app/use-list-query';
import { useSubmit } from '../../../app/use-submit';
import { Fact } from '../../../ui/fact';
import { FormError } from '../../../ui/form-error';
import { usePageTitle } from '../../../ui/page-title';
import { ErrorPage } from '../../errors';
import {
  APPLICATION_STATUS_COLOURS,
  type ApproveValues,
  approveBody,
  ORGANISATION_ROLE_OPTIONS,
  type RejectValues,
  rejectBody,
  useApplication,
  useDecision,
} from '../api/organisations';
import { BackLink } from '../../../ui/back-link';
import { formatDateTime } from '../../../app/format';

/** An organisation on file to link the applicant to, found by name or number. */
function OrganisationPicker({ value, onChange, error }: { value: string | null; onChange: (id: string | null) => void; error?: string }) {
  const { terms } = useBranding();
  const [search, setSearch] = useState('');
  const [text] = useDebouncedValue(search, 250);
  const found = useListQuery<Organisation>('organisations', { page: 1, perPage: 20, sort: 'name', filters: { search: text } });
  return (
    <Select
      label={`Link to one of your ${terms.organisations.toLowerCase()}`}
      description="Leave empty to use one with the same company number, or create it from the application."
      placeholder="Type a name or company number"
      searchable
      clearable
      value={value}
      onChange={onChange}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={found.isFetching ? 'Searching…' : 'No organisation matches'}
      data={(found.data?.data ?? []).map((o) => ({
        value: String(o.id),
        label: o.company_number ? `${o.name} (${o.company_number})` : o.name,
      }))}
      error={error}
    />
  );
}

function Decide({ application }: { application: StaffOrganisationApplication }) {
  const decide = useDecision(application.id);
  const [mode, setMode] = useState<'approve' | 'reject'>('approve');
  const approveForm = useForm<ApproveValues>({
    initialValues: { organisation_id: null, role: application.role },
    validate: validateWith(approveApplicationBody, approveBody),
  });
  const rejectForm = useForm<RejectValues>({
    initialValues: { reason: '' },
    validate: validateWith(rejectApplicationBody, rejectBody),
  });
  const approve = useSubmit(async (values: ApproveValues) => {
    await decide.mutateAsync({ decision: 'approve', body: approveBody(values) });
    notifications.show({ color: 'teal', message: 'Approved. The investor has been told.' });
  }, approveForm);
  const reject = useSubmit(async (values: RejectValues) => {
    await decide.mutateAsync({ decision: 'reject', body: rejectBody(values) });
    notifications.show({ color: 'teal', message: 'Rejected. The investor has been told why.' });
  }, rejectForm);
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} fz="lg">
            Decision
          </Title>
          <Group gap="xs">
            <Button
              variant={mode === 'approve' ? 'filled' : 'default'}
              color="teal"
              leftSection={<IconCheck size={16} aria-hidden />}
              onClick={() => setMode('approve')}
              aria-pressed={mode === 'approve'}
            >
              Approve
            </Button>
            <Button
              variant={mode === 'reject' ? 'filled' : 'default'}
              color="red"
              leftSection={<IconX size={16} aria-hidden />}
              onClick={() => setMode('reject')}
              aria-pressed={mode === 'reject'}
            >
              Reject
            </Button>
          </Group>
        </Group>
        {mode === 'approve' ? (
          <form onSubmit={approveForm.onSubmit((v) => void approve.submit(v))}>
            <Stack gap="sm">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <OrganisationPicker
                  value={approveForm.values.organisation_id}
                  onChange={(v) => approveForm.setFieldValue('organisation_id', v)}
                  error={approveForm.errors.organisation_id as string | undefined}
                />
                <Select
                  label="Role in the organisation"
                  data={ORGANISATION_ROLE_OPTIONS}
                  allowDeselect={false}
                  {...approveForm.getInputProps('role')}
                />
              </SimpleGrid>
              <FormError message={approve.formError} />
              <Group>
                <Button type="submit" color="teal" loading={approve.submitting}>
                  Approve application
                </Button>
              </Group>
            </Stack>
          </form>
        ) : (
          <form onSubmit={rejectForm.onSubmit((v) => void reject.submit(v))} noValidate>
            <Stack gap="sm">
              <Textarea
                label="Reason"
                description="Sent to the investor."
                required
                autosize
                minRows={3}
                {...rejectForm.getInputProps('reason')}
              />
              <FormError message={reject.formError} />
              <Group>
                <Button type="submit" color="red" loading={reject.submitting}>
                  Reject application
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Paper>
  );
}

/** /admin/investors/organisation-applications/{id}/details. */
export function ApplicationPage() {
  const { id } = useParams({ strict: false }) as { id: string };
  const user = useCurrentUser();
  const query = useApplication(id);
  const application = query.data;
  usePageTitle(application ? `Application: ${application.name}` : 'Organisation application');
  if (query.error) return <ErrorPage status={query.error instanceof ApiError ? query.error.status : 500} />;
  if (!application) return <Skeleton h={360} radius="md" />;
  return (
    <Stack gap="lg" maw={960}>
      <BackLink to="/admin/investors/organisation-applications">Organisation Applications</BackLink>
      <div>
        <Title order={1} fz={26}>
          {application.name}
        </Title>
        <Group gap="xs" mt={6}>
          <Badge color={APPLICATION_STATUS_COLOURS[application.status]} variant="light">
            {application.status_label}
          </Badge>
        </Group>
      </div>
      <Paper withBorder radius="md" p="lg">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          <Fact label="Applicant" value={application.user ? `${application.user.name} (${application.user.email})` : null} />
          <Fact label="Type" value={application.type_label} />
          <Fact label="Company number" value={application.company_number} />
          <Fact label="Role asked for" value={application.role_label} />
          <Fact label="Received" value={formatDateTime(application.created_at)} />
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              Supporting document
            </Text>
            {application.document ? (
              <Anchor href={application.document.download_url} target="_blank" rel="noopener">
                <Group gap={4} component="span">
                  <IconFileText size={16} aria-hidden />
                  {application.document.name}
                </Group>
              </Anchor>
            ) : (
              <Text>—</Text>
            )}
          </div>
        </SimpleGrid>
      </Paper>
      {application.status === 'pending' ? (
        can(user?.role_id, HOLDER_PERMISSION_EVENT, 'update') && <Decide application={application} />
      ) : (
        <Paper withBorder radius="md" p="lg">
          <Title order={2} fz="lg" mb="sm">
            Decision
          </Title>
          <Text size="sm">
            {application.status_label} by {application.decided_by?.name ?? 'staff'}
            {application.decided_at ? ` on ${formatDateTime(application.decided_at)}` : ''}.
          </Text>
          {application.status === 'approved' && application.organisation && (
            <Text size="sm" mt="xs">
              Linked as {application.role_label} to{' '}
              <Anchor component={Link} to={`/admin/investors/organisations/${application.organisation.id}/details`}>
                {application.organisation.name}
              </Anchor>
              .
            </Text>
          )}
          {application.reason && (
            <Text size="sm" mt="xs">
              Reason: {application.reason}
            </Text>
          )}
        </Paper>
      )}
    </Stack>
  );
}
