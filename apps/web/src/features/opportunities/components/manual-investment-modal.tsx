import { useState } from 'react';
import { Button, Group, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { MODAL_WIDTH, OpportunityStatus } from '@platform/domain';
import { api } from '../../../app/api-client';
import { useSubmit } from '../../../app/use-submit';
import { FormError } from '../../../ui/form-error';
import { InvestorPicker } from '../../../ui/investor-picker';
import type { StaffOpportunity } from '../api/opportunities';
import { DateField } from '../../../ui/date-field';
import { MoneyInput } from '../../../ui/money-input';

interface Values extends Record<string, unknown> {
  user_id: string | null;
  amount: string;
  type: 'manual' | 'private_manual';
  status: 'reserved' | 'paid' | 'completed';
  invested_on: string;
}

/**
 * Staff record an investment taken outside the portal (spec §4 entry types): `manual` is shown to the
 * investor, `private_manual` stays a staff record. The same limits and cap apply as to reservations.
 * On an existing investment the entry is a completed holding, dated when it was paid for.
 */
export function ManualInvestmentButton({ opportunity }: { opportunity: StaffOpportunity }) {
  const [opened, setOpened] = useState(false);
  const client = useQueryClient();
  const existing = opportunity.status >= OpportunityStatus.Completed;
  const form = useForm<Values>({
    initialValues: { user_id: null, amount: '', type: 'manual', status: existing ? 'completed' : 'reserved', invested_on: '' },
  });
  const { submit, submitting, formError } = useSubmit(async (values: Values, { idempotencyKey }) => {
    await api('/api/investments/manual', {
      method: 'POST',
      idempotencyKey,
      body: {
        opportunity_id: opportunity.id,
        user_id: values.user_id ? Number(values.user_id) : undefined,
        amount: values.amount.replace(/[£€$,\s]/g, ''),
        type: values.type,
        status: values.status,
        invested_on: existing ? values.invested_on : undefined,
      },
    });
    await Promise.all([
      client.invalidateQueries({ queryKey: ['investments'] }),
      client.invalidateQueries({ queryKey: ['investment-opportunities'] }),
    ]);
    form.reset();
    setOpened(false);
  }, form);
  return (
    <>
      <Button variant="light" onClick={() => setOpened(true)}>
        Record an investment
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Record an investment" size={MODAL_WIDTH.confirmation}>
        <form onSubmit={form.onSubmit((v) => void submit(v))}>
          <Stack>
            <InvestorPicker
              label="Investor"
              value={form.values.user_id}
              onChange={(id) => form.setFieldValue('user_id', id)}
              error={form.errors.user_id as string | undefined}
            />
            <MoneyInput currency={opportunity.currency} label={`Amount (${opportunity.currency})`} {...form.getInputProps('amount')} />
            <div>
              <Text size="sm" fw={500} mb={4}>
                Shown to the investor
              </Text>
              <SegmentedControl
                {...form.getInputProps('type')}
                data={[
                  { value: 'manual', label: 'Yes (manual)' },
                  { value: 'private_manual', label: 'No (private)' },
                ]}
              />
            </div>
            {existing ? (
              <DateField label="Paid on" required {...form.getInputProps('invested_on')} />
            ) : (
              <div>
                <Text size="sm" fw={500} mb={4}>
                  Status
                </Text>
                <SegmentedControl
                  {...form.getInputProps('status')}
                  data={[
                    { value: 'reserved', label: 'Reserved' },
                    { value: 'paid', label: 'Payment received' },
                  ]}
                />
              </div>
            )}
            <FormError message={formError} />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpened(false)}>
                Cancel
              </Button>
              <Button type="submit" loading={submitting}>
                Record
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
