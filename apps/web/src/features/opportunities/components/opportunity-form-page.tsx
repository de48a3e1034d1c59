import { Button, Group, Paper, Select, SimpleGrid, Skeleton, Stack, Switch, TagsInput, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate, useParams } from '@tanstack/react-router';
import { CURRENCIES, TAX_RELIEFS } from '@platform/domain';
import { api, ApiError } from '../../../app/api-client';
import { useSubmit } from '../../../app/use-submit';
import { FormError } from '../../../ui/form-error';
import { usePageTitle } from '../../../ui/page-title';
import { ErrorPage } from '../../errors/error-page';
import { useOpportunity, useOpportunityAction, type StaffOpportunity } from '../api/opportunities';
import { StatusActions } from './status-actions';

/** The form's fields in the server's names (modules/opportunities/schemas.ts); empty text is sent as "not set". */
const TEXT_FIELDS = [
  'name', 'company_name', 'type', 'sub_type', 'industry', 'round_type', 'currency', 'tax_relief', 'target_raise', 'maximum_raise', 'minimum_investment',
  'maximum_investment', 'share_price', 'pre_money_valuation', 'opens_at', 'closes_at', 'fees', 'summary', 'description', 'investment_terms',
  'bank_account_name', 'bank_sort_code', 'bank_account_number', 'bank_iban',
] as const;
type TextField = (typeof TEXT_FIELDS)[number];
type Values = Record<TextField, string> & { key_points: string[]; market_sounding_required: boolean };

function initialValues(o?: StaffOpportunity): Values {
  const values = Object.fromEntries(TEXT_FIELDS.map((f) => [f, o?.[f] ?? ''])) as Record<TextField, string>;
  return { ...values, currency: values.currency || 'GBP', tax_relief: values.tax_relief || 'none', key_points: o?.key_points ?? [], market_sounding_required: o?.market_sounding_required ?? false };
}

/**
 * The form as FormData (spec §5): creating leaves empty fields out; editing sends an empty field as
 * '' so the server clears it (a JSON null would be dropped with the other empty values).
 */
function payload(values: Values, editing: boolean): FormData {
  const body = new FormData();
  for (const field of TEXT_FIELDS) {
    const value = values[field].trim();
    if (value || editing) body.append(field, value);
  }
  body.append('key_points', JSON.stringify(values.key_points));
  body.append('market_sounding_required', values.market_sounding_required ? '1' : '0');
  if (editing) body.append('_method', 'PATCH');
  return body;
}

