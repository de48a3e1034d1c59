import { z } from 'zod';
import {
  BANK_STATEMENT_FORMATS,
  CASH_CALL_REMINDER_MAX_DAYS,
  CASH_CALL_REMINDER_MAX_STAGES,
  CASH_CALL_REMINDER_STAGE_PATTERN,
  STATEMENT_LINE_STATUSES,
  STATEMENT_MATCH_KINDS,
} from '../bank-statements';
import { namedRef } from './common';
import { idParam } from './fields';

/** An uploaded bank statement (decision 0055) and how its credit lines stand. */
export const bankStatementSchema = z.object({
  id: z.number().int(),
  filename: z.string(),
  format: z.enum(BANK_STATEMENT_FORMATS),
  account: z.string().nullable(),
  uploaded_at: z.string(),
  uploaded_by: namedRef.nullable(),
  /** Credit lines by where they stand. */
  lines: z.record(z.enum(STATEMENT_LINE_STATUSES), z.number().int()),
  debits_skipped: z.number().int(),
  duplicates_skipped: z.number().int(),
});
export type BankStatement = z.infer<typeof bankStatementSchema>;

/** The cash call a line was matched to or is offered for. */
export const statementCashCallSchema = z.object({
  id: z.number().int(),
  payment_reference: z.string(),
  investor: z.string(),
  opportunity: z.string(),
  amount: z.string(),
  amount_outstanding: z.string(),
  currency: z.string(),
  status: z.string(),
});
export type StatementCashCall = z.infer<typeof statementCashCallSchema>;

/** One credit on a statement. */
export const statementLineSchema = z.object({
  id: z.number().int(),
  /** The statement it came on. */
  statement: z.object({ id: z.number().int(), filename: z.string() }),
  position: z.number().int(),
  booked_on: z.string(),
  amount: z.string(),
  currency: z.string(),
  reference: z.string(),
  payer_name: z.string(),
  status: z.enum(STATEMENT_LINE_STATUSES),
  status_label: z.string(),
  match_kind: z.enum(STATEMENT_MATCH_KINDS).nullable(),
  cash_call: statementCashCallSchema.nullable(),
  payment_id: z.number().int().nullable(),
  resolved_by: namedRef.nullable(),
  resolved_at: z.string().nullable(),
});
export type StatementLine = z.infer<typeof statementLineSchema>;

/** The most credits the list of those still to resolve holds, oldest first (decision 0055). */
export const UNRESOLVED_LINES_SHOWN = 500;

export const bankStatementDetailSchema = bankStatementSchema.extend({ statement_lines: z.array(statementLineSchema) });
export type BankStatementDetail = z.infer<typeof bankStatementDetailSchema>;

/**
 * The upload's text fields beside its multipart `file`: for a CSV, the columns chosen (JSON text:
 * field → column index from 0; left out, they are detected from the header row) and the currency
 * of its amounts (default GBP).
 */
export const statementUploadBody = z.looseObject({
  mapping: z.string().optional().meta({ description: 'JSON text: {"date":0,"amount":1,"reference":2,"payer_name":3}.' }),
  currency: z
    .string()
    .optional()
    .meta({ description: 'The currency of a CSV statement (GBP, EUR or USD); OFX and CAMT.053 say their own.' }),
});

const column = z.coerce.number({ message: 'Choose a column.' }).int().min(0, 'Choose a column.');
/** The columns staff chose for a CSV statement (the upload's `mapping`, as JSON text). */
export const statementCsvMappingSchema = z.strictObject({
  date: column,
  amount: column,
  reference: column.optional(),
  payer_name: column.optional(),
});

/** Route params of one line of one statement. */
export const statementLineParams = z.object({ id: idParam, lineId: idParam });

/** Confirming a line: the suggested cash call, or one staff picked for an unmatched line. */
export const confirmStatementLineBody = z.strictObject({
  investment_id: z.coerce.number({ message: 'Choose a cash call.' }).int().positive('Choose a cash call.').optional(),
});
export type ConfirmStatementLineInput = z.infer<typeof confirmStatementLineBody>;

/** A reminder of an unpaid cash call sent to its investor. */
export const cashCallReminderSchema = z.object({
  id: z.number().int(),
  /** `before:3`, `due`, `after:7` (decision 0061), or `manual`. */
  stage: z.string().regex(CASH_CALL_REMINDER_STAGE_PATTERN),
  stage_label: z.string(),
  sent_at: z.string(),
  sent_by: namedRef.nullable(),
});
export type CashCallReminder = z.infer<typeof cashCallReminderSchema>;

/** Whole days from the due day, each once; at most three before and three after it. */
const reminderDays = (side: 'before' | 'after') =>
  z
    .array(
      z.coerce
        .number({ message: 'Enter a whole number of days.' })
        .int('Enter a whole number of days.')
        .min(1, `Days ${side} the due date start at 1; the due date itself is its own switch.`)
        .max(CASH_CALL_REMINDER_MAX_DAYS, `At most ${CASH_CALL_REMINDER_MAX_DAYS} days ${side} the due date.`),
    )
    .max(CASH_CALL_REMINDER_MAX_STAGES, `At most ${CASH_CALL_REMINDER_MAX_STAGES} reminders ${side} the due date.`)
    .refine((days) => new Set(days).size === days.length, `Each day ${side} the due date once.`);

/** The firm's cash-call reminder schedule (decision 0061), as staff set it. */
export const cashCallReminderScheduleBody = z.strictObject({
  days_before: reminderDays('before'),
  on_due_day: z.boolean({ message: 'Choose whether to remind on the due date.' }),
  days_after: reminderDays('after'),
});
export type UpdateCashCallReminderScheduleInput = z.infer<typeof cashCallReminderScheduleBody>;

export const cashCallReminderScheduleSchema = z.object({
  days_before: z.array(z.number().int()),
  on_due_day: z.boolean(),
  days_after: z.array(z.number().int()),
  /** The schedule in words, as the cash-calls page shows it. */
  description: z.string(),
});
export type CashCallReminderScheduleView = z.infer<typeof cashCallReminderScheduleSchema>;
