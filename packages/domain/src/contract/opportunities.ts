import Decimal from 'decimal.js';
import { z } from 'zod';
import { accountNumberInput, bicInput, ibanInput, sortCodeInput } from '../bank-details';
import { MAX_CASH_CALL_PAYMENT_DAYS } from '../cash-calls';
import { TAX_RELIEFS } from '../investments';
import type { ListSpec } from './common';
import { clearable, currencyInput, idInput, isoDateInput, moneyInput, requiredText, textInput, unitsInput } from './fields';

/** A member of an opportunity's team, as stored and shown. */
export const teamMemberSchema = z.object({ name: z.string(), role: z.string(), bio: z.string().optional() });
export type TeamMember = z.infer<typeof teamMemberSchema>;

/** The content both sides see once an investor may read it. */
const opportunityContent = {
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  status: z.number().int(),
  status_label: z.string(),
  company_name: z.string(),
  type: z.string().nullable(),
  sub_type: z.string().nullable(),
  industry: z.string().nullable(),
  round_type: z.string().nullable(),
  category: z.string().nullable(),
  character: z.string().nullable(),
  currency: z.string(),
  target_raise: z.string().nullable(),
  maximum_raise: z.string().nullable(),
  minimum_investment: z.string().nullable(),
  maximum_investment: z.string().nullable(),
  /** Days investors have to pay a cash call; null: the default (`CASH_CALL_PAYMENT_DAYS`). */
  cash_call_payment_days: z.number().int().nullable(),
  share_price: z.string().nullable(),
  pre_money_valuation: z.string().nullable(),
  opens_at: z.string().nullable(),
  closes_at: z.string().nullable(),
  tax_relief: z.enum(TAX_RELIEFS),
  fees: z.string().nullable(),
  summary: z.string().nullable(),
  description: z.string().nullable(),
  key_points: z.array(z.string()),
  team: z.array(teamMemberSchema),
  key_dates: z.array(z.object({ label: z.string(), date: z.string() })),
  market_sounding_required: z.boolean(),
  cover_image: z.string().nullable(),
  committed_amount: z.string(),
  available_amount: z.string().nullable(),
  /** Percent of the target raised, one decimal place. */
  percent_raised: z.number().nullable(),
};

/** An opportunity as staff see it: the content, its bank details and record keeping. */
export const staffOpportunitySchema = z.object({
  ...opportunityContent,
  admin_path: z.string(),
  bank_account_name: z.string().nullable(),
  bank_sort_code: z.string().nullable(),
  bank_account_number: z.string().nullable(),
  bank_iban: z.string().nullable(),
  bank_bic: z.string().nullable(),
  source_deal_id: z.number().int().nullable(),
  created_by: z.number().int().nullable(),
  published_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type StaffOpportunity = z.infer<typeof staffOpportunitySchema>;

/** An opportunity an investor may read. */
export const opportunitySchema = z.object({
  ...opportunityContent,
  market_sounding_pending: z.literal(false),
  /** How many investors hold a reservation or more in it (on the opportunity's own page; lists leave it out). */
  investor_count: z.number().int().optional(),
});
export type Opportunity = z.infer<typeof opportunitySchema>;

/** What an investor gets before accepting a required market sounding: only that it exists. */
export const confidentialOpportunitySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  status: z.number().int(),
  name: z.string(),
  market_sounding_pending: z.literal(true),
  market_sounding_path: z.string(),
});
export type ConfidentialOpportunity = z.infer<typeof confidentialOpportunitySchema>;

export const investorOpportunitySchema = z.union([opportunitySchema, confidentialOpportunitySchema]);
export type InvestorOpportunity = z.infer<typeof investorOpportunitySchema>;

/** The list and show routes answer staff and investors alike, each with their own shape. */
export const anyOpportunitySchema = z.union([staffOpportunitySchema, opportunitySchema, confidentialOpportunitySchema]);

/**
 * The kinds of opportunity `type=` names: live (Draft to Closed) and existing investments
 * (Completed, Matured). A fund's holdings are their own resource, /api/companies.
 */
export const OPPORTUNITY_KINDS = ['live', 'existing'] as const;

export const OPPORTUNITIES_LIST = {
  name: 'investment_opportunities',
  filters: ['status', 'search', 'industry', 'tax_relief'],
  types: OPPORTUNITY_KINDS,
  sorts: ['name', 'status', 'target_raise', 'closes_at', 'created_at'],
} as const satisfies ListSpec;

