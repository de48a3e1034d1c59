import { z } from 'zod';
import { PAYMENT_METHODS, PAYMENT_STATES } from '../cash-calls';
import { PAYMENT_PURPOSES } from '../memberships';
import { namedRef, type ListSpec } from './common';
import { clearable, isoDateInput, moneyInput, textInput } from './fields';

/** Where the investor's browser goes to pay an investment by card (the provider's hosted checkout). */
export const cardCheckoutSchema = z.object({ url: z.string() });
export type CardCheckout = z.infer<typeof cardCheckoutSchema>;

/** The provider's notification was taken: whatever it said, it need not be sent again. */
export const webhookReceivedSchema = z.object({ received: z.literal(true) });

/** One money movement in the payments ledger (decision 0050), named for staff. */
export const paymentSchema = z.object({
  id: z.number().int(),
  investment_id: z.number().int().nullable(),
  opportunity_id: z.number().int().nullable(),
  user_id: z.number().int().nullable(),
  amount: z.string(),
  currency: z.string(),
  method: z.enum(PAYMENT_METHODS),
  method_label: z.string(),
  state: z.enum(PAYMENT_STATES),
  state_label: z.string(),
  purpose: z.enum(PAYMENT_PURPOSES),
  purpose_label: z.string(),
  subscription_id: z.number().int().nullable(),
  fee_request_id: z.number().int().nullable(),
  provider: z.string().nullable(),
  provider_reference: z.string().nullable(),
  received_on: z.string(),
  note: z.string().nullable(),
  recorded_by: namedRef.nullable(),
  investor: namedRef.nullable(),
  opportunity: namedRef.nullable(),
  payment_reference: z.string().nullable(),
  created_at: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;

/** Staff list of every payment (/api/payments); the export shares it. */
export const PAYMENTS_LIST = {
  name: 'payments',
  filters: ['investment_id', 'opportunity_id', 'user_id', 'method', 'state', 'received_from', 'received_to'],
  sorts: ['received_on', 'amount', 'created_at'],
} as const satisfies ListSpec;

/** What the payments chosen add up to, per currency: received money only (failed attempts are counted apart). */
export const paymentTotalsSchema = z.array(
  z.object({ currency: z.string(), count: z.number().int(), received: z.string(), failed: z.number().int() }),
);
export type PaymentTotals = z.infer<typeof paymentTotalsSchema>;

/** Every cash call across the book (/api/cash-calls): calls issued and not yet completed. */
export const CASH_CALLS_LIST = {
  name: 'cash_calls',
  filters: ['state', 'opportunity_id', 'user_id'],
  sorts: ['payment_due_on', 'amount', 'cash_call_at'],
  includes: ['user', 'opportunity', 'holder'],
} as const satisfies ListSpec;

/** What a set of cash calls adds up to, per currency: due, received and still outstanding. */
export const cashCallTotalsSchema = z.array(
  z.object({ currency: z.string(), count: z.number().int(), due: z.string(), received: z.string(), outstanding: z.string() }),
);
export type CashCallTotals = z.infer<typeof cashCallTotalsSchema>;

/** Staff record money that arrived against a cash call: all of it or part. */
export const recordPaymentBody = z.strictObject({
  amount: moneyInput.refine((value) => Number(value) > 0, 'Enter the amount received.'),
  received_on: isoDateInput,
  method: z.enum(['bank_transfer', 'manual'], { message: 'Choose bank transfer or recorded by staff.' }).default('bank_transfer'),
  note: clearable(textInput(500)).optional(),
});
export type RecordPaymentInput = z.input<typeof recordPaymentBody>;

/** Staff move one call's due day. */
export const cashCallDueBody = z.strictObject({ payment_due_on: isoDateInput });