function OpportunityForm({ opportunity }: { opportunity?: StaffOpportunity }) {
  const navigate = useNavigate();
  const form = useForm<Values>({ initialValues: initialValues(opportunity) });
  const save = useOpportunityAction((values: Values) =>
    opportunity
      ? api<{ data: StaffOpportunity }>(`/api/investment-opportunities/${opportunity.id}`, { method: 'POST', body: payload(values, true) })
      : api<{ data: StaffOpportunity }>('/api/investment-opportunities', { method: 'POST', body: payload(values, false) }),
  );
  const { submit, submitting, formError } = useSubmit(async (values: Values) => {
    const { data } = await save.mutateAsync(values);
    await navigate({ to: opportunity ? data.admin_path : `/admin/investments/opportunities/${data.id}/edit` });
  }, form);
  const input = (field: TextField) => form.getInputProps(field);

  return (
    <form onSubmit={form.onSubmit((values) => void submit(values))}>
      <Stack gap="lg">
        <Paper withBorder radius="md" p="lg">
          <Title order={2} fz="lg" mb="md">
            The company and the round
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Opportunity name" required {...input('name')} />
            <TextInput label="Company" required {...input('company_name')} />
            <TextInput label="Industry" {...input('industry')} />
            <TextInput label="Round" placeholder="Seed, Series A…" {...input('round_type')} />
            <TextInput label="Type" placeholder="Equity" {...input('type')} />
            <TextInput label="Sub-type" placeholder="Ordinary shares" {...input('sub_type')} />
            <Select label="Tax relief" data={TAX_RELIEFS.map((r) => ({ value: r, label: r === 'none' ? 'None' : r }))} allowDeselect={false} {...input('tax_relief')} />
            <Switch label="Investors must accept market sounding first" mt="xl" {...form.getInputProps('market_sounding_required', { type: 'checkbox' })} />
          </SimpleGrid>
        </Paper>
        <Paper withBorder radius="md" p="lg">
          <Title order={2} fz="lg" mb="md">
            Terms
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            <Select label="Currency" data={[...CURRENCIES]} allowDeselect={false} {...input('currency')} />
            <TextInput label="Target raise" inputMode="decimal" {...input('target_raise')} />
            <TextInput label="Maximum raise" description="The hard cap; the target when empty" inputMode="decimal" {...input('maximum_raise')} />
            <TextInput label="Minimum investment" inputMode="decimal" {...input('minimum_investment')} />
            <TextInput label="Maximum investment" description="Per investor" inputMode="decimal" {...input('maximum_investment')} />
            <TextInput label="Share price" inputMode="decimal" {...input('share_price')} />
            <TextInput label="Pre-money valuation" inputMode="decimal" {...input('pre_money_valuation')} />
            <TextInput label="Opens" type="date" {...input('opens_at')} />
            <TextInput label="Closes" type="date" {...input('closes_at')} />
          </SimpleGrid>
          <TextInput label="Fees" mt="sm" placeholder="2% arrangement fee paid by the company" {...input('fees')} />
        </Paper>
        <Paper withBorder radius="md" p="lg">
          <Title order={2} fz="lg" mb="md">
            What investors read
          </Title>
          <Stack>
            <Textarea label="Summary" autosize minRows={2} {...input('summary')} />
            <Textarea label="Description" description="Formatting: paragraphs, headings, lists and links (HTML) are kept; anything else is removed." autosize minRows={6} {...input('description')} />
            <TagsInput label="Key points" description="Press Enter after each point" {...form.getInputProps('key_points')} />
            <Textarea label="Investment terms" description="Shown for acceptance when investment terms are switched on" autosize minRows={3} {...input('investment_terms')} />
          </Stack>
        </Paper>
        <Paper withBorder radius="md" p="lg">
          <Title order={2} fz="lg" mb="md">
            Payment details
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Account name" {...input('bank_account_name')} />
            <TextInput label="Sort code" placeholder="12-34-56" {...input('bank_sort_code')} />
            <TextInput label="Account number" {...input('bank_account_number')} />
            <TextInput label="IBAN" {...input('bank_iban')} />
          </SimpleGrid>
        </Paper>
        <FormError message={formError} />
        <Group>
          <Button type="submit" loading={submitting}>
            {opportunity ? 'Save changes' : 'Create draft'}
          </Button>
          <Button variant="default" onClick={() => void navigate({ to: opportunity ? opportunity.admin_path.replace(/\/edit$/, '/details') : '/admin/investments/opportunities' })}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function NewOpportunityPage() {
  usePageTitle('New opportunity');
  return (
    <Stack gap="lg">
      <Title order={1} fz={26}>
        New opportunity
      </Title>
      <OpportunityForm />
    </Stack>
  );
}

export function EditOpportunityPage() {
  const { id } = useParams({ strict: false }) as { id: string };
  const query = useOpportunity(id);
  usePageTitle(query.data ? `Edit ${query.data.name}` : 'Edit opportunity');
  if (query.error) return <ErrorPage status={query.error instanceof ApiError ? query.error.status : 500} />;
  if (!query.data) return <Skeleton h={480} radius="md" />;
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1} fz={26}>
          {query.data.name}
        </Title>
        <StatusActions opportunity={query.data} />
      </Group>
      <OpportunityForm key={query.data.updated_at} opportunity={query.data} />
    </Stack>
  );
}
