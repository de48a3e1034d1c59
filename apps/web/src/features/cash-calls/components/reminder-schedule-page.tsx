import { ActionIcon, Button, Group, NumberInput, Paper, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  CASH_CALL_REMINDER_MAX_DAYS,
  CASH_CALL_REMINDER_MAX_STAGES,
  can,
  type CashCallReminderScheduleView,
  cashCallReminderScheduleBody,
} from '@platform/domain';
import { validateWith } from '../../../app/form-validation';
import { useCurrentUser } from '../../../app/session';
import { useSubmit } from '../../../app/use-submit';
import { BackLink } from '../../../ui/back-link';
import { FormError } from '../../../ui/form-error';
import { usePageTitle } from '../../../ui/page-title';
import { useReminderSchedule, useSaveReminderSchedule } from '../api/use-reminder-schedule';

type Values = { days_before: Array<number | string>; on_due_day: boolean; days_after: Array<number | string> };
type Side = 'days_before' | 'days_after';

/** The days of one side of the due date, each its own field, up to three. */
function DaysList({ form, side, readOnly }: { form: UseFormReturnType<Values>; side: Side; readOnly: boolean }) {
  const word = side === 'days_before' ? 'before' : 'after';
  const listError = typeof form.errors[side] === 'string' ? form.errors[side] : null;
  return (
    <Stack gap="xs" role="group" aria-label={`Reminders ${word} the due date`}>
      <Text fw={500} size="sm">
        Days {word} the due date
      </Text>
      {form.values[side].map((_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: days are edited in place, their place is their identity
        <Group key={i} wrap="nowrap" align="flex-end">
          <NumberInput
            label={`Reminder ${i + 1}, days ${word}`}
            min={1}
            max={CASH_CALL_REMINDER_MAX_DAYS}
            allowDecimal={false}
            allowNegative={false}
            readOnly={readOnly}
            w={220}
            {...form.getInputProps(`${side}.${i}`)}
          />
          {!readOnly && (
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              mb={2}
              aria-label={`Remove reminder ${i + 1} ${word} the due date`}
              onClick={() => form.removeListItem(side, i)}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          )}
        </Group>
      ))}
      {!form.values[side].length && (
        <Text size="sm" c="dimmed">
          No reminder {word} the due date.
        </Text>
      )}
      {listError && (
        <Text size="sm" c="red" role="alert">
          {listError}
        </Text>
      )}
      {!readOnly && form.values[side].length < CASH_CALL_REMINDER_MAX_STAGES && (
        <Button
          variant="default"
          size="xs"
          w="fit-content"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => form.insertListItem(side, '')}
        >
          Add a reminder {word}
        </Button>
      )}
    </Stack>
  );
}

function ScheduleForm({ schedule, readOnly }: { schedule: CashCallReminderScheduleView; readOnly: boolean }) {
  const form = useForm<Values>({
    initialValues: { days_before: schedule.days_before, on_due_day: schedule.on_due_day, days_after: schedule.days_after },
    validate: validateWith(cashCallReminderScheduleBody, (values: Values) => values),
  });
  const save = useSaveReminderSchedule();
  const { submit, submitting, formError } = useSubmit(async (values: Values) => {
    const saved = await save.mutateAsync(cashCallReminderScheduleBody.parse(values));
    notifications.show({ color: 'teal', message: `Reminder schedule saved: ${saved.description}.` });
  }, form);
  return (
    <Paper withBorder p="md" maw={640}>
      <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
        <Stack>
          <Text size="sm">
            While money is still to pay on a cash call, its investor is sent an e-mail and a notification on each day set here. Each
            reminder goes once: changing the schedule never sends again one already sent.
          </Text>
          <DaysList form={form} side="days_before" readOnly={readOnly} />
          <Switch label="On the due date" disabled={readOnly} {...form.getInputProps('on_due_day', { type: 'checkbox' })} />
          <DaysList form={form} side="days_after" readOnly={readOnly} />
          <FormError message={formError} />
          {!readOnly && (
            <Group justify="flex-end">
              <Button type="submit" loading={submitting}>
                Save schedule
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Paper>
  );
}

/** /admin/cash-calls/reminders: when unpaid cash calls are reminded (decision 0061). */
export function ReminderSchedulePage() {
  usePageTitle('Reminder schedule');
  const user = useCurrentUser();
  const schedule = useReminderSchedule();
  return (
    <Stack>
      <BackLink to="/admin/cash-calls">Cash calls</BackLink>
      <Title order={1}>Reminder schedule</Title>
      {schedule.data ? (
        <ScheduleForm schedule={schedule.data} readOnly={!can(user?.role_id, 'cash_calls', 'update')} />
      ) : (
        <Skeleton h={320} maw={640} radius="md" />
      )}
    </Stack>
  );
}
