import type { FastifyRequest } from 'fastify';
import {
  can,
  type QuestionnaireEntry,
  type QuestionnaireForm,
  questionnaireFormParams as formParams,
  questionnaireListResponse,
  questionnaireResponse,
  type QuestionnaireSubject,
  type RiskResult,
  questionnaireSubjectParams as subjectParams,
  saveQuestionnaireBody,
} from '@platform/domain';
import type { App, AppContext } from '../../platform/context';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { forbidden, notFound } from '../../platform/errors';
import { authorize, requireUser } from '../../platform/guards';
import { namesById } from '../../platform/lookup';
import { flagOn, loadSettings } from '../../shared/settings';
import { answersOf, assertSubjectExists, formsOf, saveAnswers, withoutBank, type AnswerRow } from './service';

/** The activity log names investors 'user' and leads 'contact', as their own modules do. */
const ACTIVITY_SUBJECT: Record<QuestionnaireSubject, string> = { user: 'user', contact: 'contact' };

/** A lead's category is a categorisation: saving it needs `investor_category` update as well. */
function assertMaySave(request: FastifyRequest, form: QuestionnaireForm) {
  if (form === 'category' && !can(requireUser(request).roleId, 'investor_category', 'update')) throw forbidden();
}

async function present(db: Db, rows: AnswerRow[], bankHidden: boolean): Promise<QuestionnaireEntry[]> {
  const people = await namesById(
    db,
    users,
    rows.flatMap((r) => [r.submittedBy, r.updatedBy]),
  );
  return rows.map((row) => ({
    form: row.form as QuestionnaireForm,
    answers: bankHidden && row.form === 'registration' ? withoutBank(row.answers) : row.answers,
    // Stored by saveAnswers from scoreRiskProfile: a RiskResult, or null.
    result: row.result as RiskResult | null,
    submitted_at: row.submittedAt.toISOString(),
    submitted_by: (row.submittedBy && people.get(row.submittedBy)) || null,
    updated_at: row.updatedAt.toISOString(),
    updated_by: (row.updatedBy && people.get(row.updatedBy)) || null,
  }));
}

/**
 * Questionnaires kept on investors and leads (decision 0017): one answer set per subject and form.
 * Reading a questionnaire is reading the investor or lead ('investors' show); writing is updating them.
 */
export function registerQuestionnaireRoutes(app: App, { db, clock }: AppContext) {
  const bankHidden = async () => flagOn(await loadSettings(db), 'hide_bank_details_admin');

  app.get(
    '/api/questionnaires/:subjectType/:subjectId',
    { schema: { params: subjectParams, response: { 200: questionnaireListResponse } }, onRequest: authorize('investors', 'show') },
    async (request) => {
      const { subjectType, subjectId } = request.params;
      await assertSubjectExists(db, subjectType, subjectId);
      const rows = await answersOf(db, subjectType, subjectId);
      const hidden = await bankHidden();
      const presented = await present(db, rows, hidden);
      return {
        data: formsOf(subjectType).map(
          (form) =>
            presented.find((p) => p.form === form) ?? {
              form,
              answers: null,
              result: null,
              submitted_at: null,
              submitted_by: null,
              updated_at: null,
              updated_by: null,
            },
        ),
        meta: { bank_hidden: hidden },
      };
    },
  );

  app.get(
    '/api/questionnaires/:subjectType/:subjectId/:form',
    { schema: { params: formParams, response: { 200: questionnaireResponse } }, onRequest: authorize('investors', 'show') },
    async (request) => {
      const { subjectType, subjectId, form } = request.params;
      if (!formsOf(subjectType).includes(form)) throw notFound('questionnaire');
      await assertSubjectExists(db, subjectType, subjectId);
      const row = (await answersOf(db, subjectType, subjectId)).find((r) => r.form === form);
      const hidden = await bankHidden();
      return { data: row ? (await present(db, [row], hidden))[0] : null, meta: { bank_hidden: hidden } };
    },
  );

  app.route({
    // PUT, or POST from a form: a multipart form's fields become the body as a JSON body's do.
    method: ['PUT', 'POST'],
    url: '/api/questionnaires/:subjectType/:subjectId/:form',
    schema: { params: formParams, body: saveQuestionnaireBody, response: { 200: questionnaireResponse } },
    onRequest: authorize('investors', 'update'),
    handler: async (request) => {
      const { subjectType, subjectId, form } = request.params;
      assertMaySave(request, form);
      if (!formsOf(subjectType).includes(form)) throw notFound('questionnaire');
      await assertSubjectExists(db, subjectType, subjectId);
      const hidden = await bankHidden();
      const fields = request.body;
      const actor = requireUser(request);
      const { after } = await db.transaction(async (tx) => {
        const saved = await saveAnswers(tx, { type: subjectType, id: subjectId }, form, fields, actor.id, clock.now(), hidden);
        await recordActivity(tx, {
          request,
          action: saved.before ? `${form}_updated` : `${form}_submitted`,
          subjectType: ACTIVITY_SUBJECT[subjectType],
          subjectId,
          // Bank details hidden from staff stay out of the log staff read as well.
          before: saved.before ? { form, answers: hidden ? withoutBank(saved.before.answers) : saved.before.answers } : null,
          after: { form, answers: hidden ? withoutBank(saved.after.answers) : saved.after.answers, result: saved.after.result },
        });
        return saved;
      });
      return { data: (await present(db, [after], hidden))[0], meta: { bank_hidden: hidden } };
    },
  });
}
