import type { FastifyRequest } from 'fastify';
import { asc, count, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  appropriatenessAnswersBody,
  appropriatenessResultSchema,
  approveCategorisationBody,
  CATEGORISATION_STATUSES,
  CATEGORISATIONS_LIST,
  type Categorisation,
  categorisationSchema,
  categorisationValid,
  complianceAttemptSchema,
  complianceQuestionSchema,
  complianceQuestionsQuery,
  complianceQuestionsResponse,
  complianceTriesSchema,
  createComplianceQuestionBody,
  dataOf,
  declareCategorisationBody,
  idParams,
  investorGatesSchema,
  INVESTOR_CATEGORIES,
  isInvestorRole,
  listQuery,
  myCategorisationResponse,
  noContent,
  personalisedRiskWarning,
  pageOf,
  rejectCategorisationBody,
  updateComplianceQuestionBody,
  userSchema,
} from '@platform/domain';
import type { App, AppContext } from '../../platform/context';
import type { UserRow } from '../../platform/session';
import { investorCategorisations, users } from '../../db/schema';
import { insertStaffNotifications, pushStaffNotifications } from '../../shared/staff-notifications';
import { recordActivity } from '../../platform/activity';
import { AppError, notFound } from '../../platform/errors';
import { authenticated, authorize, investorOnly, investorOrAny, requireInvestor, requireUser } from '../../platform/guards';
import { idsFilter, oneOfFilter } from '../../platform/list-filters';
import { listResource, paginate, parseListQuery } from '../../platform/list-query';
import { presentUser } from '../../shared/user-presenter';
import { flagOn, loadSettings, SETTINGS_ID } from '../../shared/settings';
import { investorGates, latestApprovedCategorisation } from '../../shared/investor-gates';
import { presentAppropriatenessMeta, presentAttempt, presentCategorisation, presentQuestion } from './presenter';
import {
  allowedTries,
  appropriatenessState,
  createQuestion,
  declareCategorisation,
  deleteQuestion,
  findLiveQuestion,
  latestCategorisation,
  liveQuestions,
  questionsForAttempt,
  attemptsOf,
  investorStatements,
  optionsByQuestion,
  resetAppropriatenessTest,
  reviewCategorisation,
  submitAnswers,
  updateQuestion,
  type CategorisationRow,
  type QuestionRow,
  usersById,
} from './service';
import { escapeHtml } from '../../platform/html';

const QUESTION_INCLUDES = ['options'] as const;

