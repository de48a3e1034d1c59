import { Alert, Button, Group, Select, SimpleGrid, Skeleton, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { ApiError } from '../../../app/api-client';
import { createCompanyBody, updateCompanyBody } from '@platform/domain';
import { validateWith } from '../../../app/form-validation';
import { useBranding } from '../../../app/settings';
import { useSubmit } from '../../../app/use-submit';
import { FormError } from '../../../ui/form-error';
import { usePageTitle } from '../../../ui/page-title';
import { RichTextEditor } from '../../../ui/rich-text-editor';
import { ErrorPage } from '../../errors';
import { LookupSelect } from '../../lookups';
import { useFundOptions } from '../../funds';
import { useCompany, useCompanyAction, type Company } from '../api/companies';
import { companyFormData, saveCompany, type CompanyValues } from '../api/save-company';
import { STATUS_OPTIONS } from './companies-list-page';
import { SectionCard } from '../../../ui/section-card';
import { BackLink } from '../../../ui/back-link';
import { DateField } from '../../../ui/date-field';
import { MoneyInput } from '../../../ui/money-input';

function initialValues(company: Company | undefined, fundId: number | undefined): CompanyValues {
  return {
    fund_id: company ? String(company.fund_id) : fundId ? String(fundId) : null,
    company_name: company?.company_name ?? '',
    industry: company?.industry ?? '',
    stage: company?.stage ?? '',
    investment_date: company?.investment_date ?? '',
    cost: company?.cost ?? '',
    current_valuation: company?.current_valuation ?? '',
    valuation_date: company?.valuation_date ?? '',
    description: company?.description ?? '',
    key_information: company?.key_information ?? '',
    maturity_status: 'active',
  };
}

function CompanyForm({ company, fundId }: { company?: Company; fundId?: number }) {
  const navigate = useNavigate();
  const funds = useFundOptions();
  const form = useForm<CompanyValues>({
    initialValues: initialValues(company, fundId),
    validate: validateWith(company ? updateCompanyBody : createCompanyBody, (v: CompanyValues) => companyFormData(v, Boolean(company))),
  });
  const save = useCompanyAction(({ values, idempotencyKey }: { values: CompanyValues; idempotencyKey: string }) =>
    saveCompany(values, company, idempotencyKey),
  );
  const { submit, submitting, formError } = useSubmit(async (values: CompanyValues, { idempotencyKey }) => {
    const { data } = await save.mutateAsync({ values, idempotencyKey });
    await navigate({ to: `/admin/investments/companies/${data.id}/details` });
  }, form);

  const options = (funds.data ?? []).map((f) => ({ value: String(f.id), label: `${f.name} (${f.currency})` }));
  if (company?.fund && !options.some((o) => o.value === String(company.fund_id)))
    options.unshift({ value: String(company.fund_id), label: `${company.fund.name} (${company.fund.currency})` });
  const currency = funds.data?.find((f) => String(f.id) === form.getValues().fund_id)?.currency ?? company?.fund?.currency ?? '';
  const cancelTo = company ? `/admin/investments/companies/${company.id}/details` : '/admin/investments/companies';

  return (
    <form onSubmit={form.onSubmit((v) => void submit(v))} noValidate>
      <Stack gap="lg">
        {!company && !funds.isLoading && options.length === 0 && (
          <Alert color="yellow" variant="light">
            A fund investment belongs to a fund.{' '}
            {funds.data ? 'Create a fund first.' : 'Funds are switched off, or your role cannot list them.'}
          </Alert>
        )}
        <SectionCard title="The company">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Company" required {...form.getInputProps('company_name')} />
            <Select
              label="Fund"
              required
              placeholder={funds.isLoading ? 'Loading funds…' : 'Choose a fund'}
              data={options}
              searchable
              allowDeselect={false}
              description={company ? 'Only a fund in the same currency: the amounts are in it.' : undefined}
              {...form.getInputProps('fund_id')}
            />
            <LookupSelect list="industries" saved={company?.industry} {...form.getInputProps('industry')} />
            <TextInput label="Stage" placeholder="Seed, Series A…" {...form.getInputProps('stage')} />
          </SimpleGrid>
        </SectionCard>
        <SectionCard title="Investment and valuation">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <DateField label="Investment date" {...form.getInputProps('investment_date')} />
            <MoneyInput
              currency={currency || 'GBP'}
              label={`Cost${currency ? ` (${currency})` : ''}`}
              required
              placeholder="50,000.00"
              {...form.getInputProps('cost')}
            />
            {!company ? (
              <Select label="Maturity status" data={STATUS_OPTIONS} allowDeselect={false} {...form.getInputProps('maturity_status')} />
            ) : (
              <div />
            )}
            <MoneyInput
              currency={currency || 'GBP'}
              label={`Current valuation${currency ? ` (${currency})` : ''}`}
              placeholder="Held at cost when empty"
              {...form.getInputProps('current_valuation')}
            />
            <DateField label="Valuation date" {...form.getInputProps('valuation_date')} />
          </SimpleGrid>
        </SectionCard>
        <SectionCard title="Key information">
          <Stack>
            <Textarea
              label="Summary"
              description="One or two sentences shown with the company"
              autosize
              minRows={2}
              {...form.getInputProps('description')}
            />
            <RichTextEditor
              label="Key information"
              value={form.values.key_information}
              onChange={(html) => form.setFieldValue('key_information', html)}
              error={form.errors.key_information}
            />
          </Stack>
        </SectionCard>
        <FormError message={formError} />
        <Group>
          <Button type="submit" loading={submitting}>
            {company ? 'Save changes' : 'Create fund investment'}
          </Button>
          <Button component={Link} to={cancelTo} variant="default">
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /admin/investments/companies/new-company (?fund= preselects the fund). */
export function NewCompanyPage() {
  usePageTitle('New fund investment');
  const { terms } = useBranding();
  const search = useSearch({ strict: false }) as { fund?: number };
  return (
    <Stack gap="lg" maw={960}>
      <BackLink to="/admin/investments/companies">{terms.fundOpportunities}</BackLink>
      <Title order={1} fz={26}>
        New fund investment
      </Title>
      <CompanyForm fundId={search.fund} />
    </Stack>
  );
}

/** /admin/investments/companies/{id}/edit. */
export function EditCompanyPage() {
  const { id } = useParams({ strict: false }) as { id: string };
  const query = useCompany(id);
  usePageTitle(query.data ? `Edit ${query.data.company_name}` : 'Edit fund investment');
  if (query.error) return <ErrorPage status={query.error instanceof ApiError ? query.error.status : 500} />;
  if (!query.data) return <Skeleton h={480} radius="md" />;
  return (
    <Stack gap="lg" maw={960}>
      <BackLink to={`/admin/investments/companies/${id}/details`}>{query.data.company_name}</BackLink>
      <Title order={1} fz={26}>
        Edit {query.data.company_name}
      </Title>
      <CompanyForm key={query.data.updated_at} company={query.data} />
    </Stack>
  );
}
