import { and, asc, count, isNull } from 'drizzle-orm';
import {
  createPipelineBody,
  dataOf,
  idParams,
  listQuery,
  noContent,
  PIPELINES_LIST,
  type Pipeline,
  pipelineSchema,
  pageOf,
  renamePipelineBody,
} from '@platform/domain';
import type { App, AppContext } from '../../platform/context';
import { pipelines } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { notFound } from '../../platform/errors';
import { authorize } from '../../platform/guards';
import { containsFilter } from '../../platform/list-filters';
import { listResource, paginate, parseListQuery } from '../../platform/list-query';
import { readPipelines } from './access';
import type { PipelineRow } from './positions';
import { presentPipelinesWith } from './presenter';
import { createPipeline, deletePipeline, findLivePipeline, renamePipeline } from './service';
import { registerStageRoutes } from './stage-routes';

const PIPELINES_RESOURCE = listResource(PIPELINES_LIST, {
  filters: { search: containsFilter(pipelines.name) },
  sorts: { id: pipelines.id, name: pipelines.name, created_at: pipelines.createdAt },
  defaultSort: 'name',
});

const onePipeline = { 200: dataOf(pipelineSchema) };

export function registerPipelineRoutes(app: App, ctx: AppContext) {
  const { db, clock } = ctx;
  const live = isNull(pipelines.deletedAt);

  app.get(
    '/api/pipelines',
    { schema: { querystring: listQuery(PIPELINES_LIST), response: { 200: pageOf(pipelineSchema) } }, onRequest: readPipelines('index') },
    async (request) => {
      const query = parseListQuery(request.query, PIPELINES_RESOURCE);
      const where = and(live, query.where);
      query.orderBy.push(asc(pipelines.id));
      return paginate<PipelineRow, Pipeline>(
        db.select().from(pipelines).where(where).$dynamic(),
        db.select({ total: count() }).from(pipelines).where(where).$dynamic(),
        query,
        request,
        (rows) => presentPipelinesWith(db, rows, { stages: query.includes.has('stages') }),
      );
    },
  );

  async function loadPipeline(id: number): Promise<PipelineRow> {
    const row = await findLivePipeline(db, id);
    if (!row) throw notFound('pipeline');
    return row;
  }

  app.get(
    '/api/pipelines/:id',
    { schema: { params: idParams, response: onePipeline }, onRequest: readPipelines('show') },
    async (request) => {
      const [pipeline] = await presentPipelinesWith(db, [await loadPipeline(request.params.id)], { stages: true });
      return { data: pipeline };
    },
  );

  app.post(
    '/api/pipelines',
    {
      schema: { body: createPipelineBody, response: { 201: dataOf(pipelineSchema) } },
      onRequest: authorize('settings_pipelines', 'create'),
    },
    async (request, reply) => {
      const input = request.body;
      const created = await db.transaction(async (tx) => {
        const row = await createPipeline(tx, input.name, input.stages ?? []);
        await recordActivity(tx, {
          request,
          action: 'created',
          subjectType: 'pipeline',
          subjectId: row.id,
          after: { ...row, stages: input.stages ?? [] },
        });
        return row;
      });
      const [pipeline] = await presentPipelinesWith(db, [created], { stages: true });
      return reply.status(201).send({ data: pipeline });
    },
  );

  app.route({
    method: ['PATCH', 'POST'],
    url: '/api/pipelines/:id',
    schema: { params: idParams, body: renamePipelineBody, response: onePipeline },
    onRequest: authorize('settings_pipelines', 'update'),
    handler: async (request) => {
      const { id } = request.params;
      const input = request.body;
      const before = await loadPipeline(id);
      const updated = await db.transaction(async (tx) => {
        const row = await renamePipeline(tx, id, input.name, clock.now());
        await recordActivity(tx, { request, action: 'updated', subjectType: 'pipeline', subjectId: id, before, after: row });
        return row;
      });
      const [pipeline] = await presentPipelinesWith(db, [updated], { stages: true });
      return { data: pipeline };
    },
  });

  app.delete(
    '/api/pipelines/:id',
    { schema: { params: idParams, response: { 204: noContent } }, onRequest: authorize('settings_pipelines', 'delete') },
    async (request, reply) => {
      const { id } = request.params;
      const before = await loadPipeline(id);
      await db.transaction(async (tx) => {
        const deleted = await deletePipeline(tx, id, clock.now());
        await recordActivity(tx, { request, action: 'deleted', subjectType: 'pipeline', subjectId: id, before, after: deleted });
      });
      return reply.status(204).send(null);
    },
  );

  registerStageRoutes(app, ctx);
}
