import { ActionIcon, Button, Group, Paper, Select, SimpleGrid, Skeleton, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Link, useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { CURRENCIES, createDealBody, updateDealBody } from '@platform/domain';
import { ApiError } from '../../../app/api-client';
import { validateWith } from '../../../app/form-validation';
import { useBranding } from '../../../app/settings';
import { useSubmit } from '../../../app/use-submit';
import { FormError } from '../../../ui/form-error';
import { usePageTitle } from '../../../ui/page-title';
import { RichText } from '../../../ui/rich-text';
import { ErrorPage } from '../../errors';
import { LookupSelect } from '../../lookups';
import { usePipelines } from '../../pipelines';
import { useDeal, useDealAction, type Deal } from '../api/deals';
import { dealFormData, saveDeal, useStaff, type DealValues } from '../api/save-deal';
import { SectionCard } from '../../../ui/section-card';
import { BackLink } from '../../../ui/back-link';
import { DateField } from '../../../ui/date-field';
import { MoneyInput } from '../../../ui/money-input';

const RICH_TEXT_HELP = 'Formatting: paragraphs, headings, lists and links (HTML) are kept; anything else is removed.';

function initialValues(deal: Deal | undefined, pipelineId: number | undefined): DealValues {
  return {
    pipeline_id: deal ? String(deal.pipeline_id) : pipelineId ? String(pipelineId) : null,
    stage_id: deal ? String(deal.stage_id) : null,
    company_name: deal?.company_name ?? '',
    owner_id: deal?.owner_id ? String(deal.owner_id) : null,
    source: deal?.source ?? '',
    amount_sought: deal?.amount_sought ?? '',
    pre_money_valuation: deal?.pre_money_valuation ?? '',
    currency: deal?.currency ?? 'GBP',
    industry: deal?.industry ?? '',
    summary: deal?.summary ?? '',
    key_information: deal?.key_information ?? '',
    performance_notes: deal?.performance_notes ?? '',
    key_dates: deal?.key_dates ?? [],
  };
}

function DealForm({ deal, pipelineId }: { deal?: Deal; pipelineId?: number }) {
  const navigate = useNavigate();
  const pipelines = usePipelines();
  const staff = useStaff();
  const form = useForm<DealValues>({
    initialValues: initialValues(deal, pipelineId),
    validate: validateWith(deal ? updateDealBody : createDealBody, (v: DealValues) => dealFormData(v, Boolean(deal))),
  });
  const save = useDealAction((values: DealValues) => saveDeal(values, deal));
  const { submit, submitting, formError } = useSubmit(async (values: DealValues) => {
    const { data } = await save.mutateAsync(values);
    await navigate({ to: `/admin/investments/deals/${data.id}/performance` });
  }, form);

  const values = form.getValues();
  const pipeline = pipelines.data?.find((p) => String(p.id) === (deal ? String(deal.pipeline_id) : values.pipeline_id));
  const owners = [...(staff.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))];
  if (deal?.owner && !owners.some((o) => o.value === String(deal.owner!.id)))
    owners.unshift({ value: String(deal.owner.id), label: deal.owner.name });
  const cancelTo = deal ? `/admin/investments/deals/${deal.id}/performance` : '/admin/investments/deals';

  return (
    <form onSubmit={form.onSubmit((v) => void submit(v))} noValidate>
      <Stack gap="lg">
        <SectionCard title="The company">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Company" required {...form.getInputProps('company_name')} />
            <LookupSelect list="industries" saved={deal?.industry} {...form.getInputProps('industry')} />
            <TextInput label="Source" placeholder="Angel network, inbound, referral…" {...form.getInputProps('source')} />
            <Select
              label="Owner"
              placeholder={staff.isLoading ? 'Loading staff…' : 'No owner'}
              data={owners}
              searchable
              clearable
              nothingFoundMessage="No member of staff matches"
              {...form.getInputProps('owner_id')}
            />
          </SimpleGrid>
        </SectionCard>
        <SectionCard title="Pipeline">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {deal ? (
              <TextInput
                label="Pipeline"
                value={deal.pipeline?.name ?? ''}
                readOnly
                variant="filled"
                description="Move the deal on the board to change its pipeline."
              />
            ) : (
              <Select
                label="Pipeline"
                required
                data={(pipelines.data ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
                allowDeselect={false}
                {...form.getInputProps('pipeline_id')}
                onChange={(value) => {
                  form.setFieldValue('pipeline_id', value);
                  form.setFieldValue('stage_id', null);
                }}
              />
            )}
            <Select
              label="Stage"
              placeholder={deal ? undefined : 'The first stage'}
              description={deal ? 'A new stage puts the deal at the end of it.' : undefined}
              data={(pipeline?.stages ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
              clearable={!deal}
              allowDeselect={!deal}
              {...form.getInputProps('stage_id')}
            />
          </SimpleGrid>
        </SectionCard>
        <SectionCard title="The raise">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <MoneyInput
              currency={values.currency || 'GBP'}
              label="Amount sought"
              placeholder="750,000.00"
              {...form.getInputProps('amount_sought')}
            />
            <MoneyInput
              currency={values.currency || 'GBP'}
              label="Pre-money valuation"
              placeholder="4,500,000.00"
              {...form.getInputProps('pre_money_valuation')}
            />
            <Select label="Currency" data={[...CURRENCIES]} allowDeselect={false} {...form.getInputProps('currency')} />
          </SimpleGrid>
        </SectionCard>
        <SectionCard title="Key dates">
          <Stack gap="sm">
            {values.key_dates.length === 0 && (
              <Text size="sm" c="dimmed">
                No key dates yet: add board meetings, deadlines or completion dates.
              </Text>
            )}
            {values.key_dates.map((_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: every input of the row is controlled by the form value at this index, so the row holds no state of its own
              <Group key={index} align="flex-start" wrap="nowrap" gap="sm">
                <TextInput
                  label="What"
                  placeholder="Term sheet deadline"
                  style={{ flex: 1 }}
                  {...form.getInputProps(`key_dates.${index}.label`)}
                />
                <DateField label="Date" w={180} {...form.getInputProps(`key_dates.${index}.date`)} />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mt={28}
                  size="lg"
                  aria-label={`Remove key date ${index + 1}`}
                  onClick={() => form.removeListItem('key_dates', index)}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Group>
            ))}
            <Group>
              <Button
                variant="light"
                size="xs"
                leftSection={<IconPlus size={14} aria-hidden />}
                onClick={() => form.insertListItem('key_dates', { label: '', date: '' })}
              >
                Add a key date
              </Button>
            </Group>
          </Stack>
        </SectionCard>
        <SectionCard title="Key information">
          <Stack>
            <Textarea
              label="Summary"
              description="One or two sentences shown at the top of the deal"
              autosize
              minRows={2}
              {...form.getInputProps('summary')}
            />
            <Textarea
              label="Key information"
              description={RICH_TEXT_HELP}
              autosize
              minRows={5}
              {...form.getInputProps('key_information')}
            />
            {values.key_information.trim() && (
              <Paper withBorder radius="sm" p="sm" bg="gray.0">
                <Text size="xs" c="dimmed" fw={600} tt="uppercase" mb={4}>
                  Preview
                </Text>
                <RichText html={values.key_information} />
              </Paper>
            )}
            <Textarea
              label="Performance notes"
              description={RICH_TEXT_HELP}
              autosize
              minRows={4}
              {...form.getInputProps('performance_notes')}
            />
          </Stack>
        </SectionCard>
        <FormError message={formError} />
        <Group>
          <Button type="submit" loading={submitting}>
            {deal ? 'Save changes' : 'Create deal'}
          </Button>
          <Button component={Link} to={cancelTo} variant="default">
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /admin/investments/deals/new-deal (?pipeline= preselects the pipeline the board showed). */
export function NewDealPage() {
  usePageTitle('New deal');
  const { terms } = useBranding();
  const search = useSearch({ strict: false }) as { pipeline?: number };
  const pipelines = usePipelines();
  return (
    <Stack gap="lg" maw={960}>
      <BackLink to="/admin/investments/deals">{terms.dealOpportunities}</BackLink>
      <Title order={1} fz={26}>
        New deal
      </Title>
      {pipelines.data ? <DealForm pipelineId={search.pipeline ?? pipelines.data[0]?.id} /> : <Skeleton h={480} radius="md" />}
    </Stack>
  );
}

/** /admin/investments/deals/{id}/edit. */
export function EditDealPage() {
  const { id } = useParams({ strict: false }) as { id: string };
  const query = useDeal(id);
  usePageTitle(query.data ? `Edit ${query.data.company_name}` : 'Edit deal');
  if (query.error) return <ErrorPage status={query.error instanceof ApiError ? query.error.status : 500} />;
  if (!query.data) return <Skeleton h={480} radius="md" />;
  return (
    <Stack gap="lg" maw={960}>
      <BackLink to={`/admin/investments/deals/${id}/performance`}>{query.data.company_name}</BackLink>
      <Title order={1} fz={26}>
        Edit {query.data.company_name}
      </Title>
      <DealForm key={query.data.updated_at} deal={query.data} />
    </Stack>
  );
}
