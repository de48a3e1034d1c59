import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { MODAL_WIDTH } from '@platform/domain';
import { api } from '../../../app/api-client';
import { useSubmit } from '../../../app/use-submit';
import { DateField } from '../../../ui/date-field';
import { FormError } from '../../../ui/form-error';
import { InvestorPicker } from '../../../ui/investor-picker';
import { MoneyInput } from '../../../ui/money-input';
import type { StaffOpportunity } from '../api/opportunities';

interface Values extends Record<string, unknown> {
  user_id: string | null;
  amount: string;
  shares: string;
  invested_on: string;
}

/**
 * Staff record a holder's follow-on in a company they hold (decision 0060): what they paid, the
 * shares it bought and the day. It counts in cost, IRR and the cap table like any holding.
 */
export function FollowOnButton({ opportunity }: { opportunity: StaffOpportunity }) {
  const [opened, setOpened] = useState(false);
  const client = useQueryClient();
  const form = useForm<Values>({ initialValues: { user_id: null, amount: '', shares: '', invested_on: '' } });
  const { submit, submitting, formError } = useSubmit(async (values: Values, { idempotencyKey }) => {
    await api('/api/subsequent-investments', {
      method: 'POST',
      idempotencyKey,
      body: {
        opportunity_id: opportunity.id,
        user_id: values.user_id ? Number(values.user_id) : undefined,
        amount: values.amount.replace(/[£€$,\s]/g, ''),
        shares: values.shares.replace(/[,\s]/g, ''),
        invested_on: values.invested_on,
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
        Record a follow-on
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Record a follow-on investment" size={MODAL_WIDTH.confirmation}>
        <form onSubmit={form.onSubmit((v) => void submit(v))}>
          <Stack>
            <Text size="sm" c="dimmed">
              For an investor who already holds shares in this company personally.
            </Text>
            <InvestorPicker
              label="Holder"
              value={form.values.user_id}
              onChange={(id) => form.setFieldValue('user_id', id)}
              error={form.errors.user_id as string | undefined}
            />
            <Group grow>
              <MoneyInput currency={opportunity.currency} label={`Amount (${opportunity.currency})`} {...form.getInputProps('amount')} />
              <TextInput label="Shares bought" inputMode="decimal" {...form.getInputProps('shares')} />
            </Group>
            <DateField label="Paid on" required {...form.getInputProps('invested_on')} />
            <FormError message={formError} />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpened(false)}>
                Cancel
              </Button>
              <Button type="submit" loading={submitting}>
                Record the follow-on
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