/** A picture of an opportunity's gallery; the first is the cover. */
export const galleryImageSchema = z.object({
  id: z.number().int(),
  caption: z.string().nullable(),
  position: z.number().int(),
  url: z.string(),
});
export type GalleryImage = z.infer<typeof galleryImageSchema>;

/** A picture's upload: its caption; the picture itself is the multipart field `image`. */
export const uploadGalleryImageBody = z.strictObject({ caption: clearable(textInput(200)).optional() });

/** The gallery's new order: every picture named once. */
export const galleryOrderBody = z.object({
  image_ids: z.array(z.number().int().positive(), { message: 'Send the pictures in their new order.' }).max(20),
});

/** An investor invited to a Live - Internal opportunity. */
export const opportunityInvitationSchema = z.object({
  user_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  invited_at: z.string(),
});
export type OpportunityInvitation = z.infer<typeof opportunityInvitationSchema>;

/** Who wrote a post: investors see other investors as "An investor". */
export const discussionAuthorSchema = z.object({ name: z.string(), staff: z.boolean() });
export const discussionPostSchema = z.object({ id: z.number().int(), body: z.string(), created_at: z.string() });
export type DiscussionPost = z.infer<typeof discussionPostSchema>;
export const discussionSchema = discussionPostSchema.extend({
  author: discussionAuthorSchema,
  replies: z.array(discussionPostSchema.extend({ author: discussionAuthorSchema })),
});
export type Discussion = z.infer<typeof discussionSchema>;

/** A question or an answer on an opportunity's Q&A. */
export const discussionPostBody = z.strictObject({ body: requiredText(5000, 'Write your question or answer.') });

/** The market-sounding page: the text to accept, and whether it is accepted. */
export const marketSoundingSchema = z.object({
  opportunity_id: z.number().int(),
  slug: z.string(),
  description: z.string(),
  accepted: z.boolean(),
});
export type MarketSounding = z.infer<typeof marketSoundingSchema>;

/** The investor has accepted the wall-crossing: the opportunity's slug to open next. */
export const marketSoundingAcceptedSchema = z.object({ accepted: z.literal(true), slug: z.string() });
export type MarketSoundingAccepted = z.infer<typeof marketSoundingAcceptedSchema>;

/** An entry of the insider register's market-sounding list. */
export const marketSoundingAcceptanceSchema = z.object({
  id: z.number().int(),
  opportunity_id: z.number().int(),
  opportunity_name: z.string(),
  user: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  disclosed_text: z.string(),
  accepted_at: z.string(),
  ip: z.string().nullable(),
});
export type MarketSoundingAcceptance = z.infer<typeof marketSoundingAcceptanceSchema>;

export const MARKET_SOUNDING_ACCEPTANCES_LIST = {
  name: 'market_sounding_acceptances',
  filters: ['opportunity_id', 'user_id'],
  sorts: ['accepted_at'],
} as const satisfies ListSpec;

/** FormData sends lists as JSON text; JSON bodies send the list itself. */
function jsonList<S extends z.ZodType>(item: S, max: number, what: string) {
  return z.preprocess(
    (value) => {
      if (typeof value !== 'string') return value;
      try {
        return JSON.parse(value);
      } catch {
        return value;
      }
    },
    z.array(item, { message: `Send the ${what} as a list.` }).max(max, `Keep to ${max} ${what}.`),
  );
}

const booleanInput = z.preprocess(
  (value) => (value === '1' || value === 'true' ? true : value === '0' || value === 'false' ? false : value),
  z.boolean({ message: 'Choose yes or no.' }),
);

const keyDate = z.strictObject({ label: requiredText(120, 'Name the date.'), date: isoDateInput });
const teamMember = z.strictObject({ name: requiredText(120, 'Enter the name.'), role: textInput(120), bio: textInput(2000).optional() });

