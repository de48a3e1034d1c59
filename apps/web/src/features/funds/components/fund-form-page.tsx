import { Button, Group, Select, SimpleGrid, Skeleton, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { CURRENCIES, createFundBody, updateFundBody } from '@platform/domain';
import { ApiError } from '../../../app/api-client';
import { validateWith } from '../../../app/form-validation';
import { useBranding } from '../../../app/settings';
import { useSubmit } from '../../../app/use-submit';
import { FormError } from '../../../ui/form-error';
import { usePageTitle } from '../../../ui/page-title';
import { RichTextEditor } from '../../../ui/rich-text-editor';
import { useStaff } from '../../deals';
import { ErrorPage } from '../../errors';
import { useFund, useFundAction, type Fund } from '../api/funds';
import { fundFormData, saveFund, type FundValues } from '../api/save-fund';
import { SectionCard } from '../../../ui/section-card';
import { BackLink } from '../../../ui/back-link';
import { MoneyInput } from '../../../ui/money-input';

function initialValues(fund?: Fund): FundValues {
  return {
    name: fund?.name ?? '',
    type: fund?.type ?? '',
    vintage: fund ? String(fund.vintage) : String(new Date().getFullYear()),
    currency: fund?.currency ?? 'GBP',
    target_size: fund?.target_size ?? '',
    management_fee: fund?.management_fee ?? '',
    performance_fee: fund?.performance_fee ?? '',
    manager_id: fund?.manager_id ? String(fund.manager_id) : null,
    description: fund?.description ?? '',
  };
}

function FundForm({ fund }: { fund?: Fund }) {
  const navigate = useNavigate();
  const staff = useStaff();
  const form = useForm<FundValues>({
    initialValues: initialValues(fund),
    validate: validateWith(fund ? updateFundBody : createFundBody, (values) => fundFormData(values, Boolean(fund))),
  });
  const save = useFundAction((values: FundValues) => saveFund(values, fund));
  const { submit, submitting, formError } = useSubmit(async (values: FundValues) => {
    const { data } = await save.mutateAsync(values);
    await navigate({ to: `/admin/funds/${data.id}/details` });
  }, form);
  const managers = (staff.data ?? []).map((s) => ({ value: String(s.id), label: s.name }));
  if (fund?.manager && !managers.some((m) => m.value === String(fund.manager!.id)))
    managers.unshift({ value: String(fund.manager.id), label: fund.manager.name });
  const values = form.getValues();

  return (
    <form onSubmit={form.onSubmit((v) => void submit(v))} noValidate>
      <Stack gap="lg">
        <SectionCard title="The fund">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Name" required {...form.getInputProps('name')} />
            <TextInput label="Type" required placeholder="EIS, SEIS, VCT…" {...form.getInputProps('type')} />
            <TextInput label="Vintage" required inputMode="numeric" maxLength={4} {...form.getInputProps('vintage')} />
            <Select
              label="Currency"
              data={[...CURRENCIES]}
              allowDeselect={false}
              description={fund ? 'Fixed once NAVs, ledger entries or investments are recorded.' : undefined}
              {...form.getInputProps('currency')}
            />
            <Select
              label="Manager"
              placeholder={staff.isLoading ? 'Loading staff…' : 'No manager'}
              data={managers}
              searchable
              clearable
              nothingFoundMessage="No member of staff matches"
              {...form.getInputProps('manager_id')}
            />
          </SimpleGrid>
        </SectionCard>
        <SectionCard title="Size and fees">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <MoneyInput
              currency={values.currency}
              label={`Target size (${values.currency})`}
              placeholder="10,000,000.00"
              {...form.getInputProps('target_size')}
            />
            <TextInput label="Annual management fee (%)" inputMode="decimal" placeholder="2.0" {...form.getInputProps('management_fee')} />
            <TextInput label="Performance fee (%)" inputMode="decimal" placeholder="20" {...form.getInputProps('performance_fee')} />
          </SimpleGrid>
        </SectionCard>
        <SectionCard title="Description">
          <RichTextEditor
            label="Description"
            value={form.values.description}
            onChange={(html) => form.setFieldValue('description', html)}
            error={form.errors.description}
            minHeight={200}
          />
        </SectionCard>
        <FormError message={formError} />
        <Group>
          <Button type="submit" loading={submitting}>
            {fund ? 'Save changes' : 'Create fund'}
          </Button>
          <Button component={Link} to={fund ? `/admin/funds/${fund.id}/details` : '/admin/funds'} variant="default">
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /admin/funds/new-fund. */
export function NewFundPage() {
  usePageTitle('New fund');
  const { terms } = useBranding();
  return (
    <Stack gap="lg" maw={960}>
      <BackLink to="/admin/funds">{terms.funds}</BackLink>
      <Title order={1} fz={26}>
        New fund
      </Title>
      <FundForm />
    </Stack>
  );
}

/** /admin/funds/{id}/edit. */
export function EditFundPage() {
  const { id } = useParams({ strict: false }) as { id: string };
  const query = useFund(id);
  usePageTitle(query.data ? `Edit ${query.data.name}` : 'Edit fund');
  if (query.error) return <ErrorPage status={query.error instanceof ApiError ? query.error.status : 500} />;
  if (!query.data) return <Skeleton h={480} radius="md" />;
  return (
    <Stack gap="lg" maw={960}>
      <BackLink to={`/admin/funds/${id}/details`}>{query.data.name}</BackLink>
      <Title order={1} fz={26}>
        Edit {query.data.name}
      </Title>
      <FundForm key={query.data.updated_at} fund={query.data} />
    </Stack>
  );
}
