import { z } from 'zod';
import { CASH_CALL_STATES } from '../cash-calls';
import { HOLDER_TYPES, INVESTMENT_STATUSES, INVESTMENT_TYPES, InvestmentCategory } from '../investments';
import { RELIEF_SCHEMES } from '../tax';
import type { ListSpec } from './common';
import { ownershipShareSchema } from './holders';
import { clearable, idInput, isoDateInput, moneyInput, textInput } from './fields';

/** Fields every investment answer carries, the investor's and staff's alike. */
const investmentBase = {
  id: z.number().int(),
  opportunity_id: z.number().int(),
  holder_type: z.enum(HOLDER_TYPES),
  holder_type_label: z.string(),
  organisation_id: z.number().int().nullable(),
  investment_method_entity_id: z.number().int().nullable(),
  nominee_id: z.number().int().nullable(),
  /** A joint holding's holders and their shares as chosen when investing (the first is the holder above); null when held whole. */
  ownership_shares: z.array(ownershipShareSchema).nullable(),
  type: z.string(),
  status: z.enum(INVESTMENT_STATUSES),
  status_label: z.string(),
  amount: z.string(),
  currency: z.string(),
  share_price: z.string().nullable(),
  shares: z.string().nullable(),
  /** The latest version of the opportunity's terms accepted for it, and when (decision 0053). */
  terms_version: z.number().int().nullable(),
  terms_accepted_at: z.string().nullable(),
  cash_call_at: z.string().nullable(),
  paid_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  /** The day a cash call is due (ISO date), once one is issued. */
  payment_due_on: z.string().nullable(),
  /** What the payments ledger holds received against it, what is still to pay, and any excess kept. */
  amount_received: z.string(),
  amount_outstanding: z.string(),
  amount_overpaid: z.string(),
  /** Where its cash call stands, once one is issued or money has come in; null before. */
  cash_call_state: z.enum(CASH_CALL_STATES).nullable(),
  cash_call_state_label: z.string().nullable(),
  /** The investor's word that they sent the money ("I've paid"), until staff confirm it. */
  payment_sent: z
    .object({ at: z.string(), on: z.string().nullable(), amount: z.string().nullable(), note: z.string().nullable() })
    .nullable(),
  created_at: z.string(),
  updated_at: z.string(),
};

/** Who holds an investment, named: the investor, their organisation, method account or nominee. */
export const investmentHolderSchema = z.object({ type: z.string(), id: z.number().int().nullable(), name: z.string() });
export type InvestmentHolder = z.infer<typeof investmentHolderSchema>;

/** An investment as staff see it (the transactions lists); relations with `include=user,opportunity,holder`. */
export const staffInvestmentSchema = z.object({
  ...investmentBase,
  user_id: z.number().int(),
  payment_reference: z.string(),
  cancel_reason: z.string().nullable(),
  created_by: z.number().int().nullable(),
  /** The tax relief claimed and the share issue the shares came from (decision 0060). */
  relief: z.enum(RELIEF_SCHEMES).nullable(),
  share_issue_id: z.number().int().nullable(),
  user: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable().optional(),
  opportunity: z
    .object({ id: z.number().int(), name: z.string(), slug: z.string(), status: z.number().int(), currency: z.string() })
    .nullable()
    .optional(),
  holder: investmentHolderSchema.nullable().optional(),
});
export type StaffInvestment = z.infer<typeof staffInvestmentSchema>;

/**
 * The investor's own investment: its portal category and how to pay. The bank details and the
 * reference are absent when the tenant hides them.
 */
export const investorInvestmentSchema = z.object({
  ...investmentBase,
  category: z.enum(Object.values(InvestmentCategory)).nullable(),
  payment_reference: z.string().optional(),
  cancel_reason: z.string().nullable(),
  /** The current version of the terms when it still has to be accepted (unpaid, a newer version published); null otherwise. */
  terms_to_accept: z.number().int().nullable(),
  opportunity: z.object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    currency: z.string(),
    status: z.number().int(),
    company_name: z.string(),
  }),
  payment_instructions: z.object({
    amount: z.string(),
    currency: z.string(),
    account_name: z.string().nullable().optional(),
    sort_code: z.string().nullable().optional(),
    account_number: z.string().nullable().optional(),
    iban: z.string().nullable().optional(),
    bic: z.string().nullable().optional(),
    reference: z.string().optional(),
  }),
});
export type InvestorInvestment = z.infer<typeof investorInvestmentSchema>;

