import { and, asc, count, eq, isNotNull, isNull, or } from 'drizzle-orm';
import { z } from 'zod';
import {
  answerQuestionBody,
  createUpdateReportBody,
  dataOf,
  idParams,
  listQuery,
  pageOf,
  PublishState,
  reportTypeSchema,
  UPDATE_REPORT_RECIPIENTS_LIST,
  UPDATE_REPORTS_LIST,
  type UpdateReport,
  updateReportQuestionSchema,
  updateReportRecipientSchema,
  updateReportSchema,
  updateUpdateReportBody,
} from '@platform/domain';
import type { App, AppContext } from '../../platform/context';
import { reportTypes, updateReportRecipients, updateReports, users } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { AppError, notFound } from '../../platform/errors';
import { authorize, authorizeAny, requireUser } from '../../platform/guards';
import { repeatWhileUp } from '../../platform/housekeeping';
import { containsFilter, idsFilter, oneOfFilter } from '../../platform/list-filters';
import { listResource, paginate, parseListQuery } from '../../platform/list-query';
import { registerResource } from '../../platform/resource';
import { notifyUser } from '../../shared/notifications';
import { registerSubject } from '../../shared/record-subjects';
import { registerRichTextSubject } from '../../shared/rich-text-images';
import { registerPortalDocuments } from '../records';
import { registerClientGroupRoutes } from './client-groups';
import { receivedLiveReport, receivedLiveReportIds, registerInvestorUpdateRoutes } from './investor-routes';
import { presentReports } from './presenter';
import { answerQuestion, findQuestion, presentForStaff, questionsForStaff } from './questions';
import {
  createReport,
  deleteReport,
  findReport,
  investorReportPath,
  publishDueReports,
  publishReport,
  type UpdateReportRow,
  updateReport,
} from './service';
import { escapeHtml } from '../../platform/html';

/** How often scheduled updates are looked for: a scheduled update goes out within this of its time. */
const PUBLISH_TICK_MS = 30_000;

const REPORTS_RESOURCE = listResource(UPDATE_REPORTS_LIST, {
  filters: {
    search: containsFilter(updateReports.title),
    status: oneOfFilter('status', updateReports.status, ['1', '2']),
    report_type_id: idsFilter('report_type_id', updateReports.reportTypeId),
    opportunity_id: idsFilter('opportunity_id', updateReports.opportunityId),
    fund_id: idsFilter('fund_id', updateReports.fundId),
  },
  sorts: {
    title: updateReports.title,
    status: updateReports.status,
    published_at: updateReports.publishedAt,
    created_at: updateReports.createdAt,
  },
  defaultSort: '-created_at',
});

const RECIPIENTS_RESOURCE = listResource(UPDATE_REPORT_RECIPIENTS_LIST, {
  filters: {
    opened: (value) =>
      value === '1' ? isNotNull(updateReportRecipients.openedAt) : value === '0' ? isNull(updateReportRecipients.openedAt) : undefined,
    search: (value) => {
      const text = value.trim();
      return text ? or(containsFilter(users.name)(text), containsFilter(users.email)(text)) : undefined;
    },
  },
  sorts: { name: users.name, opened_at: updateReportRecipients.openedAt },
  defaultSort: 'name',
});

/**
 * Update reports, staff side (spec §2.2 Reports; permission event 'update_reports'): write and
 * edit drafts, schedule or publish them, see who opened them, answer investors' questions. Also
 * the report types they are filed under, the client groups they can be addressed to, the
 * investors' side (investor-routes.ts) and the tick that publishes scheduled drafts (decision 0024).
 */
