import type { FastifyInstance, FastifyRequest } from 'fastify';
import { asc, count } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { pipelineDeals } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { exportFormat, sendExport } from '../../platform/export';
import { AppError, notFound } from '../../platform/errors';
import { parseFields, readFormFields } from '../../platform/form';
import { authorize } from '../../platform/guards';
import { idParams } from '@platform/domain';
import { paginate, parseListQuery } from '../../platform/list-query';
import type { DealRow } from '../pipelines/positions';
import { loadBoard } from './board';
import { dealsExport, DEALS_EXPORT_RESOURCE, DEALS_RESOURCE, liveDeals } from './list';
import { parseIncludes } from '../../shared/user-presenter';
import { DEAL_INCLUDES, presentDealsWith } from './presenter';
import { createDealSchema, moveDealSchema, updateDealSchema } from './schemas';
import { createDeal, deleteDeal, findLiveDeal, moveDeal, updateDeal } from './service';

type Params = z.infer<typeof idParams>;

/** Pipeline deals (spec §2.2 Deals): table view, kanban board, moves, exports. Permission event 'deals'. */
export function registerDealRoutes(app: FastifyInstance, { db, clock }: AppContext) {
  app.get('/api/pipeline-deals', { onRequest: authorize('deals', 'index') }, async (request) => {
    const query = parseListQuery(request.query as Record<string, unknown>, DEALS_RESOURCE);
    query.orderBy.push(asc(pipelineDeals.id));
    const where = liveDeals(query);
    return paginate<DealRow, Record<string, unknown>>(
      db.select().from(pipelineDeals).where(where).$dynamic(),
      db.select({ total: count() }).from(pipelineDeals).where(where).$dynamic(),
      query,
      request,
      (rows) => presentDealsWith(db, rows, query.includes),
    );
  });

  app.get('/api/pipeline-deals/export', { onRequest: authorize('deals', 'index') }, async (request, reply) => {
    const raw = request.query as Record<string, unknown>;
    const query = parseListQuery(raw, DEALS_EXPORT_RESOURCE);
    return sendExport(request, reply, exportFormat(raw), dealsExport(db, query));
  });

  app.get('/api/pipelines/:id/board', { schema: { params: idParams }, onRequest: authorize('deals', 'index') }, async (request) => {
    const { id } = request.params as Params;
    const [unknown] = Object.keys(request.query as object);
    if (unknown) throw new AppError('bad_request', `Unknown parameter '${unknown}'. The board takes none.`);
    return { data: await loadBoard(db, id) };
  });

  async function present(row: DealRow, request: FastifyRequest) {
    const includes = parseIncludes((request.query as { include?: string }).include, DEAL_INCLUDES);
    const [deal] = await presentDealsWith(db, [row], includes);
    return { data: deal };
  }

  app.get('/api/pipeline-deals/:id', { schema: { params: idParams }, onRequest: authorize('deals', 'show') }, async (request) => {
    const deal = await findLiveDeal(db, (request.params as Params).id);
    if (!deal) throw notFound('deal');
    return present(deal, request);
  });

  app.post('/api/pipeline-deals', { onRequest: authorize('deals', 'create') }, async (request, reply) => {
    const input = parseFields(createDealSchema, await readFormFields(request));
    const created = await db.transaction(async (tx) => {
      const row = await createDeal(tx, input);
      await recordActivity(tx, { request, action: 'created', subjectType: 'pipeline_deal', subjectId: row.id, after: row });
      return row;
    });
    return reply.status(201).send(await present(created, request));
  });

  const update = async (request: FastifyRequest) => {
    const { id } = idParams.parse(request.params);
    const input = parseFields(updateDealSchema, await readFormFields(request));
    const before = await findLiveDeal(db, id);
    if (!before) throw notFound('deal');
    const updated = await db.transaction(async (tx) => {
      const row = await updateDeal(tx, before, input, clock.now());
      await recordActivity(tx, { request, action: 'updated', subjectType: 'pipeline_deal', subjectId: id, before, after: row });
      return row;
    });
    return present(updated, request);
  };
  app.route({
    method: ['PATCH', 'POST'],
    url: '/api/pipeline-deals/:id',
    schema: { params: idParams },
    onRequest: authorize('deals', 'update'),
    handler: update,
  });

  /** Kanban drag and drop (and its keyboard equivalent): one transactional move. */
  app.post('/api/pipeline-deals/:id/move', { schema: { params: idParams }, onRequest: authorize('deals', 'update') }, async (request) => {
    const { id } = request.params as Params;
    const input = parseFields(moveDealSchema, await readFormFields(request));
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
  });

  app.delete(
    '/api/pipeline-deals/:id',
    { schema: { params: idParams }, onRequest: authorize('deals', 'delete') },
    async (request, reply) => {
      const { id } = request.params as Params;
      await db.transaction(async (tx) => {
        const { before, after } = await deleteDeal(tx, id, clock.now());
        await recordActivity(tx, { request, action: 'deleted', subjectType: 'pipeline_deal', subjectId: id, before, after });
      });
      return reply.status(204).send();
    },
  );
}