export const INVESTMENT_INCLUDES = ['user', 'opportunity', 'holder'] as const;

export const INVESTMENT_FIELDS = [
  'opportunity_id',
  'user_id',
  'holder_type',
  'organisation_id',
  'investment_method_entity_id',
  'nominee_id',
  'type',
  'status',
  'status_label',
  'amount',
  'currency',
  'share_price',
  'shares',
  'payment_reference',
  'terms_version',
  'terms_accepted_at',
  'cash_call_at',
  'paid_at',
  'completed_at',
  'cancelled_at',
  'cancel_reason',
  'created_by',
  'created_at',
  'updated_at',
] as const;

/** Staff transactions (every opportunity's Transactions tab); the export shares it. */
export const INVESTMENTS_LIST = {
  name: 'investments',
  filters: ['opportunity_id', 'user_id', 'status', 'type'],
  sorts: ['amount', 'created_at', 'status'],
  types: INVESTMENT_TYPES,
  includes: INVESTMENT_INCLUDES,
  fields: INVESTMENT_FIELDS,
} as const satisfies ListSpec;

/** The investor's own investments (/investor/investments). */
export const MY_INVESTMENTS_LIST = {
  name: 'investments',
  filters: ['status', 'opportunity_id'],
  sorts: ['amount', 'created_at'],
} as const satisfies ListSpec;

/** `?include=` of a staff investment answer. */
export const investmentIncludeQuery = z.strictObject({
  include: z
    .string()
    .optional()
    .meta({ description: `Comma-separated relations to embed: ${INVESTMENT_INCLUDES.join(', ')}.` }),
});

/** The opportunity a holding is in, as the portfolio shows it. */
const holdingOpportunity = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  company_name: z.string(),
  status: z.number().int(),
  status_label: z.string(),
});

/** One holding of the investor's portfolio: their paid and completed investments in one opportunity, valued. */
export const holdingSchema = z.object({
  opportunity_id: z.number().int(),
  opportunity: holdingOpportunity,
  currency: z.string(),
  investments_count: z.number().int(),
  cost: z.string(),
  shares: z.string().nullable(),
  share_price: z.string().nullable(),
  current_value: z.string(),
  realised: z.string(),
  gain: z.string(),
  multiple: z.string().nullable(),
  valued_at: z.enum(['cost', 'share_price']),
});
export type Holding = z.infer<typeof holdingSchema>;
/** A holding's figures: what the list shows of it beside its opportunity. */
export type HoldingListFigures = Omit<Holding, 'opportunity_id' | 'opportunity' | 'currency' | 'investments_count'>;

/** The portfolio's totals, one line per currency. */
export const portfolioTotalSchema = z.object({
  currency: z.string(),
  cost: z.string(),
  current_value: z.string(),
  realised: z.string(),
  gain: z.string(),
  multiple: z.string().nullable(),
});
export type PortfolioTotal = z.infer<typeof portfolioTotalSchema>;

export const portfolioResponse = z.object({ data: z.array(holdingSchema), totals: z.array(portfolioTotalSchema) });
export type Portfolio = z.infer<typeof portfolioResponse>;

/** An investment that makes up a holding. */
export const holdingLineSchema = z.object({
  id: z.number().int(),
  holder_type: z.string(),
  type: z.string(),
  status: z.string(),
  status_label: z.string(),
  amount: z.string(),
  currency: z.string(),
  shares: z.string().nullable(),
  share_price: z.string().nullable(),
  paid_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  created_at: z.string(),
});
export type HoldingLine = z.infer<typeof holdingLineSchema>;

/** One holding on its own page: with its IRR and the investments that make it up. */
export const holdingDetailSchema = holdingSchema.extend({
  irr: z.string().nullable(),
  investments: z.array(holdingLineSchema),
});
export type HoldingDetail = z.infer<typeof holdingDetailSchema>;

/* Forms (DOMAIN.md lifecycle step 3; spec §2.3 /investor/investments/{slug}/invest) */

/** Spec §5: '1' means true, '0' false; JSON bodies may send a boolean. */
const truthy = z
  .union([z.boolean(), z.string(), z.number()])
  .transform(
    (value) =>
      value === true || value === 1 || (typeof value === 'string' && ['1', 'true', 'on', 'yes'].includes(value.trim().toLowerCase())),
  );

