import Decimal from 'decimal.js';
import { z } from 'zod';
import { namedRef } from './common';
import { idInput, idParam, moneyInput, requiredText } from './fields';

/**
 * Soft-circling a pipeline deal before launch (spec §3 "deal placements", "intents", "intent
 * terms"; §4 interest options; decision 0062).
 */

/** Spec §4 investor interest options, in the order investors see them. */
export const INTENT_OPTIONS = ['finance_in_place', 'no_finance_in_place', 'not_interested'] as const;
export type IntentOption = (typeof INTENT_OPTIONS)[number];
export const INTENT_OPTION_LABELS: Record<IntentOption, string> = {
  finance_in_place: 'Finance in place',
  no_finance_in_place: 'No finance in place',
  not_interested: 'Not interested',
};
/** The options that count as interest: they carry an amount and are invited at launch. */
export const INTERESTED_OPTIONS = ['finance_in_place', 'no_finance_in_place'] as const satisfies readonly IntentOption[];

const TEASER_MAX = 20_000;
const INTENT_TERMS_MAX = 100_000;

// ——— Intent terms ———

export const intentTermsSchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  /** Sanitised rich text. */
  body: z.string(),
  current: z.boolean(),
  /** Intents given under this version. */
  acceptances: z.number().int(),
  created_by: namedRef.nullable(),
  created_at: z.string(),
});
export type IntentTerms = z.infer<typeof intentTermsSchema>;

/** The version investors accept now; null before staff publish any. */
export const currentIntentTermsSchema = z
  .object({ id: z.number().int(), version: z.number().int(), body: z.string(), created_at: z.string() })
  .nullable();
export type CurrentIntentTerms = z.infer<typeof currentIntentTermsSchema>;

/** Publishes the next version of the intent terms. */
export const createIntentTermsBody = z.strictObject({
  body: requiredText(INTENT_TERMS_MAX, 'Write the terms investors accept before stating interest.'),
});
export type CreateIntentTermsInput = z.input<typeof createIntentTermsBody>;

// ——— Demand ———

/** What a placement's investors answered: counts and indicative totals per option. */
export const placementDemandSchema = z.object({
  placed: z.number().int(),
  answered: z.number().int(),
  /** Investors who answered finance in place or no finance in place: invited at launch. */
  interested: z.number().int(),
  /** Indicative total of the interested, exact decimal. */
  indicative_total: z.string(),
  by_option: z.array(z.object({ option: z.enum(INTENT_OPTIONS), count: z.number().int(), total: z.string() })),
});
export type PlacementDemand = z.infer<typeof placementDemandSchema>;

/** One deal's demand, as the board shows it on the card. */
export const dealDemandSchema = z.object({
  deal_id: z.number().int(),
  placement_id: z.number().int(),
  interested: z.number().int(),
  indicative_total: z.string(),
});
export type DealDemand = z.infer<typeof dealDemandSchema>;
export const dealDemandQuery = z.strictObject({ pipeline_id: idParam });

// ——— Placements ———

export const intentSchema = z.object({
  id: z.number().int(),
  deal_id: z.number().int(),
  placement_id: z.number().int(),
  option: z.enum(INTENT_OPTIONS),
  amount: z.string().nullable(),
  currency: z.string(),
  intent_terms_version: z.number().int().nullable(),
  terms_accepted_at: z.string().nullable(),
  updated_at: z.string(),
});
export type Intent = z.infer<typeof intentSchema>;

/** One placed investor as staff see them: how they were reached and what they answered. */
export const placementRecipientSchema = z.object({
  user: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  client_group: namedRef.nullable(),
  market_sounding_accepted_at: z.string().nullable(),
  intent: intentSchema.nullable(),
});
export type PlacementRecipient = z.infer<typeof placementRecipientSchema>;

export const staffPlacementSchema = z.object({
  id: z.number().int(),
  deal: z.object({ id: z.number().int(), company_name: z.string(), currency: z.string() }),
  teaser: z.string(),
  inside_information: z.boolean(),
  withdrawn_at: z.string().nullable(),
  placed_by: namedRef.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  demand: placementDemandSchema,
});
export type StaffPlacement = z.infer<typeof staffPlacementSchema>;

export const staffPlacementDetailSchema = staffPlacementSchema.extend({ recipients: z.array(placementRecipientSchema) });
export type StaffPlacementDetail = z.infer<typeof staffPlacementDetailSchema>;

/**
 * A placement as its investor sees it. Until they accept the market sounding of an
 * inside-information placement, the teaser is withheld and the market-sounding text shown instead.
 */
export const investorPlacementSchema = z.object({
  id: z.number().int(),
  company_name: z.string(),
  currency: z.string(),
  teaser: z.string().nullable(),
  market_sounding: z.object({ required: z.boolean(), description: z.string() }),
  intent: intentSchema.nullable(),
  created_at: z.string(),
});
export type InvestorPlacement = z.infer<typeof investorPlacementSchema>;

export const placementsQuery = z.strictObject({ deal_id: idParam.optional() });

const recipientsFields = {
  user_ids: z.array(idInput('investor')).max(5000).default([]),
  client_group_ids: z.array(idInput('client group')).max(500).default([]),
};

/** Places a deal with investors and/or client groups; each group is expanded to its members now. */
export const createPlacementBody = z
  .strictObject({
    deal_id: idInput('deal'),
    teaser: requiredText(TEASER_MAX, 'Write a short teaser for the investors.'),
    ...recipientsFields,
  })
  .refine((b) => b.user_ids.length + b.client_group_ids.length > 0, {
    path: ['user_ids'],
    message: 'Choose at least one investor or client group.',
  });
export type CreatePlacementInput = z.input<typeof createPlacementBody>;

/** Edits the teaser and places with more investors or groups (nobody is removed: withdraw instead). */
export const updatePlacementBody = z.strictObject({
  teaser: requiredText(TEASER_MAX, 'Write a short teaser for the investors.').optional(),
  user_ids: recipientsFields.user_ids.optional(),
  client_group_ids: recipientsFields.client_group_ids.optional(),
});
export type UpdatePlacementInput = z.input<typeof updatePlacementBody>;

// ——— Intents ———

/** The investor's answer; an interested answer carries an amount above zero and the terms accepted. */
export const saveIntentBody = z
  .strictObject({
    placement_id: idInput('placement'),
    option: z.enum(INTENT_OPTIONS, { message: 'Choose one of the options.' }),
    amount: moneyInput.refine((value) => new Decimal(value).gt(0), 'Enter an amount above zero.').nullish(),
    accept_terms: z.boolean().optional(),
    intent_terms_id: idInput('version of the intent terms').optional(),
  })
  .superRefine((body, ctx) => {
    if (body.option === 'not_interested') return;
    if (body.amount == null) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Enter the amount you would invest.' });
    if (body.accept_terms !== true)
      ctx.addIssue({ code: 'custom', path: ['accept_terms'], message: 'Accept the intent terms to state your interest.' });
  });
export type SaveIntentInput = z.input<typeof saveIntentBody>;

export const intentsQuery = z.strictObject({ deal_id: idParam.optional() });
