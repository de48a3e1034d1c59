import { z } from 'zod';
import { CATEGORISATION_STATUSES, COMPLIANCE_BANKS, INVESTOR_CATEGORIES, INVESTOR_GATES } from '../compliance';
import type { ListSpec } from './common';
import { idInput, MAX_ID, requiredText, textInput } from './fields';

/** An answer to an appropriateness question; `correct` only for staff who manage the question bank. */
export const complianceOptionSchema = z.object({
  id: z.number().int(),
  question_id: z.number().int(),
  label: z.string(),
  position: z.number().int(),
  correct: z.boolean().optional(),
});
export type ComplianceOption = z.infer<typeof complianceOptionSchema>;

/** A question of the appropriateness test; `options` with `include=options`. */
export const complianceQuestionSchema = z.object({
  id: z.number().int(),
  /** The bank it belongs to: 'a', or 'b' of the two FCA banks. */
  bank: z.enum(COMPLIANCE_BANKS),
  question: z.string(),
  position: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  options: z.array(complianceOptionSchema).optional(),
});
export type ComplianceQuestion = z.infer<typeof complianceQuestionSchema>;

/** Where the signed-in investor stands with the test. */
export const appropriatenessMetaSchema = z.object({
  required: z.boolean(),
  passed: z.boolean(),
  tries_used: z.number().int(),
  tries_allowed: z.number().int(),
  retry_at: z.string().nullable(),
  /** The bank the next attempt is drawn from, and the share of right answers it needs (percent). */
  bank: z.enum(COMPLIANCE_BANKS),
  pass_mark: z.number().int(),
});
export type AppropriatenessMeta = z.infer<typeof appropriatenessMetaSchema>;

/** The question bank; an investor's answer also says where they stand (`meta`). */
export const complianceQuestionsResponse = z.object({
  data: z.array(complianceQuestionSchema),
  meta: appropriatenessMetaSchema.optional(),
});

/** `?include=options`; staff may ask for one bank with `?bank=a|b`. */
export const complianceQuestionsQuery = z.looseObject({
  include: z.string().optional().meta({ description: 'options: embed each question’s options.' }),
  bank: z.enum(COMPLIANCE_BANKS).optional().meta({ description: 'Staff: the questions of this bank only.' }),
});

/**
 * One attempt at the test as the investor took it, kept unchanged whatever happens to the bank
 * later: each question's text, the options shown, the one chosen and which was right.
 */
export const complianceAttemptSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  bank: z.enum(COMPLIANCE_BANKS),
  score: z.number().int(),
  total: z.number().int(),
  pass_mark: z.number().int(),
  passed: z.boolean(),
  created_at: z.string(),
  reset_at: z.string().nullable(),
  questions: z.array(
    z.object({
      question_id: z.number().int(),
      question: z.string(),
      options: z.array(z.object({ id: z.number().int(), label: z.string(), correct: z.boolean() })),
      chosen_option_id: z.number().int(),
      correct: z.boolean(),
    }),
  ),
});
export type ComplianceAttempt = z.infer<typeof complianceAttemptSchema>;
export type ComplianceAttemptQuestion = ComplianceAttempt['questions'][number];

/** The outcome of one try at the test. */
export const appropriatenessResultSchema = z.object({
  passed: z.boolean(),
  score: z.number().int(),
  total: z.number().int(),
  retry_at: z.string().nullable(),
  tries_used: z.number().int(),
  tries_allowed: z.number().int(),
});
export type AppropriatenessResult = z.infer<typeof appropriatenessResultSchema>;

export const complianceTriesSchema = z.object({ compliance_tries: z.number().int() });

/** An investor's categorisation (spec §4): their declaration and its review. `user` with `include=user`. */
export const categorisationSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  category: z.enum(INVESTOR_CATEGORIES),
  declaration: z.record(z.string(), z.unknown()),
  status: z.enum(CATEGORISATION_STATUSES),
  declared_at: z.string(),
  expires_at: z.string().nullable(),
  reviewed_by: z.number().int().nullable(),
  reviewed_at: z.string().nullable(),
  review_note: z.string().nullable(),
  user: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable().optional(),
});
export type Categorisation = z.infer<typeof categorisationSchema>;

/** The investor's latest categorisation, and whether it lets them invest now. */
export const categoryStatementSchema = z.object({ label: z.string(), summary: z.string(), statement: z.string() });

