import { useState } from 'react';
import { Alert, Button, Group, Modal, Paper, SegmentedControl, Select, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconId } from '@tabler/icons-react';
import { CURRENCIES, createMembershipPlanBody, type CreateMembershipPlanInput, type MembershipPlan } from '@platform/domain';
import { validateWith } from '../../../app/form-validation';
import { formatCount } from '../../../app/format';
import { useBranding } from '../../../app/settings';
import { useSubmit } from '../../../app/use-submit';
import type { Column } from '../../../ui/data-table';
import { EmptyState } from '../../../ui/empty-state';
import { FormError } from '../../../ui/form-error';
import { MoneyInput } from '../../../ui/money-input';
import { usePageTitle } from '../../../ui/page-title';
import { SimpleTable } from '../../../ui/simple-table';
import { TableSkeleton } from '../../../ui/skeletons';
import { useMembershipPlanActions, useMembershipPlans } from '../api/payments';
import { planPrice } from './membership-parts';

/**
 * /admin/settings/membership-plans: the plans investors may subscribe to by card (decision 0058).
 * A plan's price and interval stay as made, so members always pay what it says; a new price is a
 * new plan, and an old one is taken off offer (its members keep it).
 */
export function MembershipPlansPage() {
  usePageTitle('Membership Plans');
  const { settings } = useBranding();
  const plans = useMembershipPlans();
  const { update } = useMembershipPlanActions();
  const [adding, setAdding] = useState(false);
  const columns: Column<MembershipPlan>[] = [
    { key: 'name', label: 'Plan', render: (p) => p.name },
    { key: 'price', label: 'Price', render: planPrice },
    { key: 'members', label: 'Members', render: (p) => formatCount(p.subscribers, 'member'), numeric: true },
    {
      key: 'active',
      label: 'Offered',
      render: (p) => (
        <Switch
          checked={p.active}
          onChange={(event) => update.mutate({ id: p.id, body: { active: event.currentTarget.checked } })}
          aria-label={`Offer ${p.name} to new members`}
          label={p.active ? 'Yes' : 'No'}
        />
      ),
    },
  ];
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>Membership Plans</Title>
        <Button onClick={() => setAdding(true)}>New plan</Button>
      </Group>
      <Text c="dimmed" size="sm" maw={720}>
        Investors subscribe to a plan by card from their profile and are charged each month or year until they cancel. A plan's price cannot
        change once made: add a new plan and stop offering the old one; its members keep it until they change plan.
      </Text>
      {settings?.card_payments_enabled === false && (
        <Alert color="yellow">
          Card payments are not set up, so investors cannot subscribe yet. Plans made now are offered once they are.
        </Alert>
      )}
      {plans.isPending ? (
        <TableSkeleton />
      ) : (
        <Paper withBorder>
          <SimpleTable
            caption="Membership plans"
            columns={columns}
            rows={plans.data ?? []}
            rowKey={(p) => p.id}
            stacked
            empty={
              <EmptyState icon={IconId} title="No plans yet">
                Add a plan, such as a yearly membership of the network, for investors to subscribe to by card.
              </EmptyState>
            }
          />
        </Paper>
      )}
      <Modal opened={adding} onClose={() => setAdding(false)} title="New membership plan">
        <PlanForm onDone={() => setAdding(false)} />
      </Modal>
    </Stack>
  );
}

function PlanForm({ onDone }: { onDone: () => void }) {
  const { create } = useMembershipPlanActions();
  const form = useForm<CreateMembershipPlanInput & Record<string, unknown>>({
    initialValues: { name: '', description: '', amount: '', currency: 'GBP', interval: 'year' },
    validate: validateWith(createMembershipPlanBody, (values) => values),
  });
  const { submit, submitting, formError } = useSubmit(async (values) => {
    await create.mutateAsync(values);
    onDone();
  }, form);
  const currency = String(form.getValues().currency);
  return (
    <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
      <Stack>
        <TextInput label="Name" required {...form.getInputProps('name')} />
        <TextInput label="Description" description="What members get, shown with the plan" {...form.getInputProps('description')} />
        <Group grow align="start">
          <MoneyInput currency={currency} label="Price" required {...form.getInputProps('amount')} />
          <Select label="Currency" data={[...CURRENCIES]} allowDeselect={false} {...form.getInputProps('currency')} />
        </Group>
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Charged
          </Text>
          <SegmentedControl
            data={[
              { value: 'month', label: 'Monthly' },
              { value: 'year', label: 'Yearly' },
            ]}
            {...form.getInputProps('interval')}
          />
        </Stack>
        <FormError message={formError} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={submitting}>
            Add plan
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
