import { asc, count } from 'drizzle-orm';
import {
  BOARD_PAGE_SIZE,
  boardColumnPageSchema,
  boardColumnParams,
  boardColumnQuery,
  boardQuery,
  createDealBody,
  type Deal,
  dataOf,
  dealBoardSchema,
  dealIncludeQuery,
  DEALS_LIST,
  dealSchema,
  fileBody,
  idParams,
  listQuery,
  moveDealBody,
  noContent,
  pageOf,
  updateDealBody,
} from '@platform/domain';
import type { App, AppContext } from '../../platform/context';
import { pipelineDeals } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { exportFormat, sendExport } from '../../platform/export';
import { notFound } from '../../platform/errors';
import { authorize, requireUser } from '../../platform/guards';
import { recordProjectAccess } from '../insider-register';
import { paginate, parseListQuery } from '../../platform/list-query';
import type { DealRow } from '../pipelines';
import { loadBoard, loadBoardColumn } from './board';
import { dealsExport, DEALS_EXPORT_RESOURCE, DEALS_RESOURCE, liveDeals } from './list';
import { parseIncludes } from '../../shared/user-presenter';
import { DEAL_INCLUDES, presentDealsWith } from './presenter';
import { createDeal, deleteDeal, findLiveDeal, moveDeal, updateDeal } from './service';

const oneDeal = { 200: dataOf(dealSchema) };

/** Pipeline deals (spec §2.2 Deals): table view, kanban board, moves, exports. Permission event 'deals'. */
export function registerDealRoutes(app: App, { db, clock }: AppContext) {
  app.get(
    '/api/pipeline-deals',
    { schema: { querystring: listQuery(DEALS_LIST), response: { 200: pageOf(dealSchema) } }, onRequest: authorize('deals', 'index') },
    async (request) => {
      const query = parseListQuery(request.query, DEALS_RESOURCE);
      query.orderBy.push(asc(pipelineDeals.id));
      const where = liveDeals(query);
      return paginate<DealRow, Deal>(
        db.select().from(pipelineDeals).where(where).$dynamic(),
        db.select({ total: count() }).from(pipelineDeals).where(where).$dynamic(),
        query,
        request,
        (rows) => presentDealsWith(db, rows, query.includes),
      );
    },
  );

  app.get(
    '/api/pipeline-deals/export',
    {
      schema: { querystring: listQuery({ ...DEALS_LIST, params: ['format'] }), response: { 200: fileBody } },
      onRequest: authorize('deals', 'index'),
    },
    async (request, reply) => {
      const raw = request.query;
      const query = parseListQuery(raw, DEALS_EXPORT_RESOURCE);
      return sendExport(request, reply, exportFormat(raw), dealsExport(db, query));
    },
  );

  /** Each column's first cards and whole count; the rest come a page at a time from the route below. */
  app.get(
    '/api/pipelines/:id/board',
    {
      schema: { params: idParams, querystring: boardQuery, response: { 200: dataOf(dealBoardSchema) } },
      onRequest: authorize('deals', 'index'),
    },
    async (request) => ({ data: await loadBoard(db, request.params.id, request.query.limit ?? BOARD_PAGE_SIZE) }),
  );

  app.get(
    '/api/pipelines/:id/board/stages/:stageId/deals',
    {
      schema: { params: boardColumnParams, querystring: boardColumnQuery, response: { 200: boardColumnPageSchema } },
      onRequest: authorize('deals', 'index'),
    },
    async (request) =>
      loadBoardColumn(db, {
        pipelineId: request.params.id,
        stageId: request.params.stageId,
        after: request.query.after,
        limit: request.query.limit ?? BOARD_PAGE_SIZE,
      }),
  );

  async function present(row: DealRow, request: { query: { include?: string } }) {
    const includes = parseIncludes(request.query.include, DEAL_INCLUDES);
    const [deal] = await presentDealsWith(db, [row], includes);
    return { data: deal };
  }

  app.get(
    '/api/pipeline-deals/:id',
    { schema: { params: idParams, querystring: dealIncludeQuery, response: oneDeal }, onRequest: authorize('deals', 'show') },
    async (request) => {
      const deal = await findLiveDeal(db, request.params.id);
      if (!deal) throw notFound('deal');
      await recordProjectAccess(db, { dealId: deal.id }, requireUser(request), clock.now());
      return present(deal, request);
    },
  );

  app.post(
    '/api/pipeline-deals',
    {
      schema: { querystring: dealIncludeQuery, body: createDealBody, response: { 201: dataOf(dealSchema) } },
      onRequest: authorize('deals', 'create'),
    },
    async (request, reply) => {
      const input = request.body;
      const created = await db.transaction(async (tx) => {
        const row = await createDeal(tx, input);
        await recordActivity(tx, { request, action: 'created', subjectType: 'pipeline_deal', subjectId: row.id, after: row });
        return row;
      });
      return reply.status(201).send(await present(created, request));
    },
  );

  app.route({
    method: ['PATCH', 'POST'],
    url: '/api/pipeline-deals/:id',
    schema: { params: idParams, querystring: dealIncludeQuery, body: updateDealBody, response: oneDeal },
    onRequest: authorize('deals', 'update'),
    handler: async (request) => {
      const { id } = request.params;
      const before = await findLiveDeal(db, id);
      if (!before) throw notFound('deal');
      const updated = await db.transaction(async (tx) => {
        const row = await updateDeal(tx, before, request.body, clock.now());
        await recordActivity(tx, { request, action: 'updated', subjectType: 'pipeline_deal', subjectId: id, before, after: row });
        return row;
      });
      return present(updated, request);
    },
  });

  /** Kanban drag and drop (and its keyboard equivalent): one transactional move. */
  app.post(
    '/api/pipeline-deals/:id/move',
    {
      schema: { params: idParams, querystring: dealIncludeQuery, body: moveDealBody, response: oneDeal },
      onRequest: authorize('deals', 'update'),
    },
    async (request) => {
      const { id } = request.params;
      const input = request.body;
      const moved = await db.transaction(async (tx) => {
        const { before, after } = await moveDeal(tx, id, input.stage_id, input.position ?? null, clock.now());
        await recordActivity(tx, {
          request,
          action: 'moved',
          subjectType: 'pipeline_deal',
          subjectId: id,
          before: { stage_id: before.stageId, position: before.position },
          after: { stage_id: after.stageId, position: after.position },
        });
        return after;
      });
      return present(moved, request);
    },
  );

  app.delete(
    '/api/pipeline-deals/:id',
    { schema: { params: idParams, response: { 204: noContent } }, onRequest: authorize('deals', 'delete') },
    async (request, reply) => {
      const { id } = request.params;
      await db.transaction(async (tx) => {
        const { before, after } = await deleteDeal(tx, id, clock.now());
        await recordActivity(tx, { request, action: 'deleted', subjectType: 'pipeline_deal', subjectId: id, before, after });
      });
      return reply.status(204).send(null);
    },
  );
}
