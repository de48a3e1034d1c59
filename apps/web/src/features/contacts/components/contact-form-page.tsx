import { Button, Group, Select, SimpleGrid, Skeleton, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import {
  CONTACT_STATUS_IDS,
  CONTACT_STATUS_LABELS,
  ContactStatus,
  createContactBody,
  INVESTOR_INTEREST_LABELS,
  INVESTOR_INTEREST_OPTIONS,
  updateContactBody,
} from '@platform/domain';
import { api, ApiError } from '../../../app/api-client';
import { validateWith } from '../../../app/form-validation';
import { useCurrentUser } from '../../../app/session';
import { useBranding } from '../../../app/settings';
import { useSubmit } from '../../../app/use-submit';
import { FormError } from '../../../ui/form-error';
import { usePageTitle } from '../../../ui/page-title';
import { ErrorPage } from '../../errors';
import { useStaff } from '../../deals';
import { useAttributes, type Attribute } from '../../attributes';
import { AttributeFields, attributeFormValues, attributesPayload, type AttributeFormValues } from '../../attributes';
import { CONTACT_INCLUDES, useContact, useContactAction, useLeadStatuses, type Contact } from '../api/contacts';
import { SectionCard } from '../../../ui/section-card';
import { BackLink } from '../../../ui/back-link';

const LIST = '/admin/investors/contacts';
const TEXT = ['name', 'email', 'phone', 'company', 'source'] as const;

interface ContactValues {
  name: string;
  email: string;
  phone: string;
  company: string;
  source: string;
  interest: string | null;
  status: string;
  lead_status_id: string | null;
  owner_id: string | null;
  attributes: AttributeFormValues;
  [key: string]: unknown;
}

function initialValues(contact?: Contact): ContactValues {
  return {
    name: contact?.name ?? '',
    email: contact?.email ?? '',
    phone: contact?.phone ?? '',
    company: contact?.company ?? '',
    source: contact?.source ?? '',
    interest: contact?.interest ?? null,
    status: String(contact?.status ?? ContactStatus.Active),
    lead_status_id: contact?.lead_status_id ? String(contact.lead_status_id) : null,
    owner_id: contact?.owner_id ? String(contact.owner_id) : null,
    attributes: attributeFormValues(contact?.attribute_values),
  };
}

/** FormData as the web sends forms: on edit an empty field clears the value, on create it is left out. */
function contactFormData(
  values: ContactValues,
  initial: ContactValues,
  attributes: Attribute[],
  roleId: number | undefined,
  editing: boolean,
) {
  const data = new FormData();
  if (editing) data.append('_method', 'PATCH');
  for (const field of TEXT) {
    const value = values[field].trim();
    if (value || editing) data.append(field, value);
  }
  for (const field of ['interest', 'lead_status_id', 'owner_id'] as const)
    if (values[field] || editing) data.append(field, values[field] ?? '');
  data.append('status', values.status);
  const changed = attributesPayload(attributes, values.attributes, initial.attributes, roleId);
  if (changed) data.append('attributes', changed);
  return data;
}

function ContactForm({ contact }: { contact?: Contact }) {
  const navigate = useNavigate();
  const user = useCurrentUser();
  const staff = useStaff();
  const statuses = useLeadStatuses();
  const attributes = useAttributes('contact');
  const initial = initialValues(contact);
  const form = useForm<ContactValues>({
    initialValues: initial,
    validate: validateWith(contact ? updateContactBody : createContactBody, (values: ContactValues) =>
      contactFormData(values, initial, attributes.data ?? [], user?.role_id, Boolean(contact)),
    ),
  });
  const save = useContactAction((values: ContactValues) => {
    const body = contactFormData(values, initial, attributes.data ?? [], user?.role_id, Boolean(contact));
    return api<{ data: Contact }>(contact ? `/api/contacts/${contact.id}` : '/api/contacts', {
      method: 'POST',
      body,
      query: { include: CONTACT_INCLUDES },
    });
  });
  const { submit, submitting, formError } = useSubmit(async (values: ContactValues) => {
    const { data } = await save.mutateAsync(values);
    await navigate({ to: `${LIST}/${data.id}/details` });
  }, form);
  const owners = (staff.data ?? []).map((s) => ({ value: String(s.id), label: s.name }));
  if (contact?.owner && !owners.some((o) => o.value === String(contact.owner!.id)))
    owners.unshift({ value: String(contact.owner.id), label: contact.owner.name });

  return (
    <form onSubmit={form.onSubmit((v) => void submit(v))} noValidate>
      <Stack gap="lg">
        <SectionCard title="The person">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Name" required autoComplete="off" {...form.getInputProps('name')} />
            <TextInput
              label="E-mail"
              type="email"
              description="Needed to convert the contact into an investor."
              {...form.getInputProps('email')}
            />
            <TextInput label="Phone" {...form.getInputProps('phone')} />
            <TextInput label="Company" {...form.getInputProps('company')} />
          </SimpleGrid>
        </SectionCard>
        <SectionCard title="The lead">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Status"
              data={CONTACT_STATUS_IDS.map((id) => ({ value: String(id), label: CONTACT_STATUS_LABELS[id] }))}
              allowDeselect={false}
              {...form.getInputProps('status')}
            />
            <Select
              label="Lead status"
              placeholder="None"
              clearable
              data={(statuses.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
              {...form.getInputProps('lead_status_id')}
            />
            <Select
              label="Owner"
              placeholder={staff.isLoading ? 'Loading staff…' : 'No owner'}
              searchable
              clearable
              data={owners}
              nothingFoundMessage="No member of staff matches"
              {...form.getInputProps('owner_id')}
            />
            <TextInput label="Source" placeholder="Event, referral, website…" {...form.getInputProps('source')} />
            <Select
              label="Interest"
              placeholder="Not known"
              clearable
              data={INVESTOR_INTEREST_OPTIONS.map((o) => ({ value: o, label: INVESTOR_INTEREST_LABELS[o] }))}
              {...form.getInputProps('interest')}
            />
          </SimpleGrid>
        </SectionCard>
        {(attributes.data?.length ?? 0) > 0 && (
          <SectionCard title="Custom attributes">
            <AttributeFields form={form} attributes={attributes.data ?? []} roleId={user?.role_id} />
          </SectionCard>
        )}
        <FormError message={formError} />
        <Group>
          <Button type="submit" loading={submitting}>
            {contact ? 'Save changes' : 'Create contact'}
          </Button>
          <Button component={Link} to={contact ? `${LIST}/${contact.id}/details` : LIST} variant="default">
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /admin/investors/contacts/new-contact. */
export function NewContactPage() {
  usePageTitle('New contact');
  const { terms } = useBranding();
  return (
    <Stack gap="lg" maw={960}>
      <BackLink to={LIST}>{terms.contacts}</BackLink>
      <Title order={1} fz={26}>
        New contact
      </Title>
      <ContactForm />
    </Stack>
  );
}

/** /admin/investors/contacts/{id}/edit. */
export function EditContactPage() {
  const { id } = useParams({ strict: false }) as { id: string };
  const query = useContact(id);
  usePageTitle(query.data ? `Edit ${query.data.name}` : 'Edit contact');
  if (query.error) return <ErrorPage status={query.error instanceof ApiError ? query.error.status : 500} />;
  if (!query.data) return <Skeleton h={480} radius="md" />;
  return (
    <Stack gap="lg" maw={960}>
      <BackLink to={`${LIST}/${id}/details`}>{query.data.name}</BackLink>
      <Title order={1} fz={26}>
        Edit {query.data.name}
      </Title>
      <ContactForm key={query.data.updated_at} contact={query.data} />
    </Stack>
  );
}
