import { z } from 'zod';
import { namedRef, type ListSpec } from './common';
import { clearable, currencyInput, idInput, idParam, isoDateInput, moneyInput, requiredText, textInput } from './fields';

export const dealKeyDateSchema = z.object({ label: z.string(), date: z.string() });
export type DealKeyDate = z.infer<typeof dealKeyDateSchema>;

/** A pipeline deal; `owner`, `stage` and `pipeline` with `include=`. */
export const dealSchema = z.object({
  id: z.number().int(),
  pipeline_id: z.number().int(),
  stage_id: z.number().int(),
  position: z.number().int().nullable(),
  company_name: z.string(),
  owner_id: z.number().int().nullable(),
  source: z.string().nullable(),
  amount_sought: z.string().nullable(),
  pre_money_valuation: z.string().nullable(),
  currency: z.string(),
  industry: z.string().nullable(),
  summary: z.string().nullable(),
  key_information: z.string().nullable(),
  key_dates: z.array(dealKeyDateSchema),
  performance_notes: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  owner: namedRef.nullable().optional(),
  stage: namedRef.nullable().optional(),
  pipeline: namedRef.nullable().optional(),
});
export type Deal = z.infer<typeof dealSchema>;

/** A deal as a card on the kanban board. */
export const dealCardSchema = z.object({
  id: z.number().int(),
  stage_id: z.number().int(),
  position: z.number().int().nullable(),
  company_name: z.string(),
  owner_id: z.number().int().nullable(),
  owner: namedRef.nullable(),
  amount_sought: z.string().nullable(),
  currency: z.string(),
  industry: z.string().nullable(),
  updated_at: z.string(),
});
export type DealCard = z.infer<typeof dealCardSchema>;

/** Cards a board column answers at a time, unless `limit` asks for another number up to the maximum. */
export const BOARD_PAGE_SIZE = 25;
export const BOARD_MAX_PAGE_SIZE = 200;

/**
 * A column of the board: the stage's whole count and, when every deal in it with an amount is in
 * one currency, the whole amount sought; its first cards in order; `next_after` is the cursor for
 * the rest (null when every card is here).
 */
export const boardStageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  position: z.number().int().nullable(),
  deals_count: z.number().int(),
  amount_sought: z.object({ amount: z.string(), currency: z.string() }).nullable(),
  deals: z.array(dealCardSchema),
  next_after: z.number().int().nullable(),
});
export type BoardStage = z.infer<typeof boardStageSchema>;

/** A pipeline's board: its stages in order, each with its first deals in order. */
export const dealBoardSchema = z.object({ id: z.number().int(), name: z.string(), stages: z.array(boardStageSchema) });
export type DealBoard = z.infer<typeof dealBoardSchema>;

const boardLimit = z.coerce
  .number()
  .int('Enter a whole number.')
  .min(1, 'Enter 1 or more.')
  .max(BOARD_MAX_PAGE_SIZE, `Enter ${BOARD_MAX_PAGE_SIZE} or fewer.`)
  .optional();

/** `GET /api/pipelines/{id}/board`: how many cards each column starts with. */
export const boardQuery = z.strictObject({ limit: boardLimit });

/**
 * `GET /api/pipelines/{id}/board/stages/{stageId}/deals`: a column's next cards. `after` is the
 * `next_after` of the page before (a position in the stage; absent for the first page).
 */
export const boardColumnQuery = z.strictObject({
  after: z.coerce.number().int('Enter a whole number.').min(0, 'Enter 0 or more.').optional(),
  limit: boardLimit,
});
export const boardColumnParams = z.object({ id: idParam, stageId: idParam });

export const boardColumnPageSchema = z.object({
  data: z.array(dealCardSchema),
  meta: z.object({ deals_count: z.number().int(), next_after: z.number().int().nullable() }),
});
export type BoardColumnPage = z.infer<typeof boardColumnPageSchema>;

export const DEAL_INCLUDE_NAMES = ['owner', 'stage', 'pipeline'] as const;

export const DEALS_LIST = {
  name: 'pipeline_deals',
  filters: ['pipeline_id', 'stage_id', 'owner_id', 'industry', 'search'],
  sorts: ['company_name', 'amount_sought', 'pre_money_valuation', 'industry', 'position', 'created_at', 'updated_at'],
  includes: DEAL_INCLUDE_NAMES,
  fields: [
    'pipeline_id',
    'stage_id',
    'position',
    'company_name',
    'owner_id',
    'source',
    'amount_sought',
    'pre_money_valuation',
    'currency',
    'industry',
    'summary',
    'key_information',
    'key_dates',
    'performance_notes',
    'created_at',
    'updated_at',
  ],
} as const satisfies ListSpec;

/** `include=` on a single deal's answers. */
export const dealIncludeQuery = z.strictObject({
  include: z
    .string()
    .optional()
    .meta({ description: `Comma-separated relations to embed: ${DEAL_INCLUDE_NAMES.join(', ')}.` }),
});

const keyDate = z.strictObject({ label: requiredText(120, 'Name the date.'), date: isoDateInput });

/** FormData sends the key dates as JSON text; JSON bodies send the array itself. */
const keyDates = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  },
  z.array(keyDate, { message: 'Send the key dates as a list of { label, date }.' }).max(50, 'Keep to 50 key dates.'),
);

const dealFields = {
  company_name: requiredText(200, 'Enter the company name.'),
  owner_id: clearable(idInput('owner')),
  source: clearable(textInput(200)),
  amount_sought: clearable(moneyInput),
  pre_money_valuation: clearable(moneyInput),
  currency: currencyInput,
  industry: clearable(textInput(120)),
  summary: clearable(textInput(5000)),
  key_information: clearable(textInput(200_000)),
  key_dates: keyDates,
  performance_notes: clearable(textInput(200_000)),
};

/** The new-deal form (spec §2.2 Deals; DOMAIN.md lifecycle step 1). */
export const createDealBody = z.strictObject({
  pipeline_id: idInput('pipeline'),
  /** The first stage of the pipeline when absent. */
  stage_id: idInput('stage').optional(),
  ...z.object(dealFields).partial().shape,
  company_name: dealFields.company_name,
});
export type CreateDealInput = z.infer<typeof createDealBody>;

/** A stage change through the edit form puts the deal at the end of that stage. */
export const updateDealBody = z.strictObject({ ...dealFields, stage_id: idInput('stage') }).partial();
export type UpdateDealInput = z.infer<typeof updateDealBody>;

export const moveDealBody = z.strictObject({
  stage_id: idInput('stage'),
  /** 0-based place in the stage; the end when absent or beyond it. */
  position: z.coerce.number().int('Enter a whole number.').min(0, 'Enter 0 or more.').optional(),
});
