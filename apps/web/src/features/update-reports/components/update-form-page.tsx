import { Alert, Button, Group, MultiSelect, Radio, Select, SimpleGrid, Skeleton, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, Navigate, useNavigate, useParams } from '@tanstack/react-router';
import {
  can,
  createUpdateReportBody,
  PublishState,
  UPDATE_REPORT_AUDIENCE_LABELS,
  UPDATE_REPORT_AUDIENCES,
  type UpdateReportAudience,
  updateUpdateReportBody,
} from '@platform/domain';
import { ApiError } from '../../../app/api-client';
import { toLocalIsoDateTime } from '../../../app/format';
import { validateWith } from '../../../app/form-validation';
import { useCurrentUser } from '../../../app/session';
import { useBranding } from '../../../app/settings';
import { useAutosave } from '../../../app/use-autosave';
import { useSubmit } from '../../../app/use-submit';
import { AutosaveStatus } from '../../../ui/autosave-status';
import { BackLink } from '../../../ui/back-link';
import { DeleteRecordButton } from '../../../ui/delete-record-button';
import { FormError } from '../../../ui/form-error';
import { usePageTitle } from '../../../ui/page-title';
import { RichTextEditor } from '../../../ui/rich-text-editor';
import { SectionCard } from '../../../ui/section-card';
import { ErrorPage } from '../../errors';
import { DocumentsPanel } from '../../records';
import {
  deleteUpdateReport,
  publishUpdateReport,
  saveUpdateReport,
  useClientGroupOptions,
  useReportTypes,
  useUpdateAction,
  useUpdateReport,
  type UpdateReport,
} from '../api/update-reports';
import { DateTimeField } from '../../../ui/date-field';
import { subjectIds, useAudienceSubjects } from './audience-subjects';

interface UpdateValues extends Record<string, unknown> {
  title: string;
  report_type_id: string | null;
  report_sub_type_id: string | null;
  body: string;
  /** 'company:12' or 'fund:3': one select for what the update is about. */
  subject: string | null;
  audience: UpdateReportAudience;
  client_group_ids: string[];
  /** The viewer's wall-clock time ('2026-04-01T09:00'), empty when not scheduled. */
  publish_at: string;
}

function initialValues(report?: UpdateReport): UpdateValues {
  return {
    title: report?.title ?? '',
    report_type_id: report?.report_type ? String(report.report_type.id) : null,
    report_sub_type_id: report?.report_sub_type ? String(report.report_sub_type.id) : null,
    body: report?.body ?? '',
    subject: report?.subject ? `${report.subject.type}:${report.subject.id}` : null,
    audience: report?.audience ?? 'holders',
    client_group_ids: report?.client_groups.map((g) => String(g.id)) ?? [],
    publish_at: report?.publish_at ? toLocalIsoDateTime(new Date(report.publish_at)) : '',
  };
}

/** What the form sends (`createUpdateReportBody` / `updateUpdateReportBody`): ids as numbers, the time with its offset. */
function updateBody(values: UpdateValues) {
  return {
    title: values.title,
    report_type_id: values.report_type_id ? Number(values.report_type_id) : undefined,
    report_sub_type_id: values.report_sub_type_id ? Number(values.report_sub_type_id) : null,
    body: values.body,
    ...subjectIds(values.subject),
    audience: values.audience,
    client_group_ids: values.audience === 'groups' ? values.client_group_ids.map(Number) : [],
    publish_at: values.publish_at ? new Date(values.publish_at).toISOString() : null,
  };
}