/** The investor's latest categorisation, whether it lets them invest now, and the firm's statements they choose from. */
export const myCategorisationResponse = z.object({
  data: categorisationSchema.nullable(),
  meta: z.object({
    approval_required: z.boolean(),
    valid: z.boolean(),
    statements: z.object(
      Object.fromEntries(INVESTOR_CATEGORIES.map((c) => [c, categoryStatementSchema])) as Record<
        (typeof INVESTOR_CATEGORIES)[number],
        typeof categoryStatementSchema
      >,
    ),
  }),
});
export type MyCategorisation = z.infer<typeof myCategorisationResponse>;

/**
 * Where an investor stands with the gates before financial promotions and investing (decision
 * 0028): `blocked_by` is the first step still to take, null when they may invest.
 */
export const investorGatesSchema = z.object({
  blocked_by: z.enum(INVESTOR_GATES).nullable(),
  may_view_promotions: z.boolean(),
  may_invest: z.boolean(),
  categorised_at: z.string().nullable(),
  cooling_off_ends_at: z.string().nullable(),
  risk_warning: z.object({
    text: z.string(),
    details: z.string(),
    /** Raised each time staff change the warning; the acknowledgement keeps the version and text read. */
    version: z.number().int(),
    acknowledged_at: z.string().nullable(),
    acknowledged_version: z.number().int().nullable(),
  }),
});
export type InvestorGates = z.infer<typeof investorGatesSchema>;

export const CATEGORISATIONS_LIST = {
  name: 'investor_categorisations',
  filters: ['status', 'category', 'user_id'],
  sorts: ['declared_at', 'status'],
  includes: ['user'],
} as const satisfies ListSpec;

/* Forms */

/** FormData sends nested values as JSON text; JSON bodies send them as they are. */
const jsonText = <S extends z.ZodType>(schema: S) =>
  z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  }, schema);

const position = z.coerce.number().int('Enter a whole number.').min(0, 'Enter 0 or more.');
const boolish = z
  .union([z.boolean(), z.literal(1), z.literal(0), z.enum(['1', '0', 'true', 'false'])])
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true');

const optionInput = z.strictObject({
  /** An existing option of this question, kept (and its id with it) on update. */
  id: idInput('option').optional(),
  label: requiredText(1000, 'Enter the option text.'),
  correct: boolish.default(false),
  position: position.optional(),
});

const options = jsonText(
  z
    .array(optionInput, { message: 'Send the options as a list of { label, correct }.' })
    .max(20, 'Keep to 20 options.')
    .superRefine((list, ctx) => {
      if (list.length < 2) ctx.addIssue({ code: 'custom', message: 'Give at least 2 options.' });
      else if (list.filter((o) => o.correct).length !== 1) ctx.addIssue({ code: 'custom', message: 'Mark exactly one option as correct.' });
    }),
);

export const createComplianceQuestionBody = z.strictObject({
  bank: z.enum(COMPLIANCE_BANKS, { message: 'Choose bank a or b.' }).optional(),
  question: requiredText(2000, 'Enter the question.'),
  position: position.optional(),
  options,
});

export const updateComplianceQuestionBody = createComplianceQuestionBody.partial();

/** `{ answers: { [questionId]: optionId } }`. */
export const appropriatenessAnswersBody = z.strictObject({
  answers: jsonText(
    z.record(
      z.string().regex(/^\d+$/, 'Question ids are whole numbers.'),
      z.coerce.number().int().positive('Choose an option.').max(MAX_ID, 'Choose an option.'),
      {
        message: 'Send the answers as { question id: option id }.',
      },
    ),
  ),
});

export const declareCategorisationBody = z.strictObject({
  category: z.enum(INVESTOR_CATEGORIES, { message: `Choose one of ${INVESTOR_CATEGORIES.join(', ')}.` }),
  declaration: jsonText(
    z
      .record(z.string(), z.unknown(), { message: 'Send the declaration you accepted.' })
      .refine((value) => Object.keys(value).length > 0, 'Send the declaration you accepted.'),
  ),
});

export const approveCategorisationBody = z.strictObject({ note: textInput(2000).optional() });
export const rejectCategorisationBody = z.strictObject({ note: requiredText(2000, 'Say why the categorisation is rejected.') });

export type CreateComplianceQuestionInput = z.infer<typeof createComplianceQuestionBody>;
export type UpdateComplianceQuestionInput = z.infer<typeof updateComplianceQuestionBody>;
export type ComplianceOptionInput = z.infer<typeof optionInput>;
export type DeclareCategorisationInput = z.infer<typeof declareCategorisationBody>;
