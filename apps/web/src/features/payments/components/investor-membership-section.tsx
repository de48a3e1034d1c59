import { useState } from 'react';
import { Button, Group, Modal, Select, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { CURRENCIES, createFeeRequestBody, type CreateFeeRequestInput } from '@platform/domain';
import { validateWith } from '../../../app/form-validation';
import { useBranding } from '../../../app/settings';
import { useSubmit } from '../../../app/use-submit';
import { FormError } from '../../../ui/form-error';
import { MoneyInput } from '../../../ui/money-input';
import { SectionCard } from '../../../ui/section-card';
import { useFeeRequestActions, useFeeRequests, useMembership } from '../api/payments';
import { FeeRequestsTable, MembershipPaymentsTable, MembershipSummary } from './membership-parts';

/**
 * The staff investor record's section of the investor's membership and fees (decision 0058):
 * what they are subscribed to and have paid, and fees asked of them — asking and withdrawing need
 * cash calls 'create' and 'update' and card payments set up.
 */
export function InvestorMembershipSection({ investorId, canAsk }: { investorId: number; canAsk: boolean }) {
  const { settings } = useBranding();
  const membership = useMembership(investorId);
  const fees = useFeeRequests(investorId);
  const { withdraw } = useFeeRequestActions(investorId);
  const [asking, setAsking] = useState(false);
  const cards = settings?.card_payments_enabled === true;
  const current = membership.data?.subscription;
  return (
    <SectionCard title="Membership and fees">
      <Stack gap="lg">
        {membership.isPending ? (
          <Skeleton height={90} />
        ) : current ? (
          <MembershipSummary membership={current} />
        ) : (
          <Text c="dimmed">Not a member.</Text>
        )}
        {(membership.data?.payments.length ?? 0) > 0 && <MembershipPaymentsTable payments={membership.data?.payments ?? []} />}
        <Stack gap="xs">
          <Group justify="space-between">
            <Title order={3} fz="md">
              Fees
            </Title>
            {canAsk && cards && (
              <Button size="xs" variant="light" onClick={() => setAsking(true)}>
                Ask for a fee
              </Button>
            )}
          </Group>
          {fees.isPending ? (
            <Skeleton height={60} />
          ) : (
            <FeeRequestsTable
              fees={fees.data ?? []}
              action={(fee) =>
                canAsk &&
                fee.status === 'open' && (
                  <Button size="xs" variant="subtle" color="red" loading={withdraw.isPending} onClick={() => withdraw.mutate(fee.id)}>
                    Withdraw
                  </Button>
                )
              }
            />
          )}
        </Stack>
      </Stack>
      <Modal opened={asking} onClose={() => setAsking(false)} title="Ask for a fee">
        <FeeRequestForm investorId={investorId} onDone={() => setAsking(false)} />
      </Modal>
    </SectionCard>
  );
}

function FeeRequestForm({ investorId, onDone }: { investorId: number; onDone: () => void }) {
  const { request } = useFeeRequestActions(investorId);
  const form = useForm<Omit<CreateFeeRequestInput, 'user_id'> & Record<string, unknown>>({
    initialValues: { description: '', amount: '', currency: 'GBP' },
    validate: validateWith(createFeeRequestBody, (values) => ({ ...values, user_id: investorId })),
  });
  const { submit, submitting, formError } = useSubmit(async (values) => {
    await request.mutateAsync(values);
    onDone();
  }, form);
  return (
    <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
      <Stack>
        <Text size="sm">The investor is asked to pay by card from their profile.</Text>
        <TextInput label="For" placeholder="e.g. Annual membership joining fee" required {...form.getInputProps('description')} />
        <Group grow align="start">
          <MoneyInput currency={String(form.getValues().currency)} label="Amount" required {...form.getInputProps('amount')} />
          <Select label="Currency" data={[...CURRENCIES]} allowDeselect={false} {...form.getInputProps('currency')} />
        </Group>
        <FormError message={formError} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={submitting}>
            Ask for the fee
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
