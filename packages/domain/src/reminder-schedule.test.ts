import { describe, expect, it } from 'vitest';
import { DEFAULT_CASH_CALL_REMINDER_SCHEDULE, describeReminderSchedule, reminderStageLabel, reminderStages } from './bank-statements';
import { cashCallReminderScheduleBody } from './contract/bank-statements';

describe('cash-call reminder schedule (decision 0061)', () => {
  it('names each stage by its offset and orders them as they fall', () => {
    expect(reminderStages(DEFAULT_CASH_CALL_REMINDER_SCHEDULE)).toEqual(['before:3', 'due', 'after:7']);
    expect(reminderStages({ days_before: [1, 14], on_due_day: false, days_after: [30, 2] })).toEqual([
      'before:14',
      'before:1',
      'after:2',
      'after:30',
    ]);
  });

  it('reads stages and schedules in words', () => {
    expect(reminderStageLabel('before:1')).toBe('1 day before the due date');
    expect(reminderStageLabel('after:7')).toBe('7 days after the due date');
    expect(reminderStageLabel('due')).toBe('On the due date');
    expect(reminderStageLabel('manual')).toBe('Sent by staff');
    expect(describeReminderSchedule(DEFAULT_CASH_CALL_REMINDER_SCHEDULE)).toBe(
      '3 days before the due date, on the due date and 7 days after it',
    );
    expect(describeReminderSchedule({ days_before: [], on_due_day: false, days_after: [] })).toBe('none');
  });

  it('accepts whole days from 1 to 90, each once, three a side at most', () => {
    expect(cashCallReminderScheduleBody.safeParse({ days_before: [90, 1], on_due_day: true, days_after: [] }).success).toBe(true);
    for (const days of [[0], [91], [2.5], [4, 4], [1, 2, 3, 4]])
      expect(cashCallReminderScheduleBody.safeParse({ days_before: days, on_due_day: true, days_after: [] }).success).toBe(false);
  });
});
