import {
  ActionIcon,
  Anchor,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useForm } from '@mantine/form';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import {
  createExistingOpportunityBody,
  createOpportunityBody,
  CURRENCIES,
  TAX_RELIEFS,
  updateOpportunityBody,
  CASH_CALL_PAYMENT_DAYS,
  OpportunityStatus,
  opportunityAdminPath,
} from '@platform/domain';
import { api, ApiError } from '../../../app/api-client';
import { validateWith } from '../../../app/form-validation';
import { useFeature } from '../../../app/settings';
import { useAutosave } from '../../../app/use-autosave';
import { useSubmit } from '../../../app/use-submit';
import { AutosaveStatus } from '../../../ui/autosave-status';
import { FormError } from '../../../ui/form-error';
import { RichTextEditor } from '../../../ui/rich-text-editor';
import { usePageTitle } from '../../../ui/page-title';
import { ErrorPage } from '../../errors';
import { LookupSelect } from '../../lookups';
import { useOpportunity, useOpportunityAction, type StaffOpportunity } from '../api/opportunities';
import { initialValues, payload, type TextField, type Values } from './opportunity-form-values';
import { GalleryManager } from './gallery-manager';
import { StatusActions } from './status-actions';
import { DateField } from '../../../ui/date-field';
import { MoneyInput } from '../../../ui/money-input';

