import { Button, Checkbox, Group, Select, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import {
  can,
  createInvestorBody,
  INVESTOR_CATEGORIES,
  INVESTOR_CATEGORY_DETAILS,
  KYC_STATUS_LABELS,
  KYC_STATUSES,
  Role,
  updateUserBody,
} from '@platform/domain';
import { api, ApiError } from '../../../app/api-client';
import { validateWith } from '../../../app/form-validation';
import { useCurrentUser } from '../../../app/session';
import { useSubmit } from '../../../app/use-submit';
import { FormError } from '../../../ui/form-error';
import { usePageTitle } from '../../../ui/page-title';
import { useAttributes } from '../../attributes';
import { AttributeFields, attributeFormValues, attributesPayload, type AttributeFormValues } from '../../attributes';
import { ErrorPage } from '../../errors';
import { useInvestor, useInvestorAction, useOwners, type Investor } from '../api/use-investors';
import { SectionCard } from '../../../ui/section-card';
import { BackLink } from '../../../ui/back-link';
import { useBranding, useFeature } from '../../../app/settings';
import { DateField } from '../../../ui/date-field';

interface InvestorValues {
  name: string;
  email: string;
  phone: string;
  address_line1: string;
  address_line2: string;
  city: string;
  postcode: string;
  country: string;
  date_of_birth: string;
  nationality: string;
  owner_id: string | null;
  adviser_id: string | null;
  kyc_status: string;
  category: string | null;
  send_invitation: boolean;
  attributes: AttributeFormValues;
  [key: string]: unknown;
}

const TEXT = [
  'name',
  'email',
  'phone',
  'address_line1',
  'address_line2',
  'city',
  'postcode',
  'country',
  'date_of_birth',
  'nationality',
] as const;

function initialValues(investor?: Investor): InvestorValues {
  return {
    ...Object.fromEntries(TEXT.map((f) => [f, investor?.[f] ?? ''])),
    owner_id: investor?.owner_id ? String(investor.owner_id) : null,
    adviser_id: investor?.adviser_id ? String(investor.adviser_id) : null,
    kyc_status: investor?.kyc_status ?? 'not_started',
    category: investor?.investor_category ?? null,
    send_invitation: !investor,
    attributes: attributeFormValues(investor?.attribute_values),
  } as InvestorValues;
}

/**
 * FormData as the web sends forms (spec §5, §7.1): on create empty fields are left out; on edit an
 * emptied field is sent empty so it is cleared. Attribute values travel as JSON text.
 */
function formData(
  values: InvestorValues,
  initial: InvestorValues,
  editing: boolean,
  attributes: string | undefined,
  mayCategorise: boolean,
): FormData {
  const data = new FormData();
  if (editing) data.append('_method', 'PATCH');
  for (const field of TEXT) {
    const value = values[field].trim();
    if (value || (editing && initial[field] !== '')) data.append(field, value);
  }
  for (const field of ['owner_id', 'adviser_id'] as const) {
    if (values[field] || (editing && initial[field])) data.append(field, values[field] ?? '');
  }
  if (!editing || values.kyc_status !== initial.kyc_status) data.append('kyc_status', values.kyc_status);
  if (mayCategorise && values.category && values.category !== initial.category) data.append('category', values.category);
  if (!editing) data.append('send_invitation', values.send_invitation ? '1' : '0');
  if (attributes) data.append('attributes', attributes);
  return data;
}

function InvestorForm({ investor }: { investor?: Investor }) {
  const navigate = useNavigate();
  const user = useCurrentUser();
  const owners = useOwners();
  const defaultsOn = useFeature('enableDefaultInvestorAssociates');
  const attributes = useAttributes('user');
  const initial = initialValues(investor);
  const mayCategorise = can(user?.role_id, 'investor_category', 'update');
  const send = (values: InvestorValues) =>
    formData(
      values,
      initial,
      Boolean(investor),
      attributesPayload(attributes.data ?? [], values.attributes, initial.attributes, user?.role_id),
      mayCategorise,
    );
  const form = useForm<InvestorValues>({
    initialValues: initial,
    validate: validateWith(investor ? updateUserBody : createInvestorBody, send),
  });
  const save = useInvestorAction((values: InvestorValues) =>
    investor
      ? api<{ data: Investor }>(`/api/users/${investor.id}`, { method: 'POST', body: send(values) })
      : api<{ data: Investor }>('/api/users', { method: 'POST', body: send(values) }),
  );
  const { submit, submitting, formError } = useSubmit(async (values: InvestorValues) => {
    const { data } = await save.mutateAsync(values);
    // A Creator may create investors but not open them (spec §6).
    await navigate({ to: can(user?.role_id, 'investors', 'show') ? `/admin/investors/${data.id}/details` : '/admin/investors' });
  }, form);

  const ownerOptions = (owners.data ?? []).map((o) => ({ value: String(o.id), label: o.name }));
  if (investor?.owner && !ownerOptions.some((o) => o.value === String(investor.owner!.id)))
    ownerOptions.unshift({ value: String(investor.owner.id), label: investor.owner.name });
  const adviserOptions = (owners.data ?? []).filter((o) => o.role_id === Role.Adviser).map((o) => ({ value: String(o.id), label: o.name }));
  // A new investor left without an owner or adviser gets the firm's defaults (Settings › Features).
  const defaultsApply = !investor && defaultsOn;
  const unset = (none: string) => (defaultsApply ? "The firm's default" : none);
  const cancelTo = investor ? `/admin/investors/${investor.id}/details` : '/admin/investors';

  return (
    <form onSubmit={form.onSubmit((v) => void submit(v))} noValidate>
      <Stack gap="lg">
        <SectionCard title="Contact details">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Name" required autoComplete="off" {...form.getInputProps('name')} />
            <TextInput label="Email" required type="email" autoComplete="off" {...form.getInputProps('email')} />
            <TextInput label="Phone" type="tel" placeholder="+44 20 7946 0000" {...form.getInputProps('phone')} />
            <DateField label="Date of birth" {...form.getInputProps('date_of_birth')} />
            <TextInput label="Nationality" {...form.getInputProps('nationality')} />
          </SimpleGrid>
        </SectionCard>
        <SectionCard title="Address">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Address line 1" {...form.getInputProps('address_line1')} />
            <TextInput label="Address line 2" {...form.getInputProps('address_line2')} />
            <TextInput label="Town or city" {...form.getInputProps('city')} />
            <TextInput label="Postcode" {...form.getInputProps('postcode')} />
            <TextInput label="Country" {...form.getInputProps('country')} />
          </SimpleGrid>
        </SectionCard>
        <SectionCard title="Relationship and compliance">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Owner"
              description="The member of staff who looks after this investor."
              placeholder={owners.isLoading ? 'Loading staff…' : unset('No owner')}
              data={ownerOptions}
              searchable
              clearable
              nothingFoundMessage="No member of staff matches"
              {...form.getInputProps('owner_id')}
            />
            <Select
              label="Adviser"
              description="The member of staff with the Adviser role who advises this investor."
              placeholder={owners.isLoading ? 'Loading staff…' : unset('No adviser')}
              data={adviserOptions}
              searchable
              clearable
              nothingFoundMessage="No adviser matches"
              {...form.getInputProps('adviser_id')}
            />
            <Select
              label="KYC status"
              data={KYC_STATUSES.map((s) => ({ value: s, label: KYC_STATUS_LABELS[s] }))}
              allowDeselect={false}
              {...form.getInputProps('kyc_status')}
            />
            {mayCategorise ? (
              <Select
                label="Investor category"
                description="Recorded by you and approved at once; the investor's own declarations are reviewed on the Category tab."
                placeholder="Not categorised"
                data={INVESTOR_CATEGORIES.map((c) => ({ value: c, label: INVESTOR_CATEGORY_DETAILS[c].label }))}
                clearable={!investor?.investor_category}
                {...form.getInputProps('category')}
              />
            ) : (
              <TextInput
                label="Investor category"
                value={investor?.investor_category ? INVESTOR_CATEGORY_DETAILS[investor.investor_category].label : 'Not categorised'}
                readOnly
                variant="filled"
              />
            )}
          </SimpleGrid>
          {!investor && (
            <Checkbox
              mt="md"
              label="Email an invitation to choose a password"
              {...form.getInputProps('send_invitation', { type: 'checkbox' })}
            />
          )}
        </SectionCard>
        {attributes.data && attributes.data.length > 0 && (
          <SectionCard title="Custom attributes">
            <AttributeFields form={form} attributes={attributes.data} roleId={user?.role_id} />
          </SectionCard>
        )}
        <FormError message={formError} />
        <Group>
          <Button type="submit" loading={submitting}>
            {investor ? 'Save changes' : 'Create investor'}
          </Button>
          <Button component={Link} to={cancelTo} variant="default">
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /admin/investors/new-investor */
export function NewInvestorPage() {
  usePageTitle('New investor');
  const { terms } = useBranding();
  return (
    <Stack gap="lg" maw={960}>
      <BackLink to="/admin/investors">{terms.investors}</BackLink>
      <Title order={1} fz={26}>
        New investor
      </Title>
      <Text c="dimmed" size="sm" mt={-12}>
        The investor gets an account without a password; the invitation lets them choose one.
      </Text>
      <InvestorForm />
    </Stack>
  );
}

/** /admin/investors/{id}/edit */
export function EditInvestorPage() {
  const { id } = useParams({ strict: false }) as { id: string };
  const query = useInvestor(id);
  const { terms } = useBranding();
  usePageTitle(query.data ? `Edit ${query.data.name}` : 'Edit investor');
  if (query.error) return <ErrorPage status={query.error instanceof ApiError ? query.error.status : 500} />;
  return (
    <Stack gap="lg" maw={960}>
      <BackLink to="/admin/investors">{terms.investors}</BackLink>
      <Title order={1} fz={26}>
        {query.data ? `Edit ${query.data.name}` : 'Edit investor'}
      </Title>
      {query.data ? <InvestorForm key={query.data.id} investor={query.data} /> : <Skeleton h={480} radius="md" />}
    </Stack>
  );
}