/** Input of the opportunity forms (DOMAIN.md lifecycle step 2). */
const opportunityFields = {
  name: requiredText(200, 'Enter the opportunity name.'),
  company_name: requiredText(200, 'Enter the company name.'),
  type: clearable(textInput(120)),
  sub_type: clearable(textInput(120)),
  industry: clearable(textInput(120)),
  round_type: clearable(textInput(120)),
  category: clearable(textInput(120)),
  character: clearable(textInput(120)),
  currency: currencyInput,
  target_raise: clearable(moneyInput),
  maximum_raise: clearable(moneyInput),
  minimum_investment: clearable(moneyInput),
  maximum_investment: clearable(moneyInput),
  cash_call_payment_days: clearable(
    z.coerce
      .number({ message: 'Enter a number of days.' })
      .int('Enter a whole number of days.')
      .min(1, 'Give investors at least 1 day.')
      .max(MAX_CASH_CALL_PAYMENT_DAYS, `Give investors at most ${MAX_CASH_CALL_PAYMENT_DAYS} days.`),
  ),
  share_price: clearable(unitsInput),
  pre_money_valuation: clearable(moneyInput),
  opens_at: clearable(isoDateInput),
  closes_at: clearable(isoDateInput),
  tax_relief: z.enum(TAX_RELIEFS, { message: 'Choose EIS, SEIS or none.' }),
  fees: clearable(textInput(1000)),
  summary: clearable(textInput(2000)),
  description: clearable(textInput(200_000)),
  key_points: jsonList(requiredText(300, 'Write the key point.'), 20, 'key points'),
  team: jsonList(teamMember, 30, 'team members'),
  key_dates: jsonList(keyDate, 50, 'key dates'),
  market_sounding_required: booleanInput,
  bank_account_name: clearable(textInput(140)),
  bank_sort_code: sortCodeInput,
  bank_account_number: accountNumberInput,
  bank_iban: ibanInput,
  bank_bic: bicInput,
};

/** Cross-field rules shared by create and update (applied to the merged record). */
export function opportunityLimitErrors(v: {
  target_raise?: string | null;
  maximum_raise?: string | null;
  minimum_investment?: string | null;
  maximum_investment?: string | null;
  opens_at?: string | null;
  closes_at?: string | null;
}): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const n = (x: string | null | undefined) => (x == null ? null : new Decimal(x));
  const [target, maxRaise, min, max] = [n(v.target_raise), n(v.maximum_raise), n(v.minimum_investment), n(v.maximum_investment)];
  if (maxRaise && target && maxRaise.lt(target)) errors.maximum_raise = ['The maximum raise cannot be below the target raise.'];
  if (min && max?.lt(min)) errors.maximum_investment = ['The maximum investment cannot be below the minimum investment.'];
  const cap = maxRaise ?? target;
  if (min && cap && min.gt(cap)) errors.minimum_investment = ['The minimum investment cannot be above the raise.'];
  if (v.opens_at && v.closes_at && v.closes_at < v.opens_at) errors.closes_at = ['The closing date cannot be before the opening date.'];
  return errors;
}

/** The new-opportunity form: name and company are required. */
export const createOpportunityBody = z.strictObject({
  ...z.object(opportunityFields).partial().shape,
  name: opportunityFields.name,
  company_name: opportunityFields.company_name,
});
/**
 * The edit-opportunity form: any field, each checked as on creation. `draft_only` (sent by a draft's
 * autosave, decision 0052) refuses the change with 409 once the opportunity is no longer a Draft.
 */
export const updateOpportunityBody = z.strictObject({
  ...z.object(opportunityFields).partial().shape,
  draft_only: booleanInput.optional(),
});

export const opportunityStatusBody = z.strictObject({
  status: z.coerce.number({ message: 'Choose a status.' }).int().min(1, 'Choose a status.').max(6, 'Choose a status.'),
});

export const opportunityInvitationsBody = z.strictObject({
  user_ids: jsonList(idInput('investor'), 1000, 'investors').refine((ids) => ids.length > 0, 'Choose at least one investor.'),
});

/**
 * An investment the firm already holds (made before the platform, or outside it), recorded straight
 * as Completed (decision 0008): it needs the date it completed and the price its shares were bought
 * at, since holdings are valued by their shares.
 */
export const createExistingOpportunityBody = z.strictObject({
  ...createOpportunityBody.shape,
  share_price: unitsInput.refine((value) => new Decimal(value).gt(0), 'Enter the price the shares were bought at.'),
  completed_at: isoDateInput,
});

export type CreateOpportunityInput = z.infer<typeof createOpportunityBody>;
export type CreateExistingOpportunityInput = z.infer<typeof createExistingOpportunityBody>;
export type UpdateOpportunityInput = z.infer<typeof updateOpportunityBody>;
