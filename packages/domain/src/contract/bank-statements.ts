import { z } from 'zod';
import { CASH_CALL_REMINDER_STAGES, BANK_STATEMENT_FORMATS, STATEMENT_LINE_STATUSES, STATEMENT_MATCH_KINDS } from '../bank-statements';
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
  stage: z.enum([...CASH_CALL_REMINDER_STAGES, 'manual']),
  stage_label: z.string(),
  sent_at: z.string(),
  sent_by: namedRef.nullable(),
});
export type CashCallReminder = z.infer<typeof cashCallReminderSchema>;
