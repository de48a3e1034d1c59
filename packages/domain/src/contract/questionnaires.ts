import { z } from 'zod';
import { idParam } from './fields';
import { namedRef } from './common';
import { QUESTIONNAIRE_FORMS, QUESTIONNAIRE_SUBJECTS, RISK_BANDS } from '../questionnaires';

/** `/api/questionnaires/{subjectType}/{subjectId}`: an investor ('user') or a lead ('contact'). */
export const questionnaireSubjectParams = z.object({ subjectType: z.enum(QUESTIONNAIRE_SUBJECTS), subjectId: idParam });
export const questionnaireFormParams = questionnaireSubjectParams.extend({ form: z.enum(QUESTIONNAIRE_FORMS) });

/** One form's answers on a subject; every field null while the form has not been filled in. */
export const questionnaireAnswerSchema = z.object({
  form: z.enum(QUESTIONNAIRE_FORMS),
  answers: z.record(z.string(), z.unknown()).nullable(),
  /** The risk profile's score and band; null for the other forms. */
  result: z.object({ score: z.number(), max: z.number(), band: z.enum(RISK_BANDS) }).nullable(),
  submitted_at: z.string().nullable(),
  submitted_by: namedRef.nullable(),
  updated_at: z.string().nullable(),
  updated_by: namedRef.nullable(),
});
export type QuestionnaireEntry = z.infer<typeof questionnaireAnswerSchema>;

/** `bank_hidden`: bank details are kept from staff (`hide_bank_details_admin`). */
const questionnaireMeta = z.object({ bank_hidden: z.boolean() });
export const questionnaireListResponse = z.object({ data: z.array(questionnaireAnswerSchema), meta: questionnaireMeta });
export const questionnaireResponse = z.object({ data: questionnaireAnswerSchema.nullable(), meta: questionnaireMeta });
export type QuestionnaireResponse = z.infer<typeof questionnaireResponse>;

/**
 * Saving a form: its fields by name, checked by the form's own schema on the server
 * (`QUESTIONNAIRE_SCHEMAS`, which depend on the path's form). The body may be left out.
 */
export const saveQuestionnaireBody = z.preprocess(
  (body) => body ?? {},
  z.record(z.string(), z.unknown(), { message: 'Send the answers as an object of field → value.' }),
);