export function registerUpdateReportRoutes(app: App, ctx: AppContext) {
  const { db, clock } = ctx;
  const guard = (...actions: Parameters<typeof authorize>[1][]) =>
    authorizeAny(...actions.map((action) => ['update_reports', action] as const));

  registerSubject('update_report', async (tx, id) => Boolean(await findReport(tx, id)));
  // Attachments filed public on an update are the audience's to download, once it is live.
  registerPortalDocuments('update_report', async (tx, userId, reportId) => Boolean(await receivedLiveReport(tx, userId, reportId)));
  // Pictures in an update's text: staff who may read updates, and the investors a live update reached.
  registerRichTextSubject('update_report', { event: 'update_reports', readableByInvestor: receivedLiveReportIds });

  async function loadReport(id: number): Promise<UpdateReportRow> {
    const row = await findReport(db, id);
    if (!row) throw notFound('update');
    return row;
  }
  const presentOne = async (row: UpdateReportRow): Promise<UpdateReport> => (await presentReports(db, [row]))[0];

  registerResource(app, {
    path: '/api/update-reports',
    item: updateReportSchema,
    guard,
    list: {
      query: listQuery(UPDATE_REPORTS_LIST),
      paged: true,
      run: async (request, raw) => {
        const query = parseListQuery(raw, REPORTS_RESOURCE);
        query.orderBy.push(asc(updateReports.id));
        const where = and(isNull(updateReports.deletedAt), query.where);
        return paginate<UpdateReportRow, UpdateReport>(
          db.select().from(updateReports).where(where).$dynamic(),
          db.select({ total: count() }).from(updateReports).where(where).$dynamic(),
          query,
          request,
          (rows) => presentReports(db, rows),
        );
      },
    },
    show: { run: async (_request, id) => presentOne(await loadReport(id)) },
    create: {
      body: createUpdateReportBody,
      run: async (request, body) => presentOne(await db.transaction((tx) => createReport(tx, request, body, clock.now()))),
    },
    update: {
      body: updateUpdateReportBody,
      run: async (request, id, body) => presentOne(await db.transaction((tx) => updateReport(tx, request, id, body, clock.now()))),
    },
    remove: { run: (request, id) => db.transaction((tx) => deleteReport(tx, request, id, clock.now())) },
  });

  app.post(
    '/api/update-reports/:id/publish',
    { schema: { params: idParams, response: { 200: dataOf(updateReportSchema) } }, onRequest: authorize('update_reports', 'update') },
    async (request) => ({ data: await presentOne(await publishReport(ctx, request, request.params.id)) }),
  );

  app.get(
    '/api/update-reports/:id/recipients',
    {
      schema: {
        params: idParams,
        querystring: listQuery(UPDATE_REPORT_RECIPIENTS_LIST),
        response: { 200: pageOf(updateReportRecipientSchema) },
      },
      onRequest: authorize('update_reports', 'show'),
    },
    async (request) => {
      const { id, ...rest } = { ...request.query, id: request.params.id };
      await loadReport(id);
      const query = parseListQuery(rest, RECIPIENTS_RESOURCE);
      query.orderBy.push(asc(updateReportRecipients.userId));
      const where = and(eq(updateReportRecipients.updateReportId, id), query.where);
      const columns = { userId: users.id, name: users.name, email: users.email, openedAt: updateReportRecipients.openedAt };
      return paginate<{ userId: number; name: string; email: string; openedAt: Date | null }, z.input<typeof updateReportRecipientSchema>>(
        db
          .select(columns)
          .from(updateReportRecipients)
          .innerJoin(users, eq(users.id, updateReportRecipients.userId))
          .where(where)
          .$dynamic(),
        db
          .select({ total: count() })
          .from(updateReportRecipients)
          .innerJoin(users, eq(users.id, updateReportRecipients.userId))
          .where(where)
          .$dynamic(),
        query,
        request,
        (rows) => rows.map((r) => ({ user_id: r.userId, name: r.name, email: r.email, opened_at: r.openedAt?.toISOString() ?? null })),
      );
    },
  );

  app.get(
    '/api/update-reports/:id/questions',
    {
      schema: { params: idParams, response: { 200: dataOf(z.array(updateReportQuestionSchema)) } },
      onRequest: authorize('update_reports', 'show'),
    },
    async (request) => {
      const report = await loadReport(request.params.id);
      return { data: await questionsForStaff(db, report.id) };
    },
  );

  /** Answering is updating the update's conversation; the asker is told, and an audience answer shows to all. */
  app.post(
    '/api/update-report-questions/:id/answer',
    {
      schema: { params: idParams, body: answerQuestionBody, response: { 200: dataOf(updateReportQuestionSchema) } },
      onRequest: authorize('update_reports', 'update'),
    },
    async (request) => {
      const user = requireUser(request);
      const question = await findQuestion(db, request.params.id);
      const report = question && (await findReport(db, question.updateReportId));
      if (!question || !report) throw notFound('question');
      if (report.status !== PublishState.Live) throw new AppError('conflict', 'Questions are answered on published updates.');
      const { after } = await db.transaction(async (tx) => {
        const result = await answerQuestion(tx, question.id, request.body, user.id, clock.now());
        await recordActivity(tx, {
          request,
          action: 'answered',
          subjectType: 'update_report_question',
          subjectId: question.id,
          before: result.before,
          after: result.after,
        });
        return result;
      });
      await notifyUser(ctx, after.askedBy, {
        message: `<p>Your question on <strong>${escapeHtml(report.title)}</strong> has been answered.</p>`,
        icon: 'update_reports',
        cta: investorReportPath(report.id),
      });
      return { data: (await presentForStaff(db, [after]))[0] };
    },
  );

  app.get(
    '/api/report-types',
    {
      schema: { response: { 200: dataOf(z.array(reportTypeSchema)) } },
      onRequest: authorizeAny(['update_reports', 'index'], ['settings_report_types', 'index']),
    },
    async () => {
      const rows = await db
        .select()
        .from(reportTypes)
        .where(isNull(reportTypes.deletedAt))
        .orderBy(asc(reportTypes.position), asc(reportTypes.name), asc(reportTypes.id));
      return {
        data: rows
          .filter((r) => r.parentId === null)
          .map((type) => ({
            id: type.id,
            name: type.name,
            sub_types: rows.filter((r) => r.parentId === type.id).map((s) => ({ id: s.id, name: s.name })),
          })),
      };
    },
  );

  registerClientGroupRoutes(app, ctx);
  registerInvestorUpdateRoutes(app, ctx);
  repeatWhileUp(app, { everyMs: PUBLISH_TICK_MS, label: 'publishing scheduled updates', atStart: true }, () => publishDueReports(ctx));
}