function UpdateForm({ report }: { report?: UpdateReport }) {
  const navigate = useNavigate();
  const user = useCurrentUser();
  const types = useReportTypes();
  const subjects = useAudienceSubjects();
  const groups = useClientGroupOptions();
  const form = useForm<UpdateValues>({
    initialValues: initialValues(report),
    validate: validateWith(report ? updateUpdateReportBody : createUpdateReportBody, updateBody),
  });
  const save = useUpdateAction((values: UpdateValues) => saveUpdateReport(updateBody(values), report?.id));
  const publish = useUpdateAction(publishUpdateReport);
  const remove = useUpdateAction(deleteUpdateReport);
  // A saved update is edited here only while it is a draft (EditUpdatePage): it saves itself as it is typed (decision 0052).
  const autosave = useAutosave(form, { enabled: Boolean(report), save: (values) => save.mutateAsync(values) });
  const { submit, submitting, formError } = useSubmit(async (values: UpdateValues) => {
    const { data } = await autosave.manual(values, () => save.mutateAsync(values));
    if (!report) await navigate({ to: `/admin/reports/updates/${data.id}/edit-update` });
  }, form);
  const publishNow = useSubmit(async (values: UpdateValues) => {
    if (!report) return;
    await autosave.manual(values, async () => {
      await save.mutateAsync({ ...values, publish_at: '' });
      await publish.mutateAsync(report.id);
    });
    await navigate({ to: `/admin/reports/updates/${report.id}/details` });
  }, form);
  const values = form.getValues();
  const type = types.data?.find((t) => String(t.id) === values.report_type_id);

  return (
    <form onSubmit={form.onSubmit((v) => void submit(v))} noValidate>
      <Stack gap="lg">
        <SectionCard title="The update">
          <Stack>
            <TextInput label="Title" required {...form.getInputProps('title')} />
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Select
                label="Report type"
                required
                data={(types.data ?? []).map((t) => ({ value: String(t.id), label: t.name }))}
                {...form.getInputProps('report_type_id')}
                onChange={(value) => {
                  form.setFieldValue('report_type_id', value);
                  form.setFieldValue('report_sub_type_id', null);
                }}
              />
              <Select
                label="Sub-type"
                placeholder={type?.sub_types.length ? 'None' : 'No sub-types'}
                clearable
                disabled={!type?.sub_types.length}
                data={(type?.sub_types ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
                {...form.getInputProps('report_sub_type_id')}
              />
              <Select
                label="Company or fund"
                placeholder="The whole book"
                clearable
                searchable
                data={subjects}
                nothingFoundMessage="No company or fund matches"
                {...form.getInputProps('subject')}
                error={form.errors.subject ?? form.errors.opportunity_id ?? form.errors.fund_id}
              />
            </SimpleGrid>
            <RichTextEditor
              label="Text"
              value={form.values.body}
              onChange={(html) => form.setFieldValue('body', html)}
              error={form.errors.body}
              images
            />
          </Stack>
        </SectionCard>
        <SectionCard title="Audience and publishing">
          <Stack>
            <Radio.Group label="Who receives it" {...form.getInputProps('audience')}>
              <Group mt="xs">
                {UPDATE_REPORT_AUDIENCES.map((audience) => (
                  <Radio key={audience} value={audience} label={UPDATE_REPORT_AUDIENCE_LABELS[audience]} />
                ))}
              </Group>
            </Radio.Group>
            {values.audience === 'groups' && (
              <MultiSelect
                label="Client groups"
                placeholder="Choose groups"
                searchable
                data={(groups.data ?? []).map((g) => ({ value: String(g.id), label: `${g.name} (${g.member_count})` }))}
                {...form.getInputProps('client_group_ids')}
              />
            )}
            <DateTimeField
              label="Publish at"
              description="Leave empty to keep it a draft until you publish it. The update goes out by itself at this time."
              w={280}
              {...form.getInputProps('publish_at')}
            />
          </Stack>
        </SectionCard>
        <FormError message={formError ?? publishNow.formError} />
        <Group>
          <Button type="submit" loading={submitting}>
            {report ? 'Save draft' : 'Create draft'}
          </Button>
          {report && can(user?.role_id, 'update_reports', 'update') && (
            <Button
              variant="outline"
              loading={publishNow.submitting || publish.isPending}
              onClick={() => void publishNow.submit(form.getValues())}
            >
              Publish now
            </Button>
          )}
          <Button component={Link} to="/admin/reports/updates" variant="default">
            Cancel
          </Button>
          {report && <AutosaveStatus state={autosave.state} retry={() => void autosave.retry()} />}
          {report && can(user?.role_id, 'update_reports', 'delete') && (
            <DeleteRecordButton
              name={report.title}
              what="draft"
              consequence="The draft and its schedule are removed; nothing has been sent to investors."
              remove={() => remove.mutateAsync(report.id)}
              pending={remove.isPending}
              onDeleted={() => void navigate({ to: '/admin/reports/updates' })}
            />
          )}
        </Group>
      </Stack>
    </form>
  );
}

/** /admin/reports/new-update: a new draft; attachments are added once it is saved. */
export function NewUpdatePage() {
  usePageTitle('New update');
  const { terms } = useBranding();
  return (
    <Stack gap="lg" maw={960}>
      <BackLink to="/admin/reports/updates">{terms.updateReports}</BackLink>
      <Title order={1} fz={26}>
        New update
      </Title>
      <UpdateForm />
    </Stack>
  );
}

/** /admin/reports/updates/{id}/edit-update: a draft (a live update opens on its details, spec §2.2). */
export function EditUpdatePage() {
  const { id } = useParams({ strict: false }) as { id: string };
  const { terms } = useBranding();
  const user = useCurrentUser();
  const query = useUpdateReport(id);
  usePageTitle(query.data ? `Edit ${query.data.title}` : 'Edit update');
  if (query.error) return <ErrorPage status={query.error instanceof ApiError ? query.error.status : 500} />;
  if (!query.data) return <Skeleton h={480} radius="md" />;
  if (query.data.status !== PublishState.Draft) return <Navigate to={`/admin/reports/updates/${id}/details`} replace />;
  return (
    <Stack gap="lg" maw={960}>
      <BackLink to="/admin/reports/updates">{terms.updateReports}</BackLink>
      <Title order={1} fz={26}>
        Edit {query.data.title}
      </Title>
      {query.data.publish_at && (
        <Alert color="blue">This draft is scheduled: it is published by itself at the time below unless you clear it.</Alert>
      )}
      {/* Keyed by the update, not by its last change: its own autosave must not start the form afresh under the person typing. */}
      <UpdateForm key={query.data.id} report={query.data} />
      <DocumentsPanel
        subject={{ type: 'update_report', id: query.data.id }}
        canWrite={can(user?.role_id, 'update_reports', 'update')}
        publicLabel="Attached for the audience"
      />
    </Stack>
  );
}
