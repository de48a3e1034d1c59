import {
  Alert,
  Anchor,
  Badge,
  Button,
  FileInput,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useForm } from '@mantine/form';
import { IconUpload } from '@tabler/icons-react';
import { type OrganisationApplication, organisationApplicationBody } from '@platform/domain';
import { validateWith } from '../../../app/form-validation';
import { useFeature, useTerm } from '../../../app/settings';
import { useSubmit } from '../../../app/use-submit';
import type { Column } from '../../../ui/data-table';
import { FormError } from '../../../ui/form-error';
import { usePageTitle } from '../../../ui/page-title';
import { SimpleTable } from '../../../ui/simple-table';
import { type ApplyValues, applicationFormData, useApply, useMyApplications, useMyOrganisations } from '../api/my-organisations';
import { APPLICATION_STATUS_COLOURS, ORGANISATION_ROLE_OPTIONS, ORGANISATION_TYPE_OPTIONS } from '../api/organisations';
import { formatDate } from '../../../app/format';

function ApplyForm() {
  const apply = useApply();
  const form = useForm<ApplyValues>({
    initialValues: { name: '', type: 'company', company_number: '', role: 'director', file: null },
    validate: validateWith(organisationApplicationBody, applicationFormData),
  });
  const { submit, submitting, formError } = useSubmit(async (values: ApplyValues) => {
    await apply.mutateAsync(applicationFormData(values));
    form.reset();
  }, form);
  return (
    <form onSubmit={form.onSubmit((v) => void submit(v))} noValidate>
      <Stack gap="md">
        {apply.isSuccess && (
          <Alert color="teal" variant="light">
            Thank you. We will review your application and let you know.
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Organisation name" required {...form.getInputProps('name')} />
          <Select label="Type" data={ORGANISATION_TYPE_OPTIONS} allowDeselect={false} {...form.getInputProps('type')} />
          <TextInput label="Company or registration number" description="If it has one" {...form.getInputProps('company_number')} />
          <Select label="Your role" data={ORGANISATION_ROLE_OPTIONS} allowDeselect={false} {...form.getInputProps('role')} />
        </SimpleGrid>
        <FileInput
          label="Supporting document"
          description="For example a certificate of incorporation, a trust deed or a board resolution naming you. PDF, JPEG or PNG, up to 20 MB."
          placeholder="Choose a file"
          required
          accept="application/pdf,image/jpeg,image/png,image/webp"
          leftSection={<IconUpload size={16} aria-hidden />}
          clearable
          {...form.getInputProps('file')}
        />
        <FormError message={formError} />
        <Group>
          <Button type="submit" loading={submitting}>
            Send application
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function YourOrganisations() {
  const organisations = useTerm('organisations');
  const mine = useMyOrganisations();
  return (
    <Paper withBorder radius="md" p="xl">
      <Title order={2} fz="lg" mb="md">
        Your {organisations.toLowerCase()}
      </Title>
      {!mine.data ? (
        <Skeleton h={60} />
      ) : mine.data.length === 0 ? (
        <Text c="dimmed">You do not act for any organisation on our records yet.</Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {mine.data.map((o) => (
            <Group key={o.id} component="li" justify="space-between">
              <Anchor component={Link} to={`/investor/profile/organisation_${o.id}`} fw={600}>
                {o.name}
              </Anchor>
              <Text size="sm" c="dimmed">
                {o.type_label} · {o.my_role_label}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

const APPLICATION_COLUMNS: Column<OrganisationApplication>[] = [
  {
    key: 'name',
    label: 'Organisation',
    render: (a) => (
      <>
        <Text size="sm" fw={600}>
          {a.name}
        </Text>
        {a.reason && (
          <Text size="xs" c="dimmed">
            {a.reason}
          </Text>
        )}
      </>
    ),
  },
  { key: 'role', label: 'Your role', render: (a) => <Text size="sm">{a.role_label}</Text> },
  { key: 'created_at', label: 'Sent', render: (a) => <Text size="sm">{formatDate(a.created_at)}</Text> },
  {
    key: 'status',
    label: 'Status',
    render: (a) => (
      <Badge color={APPLICATION_STATUS_COLOURS[a.status]} variant="light">
        {a.status_label}
      </Badge>
    ),
  },
];

/**
 * /investor/profile/organisation-apply: the organisations the investor acts for and, while the
 * tenant has organisation links on, asking to act for another and following the answers.
 */
export function OrganisationApplyPage() {
  const enabled = useFeature('enableOrganisationLinks');
  const organisations = useTerm('organisations');
  usePageTitle(organisations);
  const applications = useMyApplications(enabled);
  if (!enabled) return <YourOrganisations />;
  return (
    <Stack gap="lg">
      <YourOrganisations />
      <Paper withBorder radius="md" p="xl">
        <Stack gap="md">
          <Title order={2} fz="lg">
            Invest through an organisation
          </Title>
          <Text size="sm" c="dimmed">
            To invest on behalf of a company, trust or other organisation, tell us which one and how you act for it. Our team checks the
            document and links you to it.
          </Text>
          <ApplyForm />
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="xl">
        <Title order={2} fz="lg" mb="md">
          Your applications
        </Title>
        {!applications.data ? (
          <Skeleton h={80} />
        ) : (
          <SimpleTable
            verticalSpacing="sm"
            caption="Your applications"
            columns={APPLICATION_COLUMNS}
            rows={applications.data}
            rowKey={(a) => a.id}
            empty={<Text c="dimmed">You have not applied yet.</Text>}
          />
        )}
      </Paper>
    </Stack>
  );
}
