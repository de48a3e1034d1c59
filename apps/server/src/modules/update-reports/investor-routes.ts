import { and, count, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import {
  askQuestionBody,
  dataOf,
  idParams,
  investorUpdateReportDetailSchema,
  investorUpdateReportSchema,
  listQuery,
  MY_UPDATE_REPORTS_LIST,
  pageOf,
  PublishState,
  updateReportQuestionSchema,
  type InvestorUpdateReport,
} from '@platform/domain';
import type { App, AppContext } from '../../platform/context';
import type { Db } from '../../db/client';
import { updateReportRecipients, updateReports } from '../../db/schema';
import { notFound } from '../../platform/errors';
import { investorOnly, requireInvestor } from '../../platform/guards';
import { idsFilter } from '../../platform/list-filters';
import { listResource, paginate, parseListQuery } from '../../platform/list-query';
import { publicDocumentsOf } from '../records';
import { presentForInvestor } from './presenter';
import { askQuestion, questionsForInvestor } from './questions';
import type { UpdateReportRow } from './service';

/** What an investor may read: live updates that reached them. Every query of this side starts here. */
const received = (userId: number, extra?: SQL) =>
  and(eq(updateReportRecipients.userId, userId), eq(updateReports.status, PublishState.Live), isNull(updateReports.deletedAt), extra);

const MY_REPORTS_RESOURCE = listResource(MY_UPDATE_REPORTS_LIST, {
  filters: {
    opportunity_id: idsFilter('opportunity_id', updateReports.opportunityId),
    fund_id: idsFilter('fund_id', updateReports.fundId),
    unread: (value) => (value === '1' ? isNull(updateReportRecipients.openedAt) : undefined),
  },
  sorts: { published_at: updateReports.publishedAt },
  defaultSort: '-published_at',
});

type ReceivedRow = UpdateReportRow & { openedAt: Date | null };

/** A live update that reached the investor, with when they opened it; undefined for anything else. */
export async function receivedLiveReport(db: Db, userId: number, reportId: number): Promise<ReceivedRow | undefined> {
  const [row] = await db
    .select({ report: updateReports, openedAt: updateReportRecipients.openedAt })
    .from(updateReportRecipients)
    .innerJoin(updateReports, eq(updateReports.id, updateReportRecipients.updateReportId))
    .where(received(userId, eq(updateReports.id, reportId)));
  return row && { ...row.report, openedAt: row.openedAt };
}

/** Which of these updates are live and reached the investor. */
export async function receivedLiveReportIds(db: Db, userId: number, reportIds: number[]): Promise<number[]> {
  if (!reportIds.length) return [];
  const rows = await db
    .select({ id: updateReports.id })
    .from(updateReportRecipients)
    .innerJoin(updateReports, eq(updateReports.id, updateReportRecipients.updateReportId))
    .where(received(userId, inArray(updateReports.id, reportIds)));
  return rows.map((row) => row.id);
}

/**
 * The investor's news (spec §2.3 /investor/news): the live updates addressed to them, newest first,
 * unread marked; one update with its attachments and the questions they may see, which records
 * that they opened it; and their questions. A draft, or an update that did not reach them, is a 404.
 */
export function registerInvestorUpdateRoutes(app: App, { db, clock }: AppContext) {
  app.get(
    '/api/my/update-reports',
    {
      schema: { querystring: listQuery(MY_UPDATE_REPORTS_LIST), response: { 200: pageOf(investorUpdateReportSchema) } },
      onRequest: investorOnly,
    },
    async (request) => {
      const user = requireInvestor(request);
      const query = parseListQuery(request.query, MY_REPORTS_RESOURCE);
      query.orderBy.push(desc(updateReports.id));
      const where = received(user.id, query.where);
      const joined = db
        .select({ report: updateReports, openedAt: updateReportRecipients.openedAt })
        .from(updateReportRecipients)
        .innerJoin(updateReports, eq(updateReports.id, updateReportRecipients.updateReportId))
        .where(where)
        .$dynamic();
      return paginate<{ report: UpdateReportRow; openedAt: Date | null }, InvestorUpdateReport>(
        joined,
        db
          .select({ total: count() })
          .from(updateReportRecipients)
          .innerJoin(updateReports, eq(updateReports.id, updateReportRecipients.updateReportId))
          .where(where)
          .$dynamic(),
        query,
        request,
        (rows) =>
          presentForInvestor(
            db,
            rows.map((r) => ({ ...r.report, openedAt: r.openedAt })),
          ),
      );
    },
  );

  async function loadReceived(userId: number, reportId: number): Promise<ReceivedRow> {
    const row = await receivedLiveReport(db, userId, reportId);
    if (!row) throw notFound('update');
    return row;
  }

  app.get(
    '/api/my/update-reports/:id',
    { schema: { params: idParams, response: { 200: dataOf(investorUpdateReportDetailSchema) } }, onRequest: investorOnly },
    async (request) => {
      const user = requireInvestor(request);
      const row = await loadReceived(user.id, request.params.id);
      if (!row.openedAt) {
        // The first opening counts; a second reader of the same answer keeps the first time.
        const [opened] = await db
          .update(updateReportRecipients)
          .set({ openedAt: clock.now() })
          .where(
            and(
              eq(updateReportRecipients.updateReportId, row.id),
              eq(updateReportRecipients.userId, user.id),
              isNull(updateReportRecipients.openedAt),
            ),
          )
          .returning({ openedAt: updateReportRecipients.openedAt });
        row.openedAt = opened?.openedAt ?? clock.now();
      }
      const [[summary], attachments, questions] = await Promise.all([
        presentForInvestor(db, [row]),
        publicDocumentsOf(db, { type: 'update_report', id: row.id }),
        questionsForInvestor(db, row.id, user.id),
      ]);
      return { data: { ...summary, body: row.body, attachments, questions } };
    },
  );

  app.post(
    '/api/my/update-reports/:id/questions',
    { schema: { params: idParams, body: askQuestionBody, response: { 201: dataOf(updateReportQuestionSchema) } }, onRequest: investorOnly },
    async (request, reply) => {
      const user = requireInvestor(request);
      const row = await loadReceived(user.id, request.params.id);
      const question = await db.transaction((tx) => askQuestion(tx, row.id, user.id, request.body.question));
      return reply.status(201).send({ data: question });
    },
  );
}