/** How an investment, or one share of it, is held: the holder type and the id its type needs. */
export const holderFields = {
  holder_type: z.enum(HOLDER_TYPES, { message: `Choose how the investment is held: ${HOLDER_TYPES.join(', ')}.` }).default('personal'),
  organisation_id: clearable(idInput('organisation')).optional(),
  investment_method_entity_id: clearable(idInput('investment method account')).optional(),
  nominee_id: clearable(idInput('nominee')).optional(),
};

const HOLDER_ID_FIELD = {
  organisation: 'organisation_id',
  investment_method: 'investment_method_entity_id',
  nominee: 'nominee_id',
} as const;
const HOLDER_MESSAGE = {
  organisation: 'Choose the organisation.',
  investment_method: 'Choose the investment method account.',
  nominee: 'Choose the nominee.',
} as const;

/** The holder's id is required for its holder type; ids of other holder types are dropped. */
export function holderOf<
  T extends {
    holder_type: (typeof HOLDER_TYPES)[number];
    organisation_id?: number | null;
    investment_method_entity_id?: number | null;
    nominee_id?: number | null;
  },
>(value: T, ctx: z.RefinementCtx) {
  const holder = {
    organisationId: null as number | null,
    investmentMethodEntityId: null as number | null,
    nomineeId: null as number | null,
  };
  if (value.holder_type === 'personal') return { ...value, holder };
  const field = HOLDER_ID_FIELD[value.holder_type];
  const id = value[field];
  if (id == null) {
    ctx.addIssue({ code: 'custom', path: [field], message: HOLDER_MESSAGE[value.holder_type] });
    return z.NEVER;
  }
  if (value.holder_type === 'organisation') holder.organisationId = id;
  if (value.holder_type === 'investment_method') holder.investmentMethodEntityId = id;
  if (value.holder_type === 'nominee') holder.nomineeId = id;
  return { ...value, holder };
}

/** The investor's reservation. */
export const reserveInvestmentBody = z
  .strictObject({
    opportunity_id: idInput('opportunity'),
    amount: moneyInput,
    ...holderFields,
    /** One of the investor's saved whole-ownership choices instead of a holder (decision 0054). */
    ownership_choice_id: idInput('saved ownership choice').optional(),
    /** Keep how this investment is held as the investor's default choice. */
    save_as_default: truthy.optional(),
    accept_terms: truthy.optional(),
    /** The version of the terms the investor read and accepts; it must be the current one. */
    term_condition_id: idInput('version of the terms').optional(),
  })
  .superRefine((value, ctx) => {
    if (value.ownership_choice_id != null && value.holder_type !== 'personal')
      ctx.addIssue({ code: 'custom', path: ['ownership_choice_id'], message: 'Choose a saved ownership choice or a holder, not both.' });
  })
  .transform(holderOf);

export const MANUAL_INVESTMENT_TYPES = ['manual', 'private_manual'] as const;
/** Live and closed opportunities take reserved or paid entries; an existing investment takes completed holdings. */
export const MANUAL_INVESTMENT_STATUSES = ['reserved', 'paid', 'completed'] as const;

/** Staff's manual entry of an investment. */
export const manualInvestmentBody = z
  .strictObject({
    opportunity_id: idInput('opportunity'),
    user_id: idInput('investor'),
    amount: moneyInput,
    type: z.enum(MANUAL_INVESTMENT_TYPES, { message: 'Choose manual or private_manual.' }).default('manual'),
    status: z.enum(MANUAL_INVESTMENT_STATUSES, { message: 'Choose reserved, paid or completed.' }).default('reserved'),
    /** When a completed holding was paid for: its date counts in the holding's IRR. */
    invested_on: isoDateInput.optional(),
    ...holderFields,
  })
  .transform(holderOf);

export const staffCancelInvestmentBody = z.strictObject({
  reason: textInput(1000).min(1, 'Give the reason for cancelling.'),
});

export const investorCancelInvestmentBody = z.strictObject({
  reason: clearable(textInput(1000)).optional(),
});

export type ReserveInvestmentInput = z.infer<typeof reserveInvestmentBody>;
export type ManualInvestmentInput = z.infer<typeof manualInvestmentBody>;
export type InvestmentHolderIds = ReserveInvestmentInput['holder'];

/** The investor's "I've paid": optionally the day they paid, the amount and a note for staff. */
export const paymentSentBody = z.strictObject({
  paid_on: clearable(isoDateInput).optional(),
  amount: clearable(moneyInput).optional(),
  note: clearable(textInput(500)).optional(),
});
export type PaymentSentInput = z.infer<typeof paymentSentBody>;