/** `?include=options` and nothing else: a typo must not silently change the answer. */
function questionIncludes(query: Record<string, unknown>): boolean {
  const [unknown] = Object.keys(query).filter((key) => key !== 'include' && key !== 'bank');
  if (unknown) throw new AppError('bad_request', `Unknown parameter '${unknown}'.`);
  const names = String(query.include ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = names.find((name) => !(QUESTION_INCLUDES as readonly string[]).includes(name));
  if (bad) throw new AppError('bad_request', `Unknown include '${bad}'. Allowed includes: ${QUESTION_INCLUDES.join(', ')}.`);
  return names.includes('options');
}

const CATEGORISATIONS_RESOURCE = listResource(CATEGORISATIONS_LIST, {
  filters: {
    status: oneOfFilter('status', investorCategorisations.status, CATEGORISATION_STATUSES),
    category: oneOfFilter('category', investorCategorisations.category, INVESTOR_CATEGORIES),
    user_id: idsFilter('user_id', investorCategorisations.userId),
  },
  sorts: { declared_at: investorCategorisations.declaredAt, status: investorCategorisations.status },
  defaultSort: '-declared_at',
});

/**
 * Compliance gates of spec §4: the appropriateness test (question bank, answers, tries, 24-hour
 * wait, staff reset) and investor categorisation with its approval. The gate itself is gate.ts.
 */
export function registerComplianceRoutes(app: App, { db, clock, realtime }: AppContext) {
  async function presentQuestions(rows: QuestionRow[], withOptions: boolean, withCorrect: boolean) {
    const options = withOptions
      ? await optionsByQuestion(
          db,
          rows.map((r) => r.id),
        )
      : null;
    return rows.map((row) => presentQuestion(row, options?.get(row.id), withCorrect));
  }

  app.get(
    '/api/compliance-tries/:id',
    { schema: { params: idParams, response: { 200: dataOf(complianceTriesSchema) } }, onRequest: authenticated },
    async (request) => {
      if (request.params.id !== SETTINGS_ID) throw notFound('settings');
      return { data: { compliance_tries: allowedTries(await loadSettings(db)) } };
    },
  );

  /** Investors get the questions they may answer now, without the answers; bank managers get all. */
  app.get(
    '/api/compliance-questions',
    {
      schema: { querystring: complianceQuestionsQuery, response: { 200: complianceQuestionsResponse } },
      onRequest: investorOrAny(['settings_compliance', 'index']),
    },
    async (request) => {
      const user = requireUser(request);
      const withOptions = questionIncludes(request.query);
      if (isInvestorRole(user.roleId)) {
        const state = await appropriatenessState(db, user, clock.now());
        const rows = state.blocked ? [] : await questionsForAttempt(db, user, state);
        return { data: await presentQuestions(rows, withOptions, false), meta: presentAppropriatenessMeta(state) };
      }
      return { data: await presentQuestions(await liveQuestions(db, request.query.bank), withOptions, true) };
    },
  );

  const oneQuestion = { 200: dataOf(complianceQuestionSchema) };

  app.get(
    '/api/compliance-questions/:id',
    { schema: { params: idParams, response: oneQuestion }, onRequest: authorize('settings_compliance', 'show') },
    async (request) => {
      const row = await findLiveQuestion(db, request.params.id);
      if (!row) throw notFound('question');
      const [question] = await presentQuestions([row], true, true);
      return { data: question };
    },
  );

  app.post(
    '/api/compliance-questions',
    {
      schema: { body: createComplianceQuestionBody, response: { 201: dataOf(complianceQuestionSchema) } },
      onRequest: authorize('settings_compliance', 'create'),
    },
    async (request, reply) => {
      const input = request.body;
      const now = clock.now();
      const created = await db.transaction(async (tx) => {
        const row = await createQuestion(tx, input, now);
        await recordActivity(tx, {
          request,
          action: 'created',
          subjectType: 'compliance_question',
          subjectId: row.id,
          after: { ...row, options: input.options },
        });
        return row;
      });
      const [question] = await presentQuestions([created], true, true);
      return reply.status(201).send({ data: question });
    },
  );

  app.route({
    method: ['PATCH', 'POST'],
    url: '/api/compliance-questions/:id',
    schema: { params: idParams, body: updateComplianceQuestionBody, response: oneQuestion },
    onRequest: authorize('settings_compliance', 'update'),
    handler: async (request) => {
      const { id } = request.params;
      const input = request.body;
      const before = await findLiveQuestion(db, id);
      if (!before) throw notFound('question');
      const beforeOptions = (await optionsByQuestion(db, [id])).get(id);
      const updated = await db.transaction(async (tx) => {
        const row = await updateQuestion(tx, before, input, clock.now());
        const afterOptions = (await optionsByQuestion(tx, [id])).get(id);
        await recordActivity(tx, {
          request,
          action: 'updated',
          subjectType: 'compliance_question',
          subjectId: id,
          before: { ...before, options: beforeOptions },
          after: { ...row, options: afterOptions },
        });
        return row;
      });
      const [question] = await presentQuestions([updated], true, true);
      return { data: question };
    },
  });

  app.delete(
    '/api/compliance-questions/:id',
    { schema: { params: idParams, response: { 204: noContent } }, onRequest: authorize('settings_compliance', 'delete') },
    async (request, reply) => {
      const { id } = request.params;
      await db.transaction(async (tx) => {
        const { before, after } = await deleteQuestion(tx, id, clock.now());
        await recordActivity(tx, { request, action: 'deleted', subjectType: 'compliance_question', subjectId: id, before, after });
      });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/compliance-answers',
    { schema: { body: appropriatenessAnswersBody, response: { 200: dataOf(appropriatenessResultSchema) } }, onRequest: investorOnly },
    async (request) => {
      const investor = requireInvestor(request);
      const { answers } = request.body;
      const now = clock.now();
      const result = await db.transaction(async (tx) => {
        const outcome = await submitAnswers(tx, investor.id, answers, now);
        await recordActivity(tx, {
          request,
          action: outcome.attempt.passed ? 'passed' : 'failed',
          subjectType: 'compliance_attempt',
          subjectId: outcome.attempt.id,
          after: outcome.attempt,
        });
        return outcome;
      });
      return {
        data: {
          passed: result.attempt.passed,
          score: result.attempt.score,
          total: result.attempt.total,
          retry_at: result.retryAt?.toISOString() ?? null,
          tries_used: result.user.complianceTries,
          tries_allowed: result.triesAllowed,
        },
      };
    },
  );

  app.post(
    '/api/users/:id/reset-appropriateness-test',
    { schema: { params: idParams, response: { 200: dataOf(userSchema) } }, onRequest: authorize('investors', 'update') },
    async (request) => {
      const { id } = request.params;
      const after = await db.transaction(async (tx) => {
        const reset = await resetAppropriatenessTest(tx, id, clock.now());
        await recordActivity(tx, {
          request,
          action: 'appropriateness_reset',
          subjectType: 'user',
          subjectId: id,
          before: { compliance_passed: reset.before.compliancePassed, compliance_tries: reset.before.complianceTries },
          after: { compliance_passed: false, compliance_tries: 0, closed_attempts: reset.closedAttempts },
        });
        return reset.after;
      });
      return { data: presentUser(after) };
    },
  );

  /** An investor's attempts as they took them (decision 0031: snapshots the bank's later edits leave alone). */
  app.get(
    '/api/users/:id/compliance-attempts',
    {
      schema: { params: idParams, response: { 200: dataOf(z.array(complianceAttemptSchema)) } },
      onRequest: authorize('investors', 'show'),
    },
    async (request) => ({ data: (await attemptsOf(db, request.params.id)).map(presentAttempt) }),
  );

  /* Gates before promotions and investing (decision 0028) */

  async function presentGates(user: UserRow) {
    const now = clock.now();
    const state = await investorGates(db, user, now);
    const settings = await loadSettings(db);
    return {
      blocked_by: state.blockedBy,
      may_view_promotions: state.promotionsBlockedBy === null,
      may_invest: state.blockedBy === null,
      categorised_at: state.categorisedAt?.toISOString() ?? null,
      cooling_off_ends_at: state.coolingOffEndsAt?.toISOString() ?? null,
      risk_warning: {
        text: personalisedRiskWarning(user.name, settings.riskWarningTemplate),
        details: settings.riskWarningText ?? '',
        version: settings.riskWarningVersion,
        acknowledged_at: user.riskWarningAcknowledgedAt?.toISOString() ?? null,
        acknowledged_version: user.riskWarningAcknowledgedVersion,
      },
    };
  }

  app.get(
    '/api/my/investor-gates',
    { schema: { response: { 200: dataOf(investorGatesSchema) } }, onRequest: investorOnly },
    async (request) => ({ data: await presentGates(requireInvestor(request)) }),
  );

  /** The investor acknowledges the personalised risk warning; the first acknowledgement and its time are kept. */
  app.post(
    '/api/my/risk-warning-acknowledgement',
    { schema: { response: { 200: dataOf(investorGatesSchema) } }, onRequest: investorOnly },
    async (request) => {
      const investor = requireInvestor(request);
      if (investor.riskWarningAcknowledgedAt) return { data: await presentGates(investor) };
      const acknowledgedAt = clock.now();
      const settings = await loadSettings(db);
      const text = personalisedRiskWarning(investor.name, settings.riskWarningTemplate);
      const after = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(users)
          .set({
            riskWarningAcknowledgedAt: acknowledgedAt,
            riskWarningAcknowledgedVersion: settings.riskWarningVersion,
            riskWarningAcknowledgedText: text,
          })
          .where(eq(users.id, investor.id))
          .returning();
        await recordActivity(tx, {
          request,
          action: 'risk_warning_acknowledged',
          subjectType: 'user',
          subjectId: investor.id,
          after: { risk_warning_acknowledged_at: acknowledgedAt, version: settings.riskWarningVersion, text },
        });
        return row;
      });
      return { data: await presentGates(after) };
    },
  );

  /* Categorisation */

  app.get(
    '/api/my/categorisation',
    { schema: { response: { 200: myCategorisationResponse } }, onRequest: investorOnly },
    async (request) => {
      const investor = requireInvestor(request);
      const now = clock.now();
      const settings = await loadSettings(db);
      const latest = await latestCategorisation(db, investor.id);
      return {
        data: latest ? presentCategorisation(latest) : null,
        meta: {
          approval_required: flagOn(settings, 'compliance_test_requires_categorisation_approval'),
          valid: categorisationValid(await latestApprovedCategorisation(db, investor.id), now),
          statements: investorStatements(settings),
        },
      };
    },
  );

  app.post(
    '/api/my/categorisation',
    { schema: { body: declareCategorisationBody, response: { 201: dataOf(categorisationSchema) } }, onRequest: investorOnly },
    async (request, reply) => {
      const investor = requireInvestor(request);
      const input = request.body;
      const { row, staff } = await db.transaction(async (tx) => {
        const { row: declared, supersededIds } = await declareCategorisation(tx, investor.id, input, clock.now());
        await recordActivity(tx, {
          request,
          action: 'declared',
          subjectType: 'investor_categorisation',
          subjectId: declared.id,
          after: { ...declared, superseded: supersededIds },
        });
        if (declared.status !== 'pending') return { row: declared, staff: [] };
        const label = (declared.declaration as { category_label?: string }).category_label ?? declared.category;
        const notes = await insertStaffNotifications(tx, 'categorisation_pending', {
          message: `<strong>${escapeHtml(investor.name)}</strong> declared themselves <strong>${escapeHtml(label)}</strong>: the declaration waits for approval.`,
          icon: 'investor_categorisation',
          cta: `/admin/investors/${investor.id}/category`,
          now: clock.now(),
        });
        return { row: declared, staff: notes };
      });
      await pushStaffNotifications(realtime, staff);
      return reply.status(201).send({ data: presentCategorisation(row) });
    },
  );

  app.get(
    '/api/investor-categorisations',
    {
      schema: { querystring: listQuery(CATEGORISATIONS_LIST), response: { 200: pageOf(categorisationSchema) } },
      onRequest: authorize('investor_category', 'index'),
    },
    async (request) => {
      const query = parseListQuery(request.query, CATEGORISATIONS_RESOURCE);
      query.orderBy.push(asc(investorCategorisations.id));
      return paginate<CategorisationRow, Categorisation>(
        db.select().from(investorCategorisations).where(query.where).$dynamic(),
        db.select({ total: count() }).from(investorCategorisations).where(query.where).$dynamic(),
        query,
        request,
        async (rows) => {
          if (!query.includes.has('user')) return rows.map((row) => presentCategorisation(row));
          const byId = await usersById(
            db,
            rows.map((r) => r.userId),
          );
          return rows.map((row) => presentCategorisation(row, byId.get(row.userId) ?? null));
        },
      );
    },
  );

  const review = async (request: FastifyRequest, id: number, note: string | undefined, decision: 'approved' | 'rejected') => {
    const reviewer = requireUser(request);
    const after = await db.transaction(async (tx) => {
      const result = await reviewCategorisation(tx, id, decision, reviewer.id, note || null, clock.now());
      await recordActivity(tx, {
        request,
        action: decision,
        subjectType: 'investor_categorisation',
        subjectId: id,
        before: result.before,
        after: result.after,
      });
      return result.after;
    });
    return { data: presentCategorisation(after) };
  };
  const reviewed = { 200: dataOf(categorisationSchema) };
  const reviewer = authorize('investor_category', 'update');
  app.post(
    '/api/investor-categorisations/:id/approve',
    { schema: { params: idParams, body: approveCategorisationBody, response: reviewed }, onRequest: reviewer },
    async (request) => review(request, request.params.id, request.body.note, 'approved'),
  );
  app.post(
    '/api/investor-categorisations/:id/reject',
    { schema: { params: idParams, body: rejectCategorisationBody, response: reviewed }, onRequest: reviewer },
    async (request) => review(request, request.params.id, request.body.note, 'rejected'),
  );
}