/** Editing an opportunity, creating a Draft, or recording an existing investment (created Completed on its date). */
function OpportunityForm({ opportunity, existing = false }: { opportunity?: StaffOpportunity; existing?: boolean }) {
  const navigate = useNavigate();
  // Investors outside the UK are shown the IBAN and BIC instead (decision 0056).
  const international = useFeature('enableInternationalBank');
  const body = opportunity ? updateOpportunityBody : existing ? createExistingOpportunityBody : createOpportunityBody;
  const form = useForm<Values>({
    initialValues: initialValues(opportunity),
    validate: validateWith(body, (values: Values) => payload(values, Boolean(opportunity))),
  });
  const save = useOpportunityAction(({ values, draftOnly }: { values: Values; draftOnly?: boolean }) =>
    opportunity
      ? api<{ data: StaffOpportunity }>(`/api/investment-opportunities/${opportunity.id}`, {
          method: 'POST',
          body: payload(values, true, draftOnly),
        })
      : api<{ data: StaffOpportunity }>(existing ? '/api/investment-opportunities/existing' : '/api/investment-opportunities', {
          method: 'POST',
          body: payload(values, false),
        }),
  );
  // Only a Draft saves itself as it is typed (decision 0052); a live record changes on "Save changes" alone.
  const draft = opportunity?.status === OpportunityStatus.Draft;
  const autosave = useAutosave(form, { enabled: draft, save: (values) => save.mutateAsync({ values, draftOnly: true }) });
  const { submit, submitting, formError } = useSubmit(async (values: Values) => {
    const { data } = await autosave.manual(values, () => save.mutateAsync({ values }));
    await navigate({ to: opportunity || existing ? data.admin_path : `/admin/investments/opportunities/${data.id}/edit` });
  }, form);
  const input = (field: TextField) => form.getInputProps(field);
  // Behind their flags; with a flag off the field keeps, and sends back, the value it holds.
  const categories = useFeature('enableInvestmentCategories');
  const characters = useFeature('enableInvestmentCharacters');

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
            <LookupSelect list="industries" saved={opportunity?.industry} {...input('industry')} />
            <LookupSelect list="investment-round-types" label="Round" saved={opportunity?.round_type} {...input('round_type')} />
            <LookupSelect list="investment-types" label="Type" saved={opportunity?.type} {...input('type')} />
            <LookupSelect list="investment-sub-types" label="Sub-type" saved={opportunity?.sub_type} {...input('sub_type')} />
            {categories && (
              <LookupSelect list="investment-categories" label="Category" saved={opportunity?.category} {...input('category')} />
            )}
            {characters && (
              <LookupSelect list="investment-characters" label="Character" saved={opportunity?.character} {...input('character')} />
            )}
            <Select
              label="Tax relief"
              data={TAX_RELIEFS.map((r) => ({ value: r, label: r === 'none' ? 'None' : r }))}
              allowDeselect={false}
              {...input('tax_relief')}
            />
            {existing ? (
              <DateField
                label="Completed on"
                description="When the investment completed"
                required
                {...form.getInputProps('completed_at')}
              />
            ) : (
              <Switch
                label="Investors must accept market sounding first"
                mt="xl"
                {...form.getInputProps('market_sounding_required', { type: 'checkbox' })}
              />
            )}
          </SimpleGrid>
        </Paper>
        <Paper withBorder radius="md" p="lg">
          <Title order={2} fz="lg" mb="md">
            Terms
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            <Select label="Currency" data={[...CURRENCIES]} allowDeselect={false} {...input('currency')} />
            <MoneyInput currency={form.getValues().currency || 'GBP'} label="Target raise" {...input('target_raise')} />
            <MoneyInput
              currency={form.getValues().currency || 'GBP'}
              label="Maximum raise"
              description="The hard cap; the target when empty"
              {...input('maximum_raise')}
            />
            <MoneyInput currency={form.getValues().currency || 'GBP'} label="Minimum investment" {...input('minimum_investment')} />
            <MoneyInput
              currency={form.getValues().currency || 'GBP'}
              label="Maximum investment"
              description="Per investor"
              {...input('maximum_investment')}
            />
            <TextInput
              label="Share price"
              inputMode="decimal"
              required={existing}
              description={existing ? 'The price the holdings were bought at' : undefined}
              {...input('share_price')}
            />
            <MoneyInput currency={form.getValues().currency || 'GBP'} label="Pre-money valuation" {...input('pre_money_valuation')} />
            <DateField label="Opens" {...input('opens_at')} />
            <DateField label="Closes" {...input('closes_at')} />
            <TextInput
              label="Days to pay a cash call"
              inputMode="numeric"
              description={`After it is issued; ${CASH_CALL_PAYMENT_DAYS} when empty`}
              {...input('cash_call_payment_days')}
            />
          </SimpleGrid>
          <TextInput label="Fees" mt="sm" placeholder="2% arrangement fee paid by the company" {...input('fees')} />
        </Paper>
        <Paper withBorder radius="md" p="lg">
          <Title order={2} fz="lg" mb="md">
            What investors read
          </Title>
          <Stack>
            <Textarea label="Summary" autosize minRows={2} {...input('summary')} />
            <RichTextEditor
              label="Description"
              value={form.values.description}
              onChange={(html) => form.setFieldValue('description', html)}
              error={form.errors.description}
            />
            <TagsInput label="Key points" description="Press Enter after each point" {...form.getInputProps('key_points')} />
            {opportunity && (
              <Text size="sm" c="dimmed">
                The investment terms investors accept are written, with their versions, on the{' '}
                <Anchor component={Link} to={opportunityAdminPath(opportunity.id, opportunity.status, 'terms')}>
                  Terms tab
                </Anchor>
                .
              </Text>
            )}
          </Stack>
        </Paper>
        <Paper withBorder radius="md" p="lg">
          <Group justify="space-between" mb="md">
            <Title order={2} fz="lg">
              Team
            </Title>
            <Button
              variant="light"
              size="xs"
              leftSection={<IconPlus size={14} aria-hidden />}
              onClick={() => form.insertListItem('team', { name: '', role: '', bio: '' })}
            >
              Add a team member
            </Button>
          </Group>
          {form.values.team.length === 0 && (
            <Text c="dimmed" size="sm">
              No team members yet. Investors see the people behind the company here.
            </Text>
          )}
          <Stack>
            {form.values.team.map((_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: every input of the row is controlled by the form value at this index, so the row holds no state of its own
              <Group key={index} align="flex-start" wrap="nowrap">
                <SimpleGrid cols={{ base: 1, sm: 3 }} style={{ flex: 1 }}>
                  <TextInput label="Name" required {...form.getInputProps(`team.${index}.name`)} />
                  <TextInput label="Role" placeholder="Chief executive" {...form.getInputProps(`team.${index}.role`)} />
                  <Textarea label="Short biography" autosize minRows={1} {...form.getInputProps(`team.${index}.bio`)} />
                </SimpleGrid>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mt={28}
                  aria-label={`Remove team member ${index + 1}`}
                  onClick={() => form.removeListItem('team', index)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            ))}
          </Stack>
        </Paper>
        <Paper withBorder radius="md" p="lg">
          <Group justify="space-between" mb="md">
            <Title order={2} fz="lg">
              Key dates
            </Title>
            <Button
              variant="light"
              size="xs"
              leftSection={<IconPlus size={14} aria-hidden />}
              onClick={() => form.insertListItem('key_dates', { label: '', date: '' })}
            >
              Add a key date
            </Button>
          </Group>
          {form.values.key_dates.length === 0 && (
            <Text c="dimmed" size="sm">
              No key dates yet, such as the first close or the expected completion.
            </Text>
          )}
          <Stack>
            {form.values.key_dates.map((_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: every input of the row is controlled by the form value at this index, so the row holds no state of its own
              <Group key={index} align="flex-start" wrap="nowrap">
                <SimpleGrid cols={{ base: 1, sm: 2 }} style={{ flex: 1 }}>
                  <TextInput label="What happens" required placeholder="First close" {...form.getInputProps(`key_dates.${index}.label`)} />
                  <DateField label="Date" required {...form.getInputProps(`key_dates.${index}.date`)} />
                </SimpleGrid>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mt={28}
                  aria-label={`Remove key date ${index + 1}`}
                  onClick={() => form.removeListItem('key_dates', index)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            ))}
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
            {international && (
              <>
                <TextInput label="IBAN" placeholder="GB29 NWBK 6016 1331 9268 19" {...input('bank_iban')} />
                <TextInput label="BIC / SWIFT" placeholder="NWBKGB2L" {...input('bank_bic')} />
              </>
            )}
          </SimpleGrid>
        </Paper>
        <FormError message={formError} />
        <Group>
          <Button type="submit" loading={submitting}>
            {opportunity ? 'Save changes' : existing ? 'Record investment' : 'Create draft'}
          </Button>
          {draft && <AutosaveStatus state={autosave.state} retry={() => void autosave.retry()} />}
          <Button
            variant="default"
            onClick={() =>
              void navigate({
                to: opportunity
                  ? opportunity.admin_path.replace(/\/edit$/, '/details')
                  : existing
                    ? '/admin/investments/existing'
                    : '/admin/investments/opportunities',
              })
            }
          >
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

export function NewExistingInvestmentPage() {
  usePageTitle('Record an existing investment');
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={26}>
          Record an existing investment
        </Title>
        <Text c="dimmed">
          An investment the firm already holds: it is recorded as Completed, and its holdings are added on its Transactions tab.
        </Text>
      </div>
      <OpportunityForm existing />
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
      {/* Keyed by status, not by last change: a draft's own autosave must not start the form afresh under the person typing. */}
      <OpportunityForm key={`${query.data.id}:${query.data.status}`} opportunity={query.data} />
      {/* Outside the form: pictures are saved as they are added, not with the form's fields. */}
      <GalleryManager opportunityId={query.data.id} />
    </Stack>
  );
}
