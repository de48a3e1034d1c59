import { useState } from 'react';
import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CashCallReminder, StaffInvestment } from '@platform/domain';
import { api, ApiError, newIdempotencyKey } from '../../../app/api-client';
import { formatDateTimeUtc } from '../../../app/format';
import { FormError } from '../../../ui/form-error';
import { useReminderSchedule } from '../api/use-reminder-schedule';

/** The reminders one call's investor has had, and sending one more by hand. */
export function RemindersModal({ call, onClose }: { call: StaffInvestment; onClose: () => void }) {
  const queryClient = useQueryClient();
  const key = ['cash-calls', 'reminders', call.id];
  const reminders = useQuery({
    queryKey: key,
    queryFn: () => api<{ data: CashCallReminder[] }>(`/api/cash-calls/${call.id}/reminders`).then((r) => r.data),
  });
  const schedule = useReminderSchedule();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const send = async () => {
    setBusy(true);
    setError(null);
    try {
      const { data } = await api<{ data: CashCallReminder[] }>(`/api/cash-calls/${call.id}/reminders`, {
        method: 'POST',
        body: {},
        idempotencyKey,
      });
      queryClient.setQueryData(key, data);
      setIdempotencyKey(newIdempotencyKey());
    } catch (failure) {
      const errors = failure instanceof ApiError ? failure.errors : undefined;
      setError(errors ? Object.values(errors).flat().join(' ') : (failure as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const sent = reminders.data ?? [];
  return (
    <Modal opened onClose={onClose} title={`Reminders — ${call.payment_reference}`}>
      <Stack>
        {schedule.data && (
          <Text size="sm">
            While money is still to pay, {call.user?.name ?? 'the investor'} is reminded by e-mail and notification on the firm's schedule:{' '}
            {schedule.data.description}.
          </Text>
        )}
        {reminders.isPending ? (
          <Text size="sm">Loading…</Text>
        ) : sent.length ? (
          <List size="sm" aria-label="Reminders sent">
            {sent.map((r) => (
              <List.Item key={r.id}>
                {formatDateTimeUtc(r.sent_at)} — {r.stage_label}
                {r.sent_by ? ` (${r.sent_by.name})` : ''}
              </List.Item>
            ))}
          </List>
        ) : (
          <Text size="sm" c="dimmed">
            No reminders sent yet.
          </Text>
        )}
        <FormError message={error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          {call.status === 'cash_call' && (
            <Button loading={busy} onClick={() => void send()}>
              Send reminder now
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
