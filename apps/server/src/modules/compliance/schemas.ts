import { z } from 'zod';
import { INVESTOR_CATEGORIES } from '@platform/domain';
import { idInput, MAX_ID, requiredText, textInput } from '@platform/domain';

/** Input of the compliance forms: the question bank, answers, categorisation (spec §4). */

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

export const createQuestionSchema = z.strictObject({
  question: requiredText(2000, 'Enter the question.'),
  position: position.optional(),
  options,
});

export const updateQuestionSchema = createQuestionSchema.partial();

/** `{ answers: { [questionId]: optionId } }`. */
export const answersSchema = z.strictObject({
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

export const declareCategorisationSchema = z.strictObject({
  category: z.enum(INVESTOR_CATEGORIES, { message: `Choose one of ${INVESTOR_CATEGORIES.join(', ')}.` }),
  declaration: jsonText(
    z
      .record(z.string(), z.unknown(), { message: 'Send the declaration you accepted.' })
      .refine((value) => Object.keys(value).length > 0, 'Send the declaration you accepted.'),
  ),
});

export const reviewCategorisationSchema = z.strictObject({ note: textInput(2000).optional() });
export const rejectCategorisationSchema = z.strictObject({ note: requiredText(2000, 'Say why the categorisation is rejected.') });

export type CreateQuestionInput = z.infer<typeof createQuestionSchema>;
export type UpdateQuestionInput = z.infer<typeof updateQuestionSchema>;
export type OptionInput = z.infer<typeof optionInput>;
export type DeclareCategorisationInput = z.infer<typeof declareCategorisationSchema>;
