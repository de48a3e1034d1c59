import { and, asc, count, isNull } from 'drizzle-orm';
import { z } from 'zod';
import {
  createStageBody,
  dataOf,
  deleteStageBody,
  idParams,
  listQuery,
  noContent,
  PIPELINE_STAGES_LIST,
  type PipelineStage,
  pipelineStageSchema,
  pageOf,
  renameStageBody,
  reorderStagesBody,
} from '@platform/domain';
import type { App, AppContext } from '../../platform/context';
import { pipelineStages } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { notFound, validationError } from '../../platform/errors';
import { authorize } from '../../platform/guards';
import { idsFilter } from '../../platform/list-filters';
import { listResource, paginate, parseListQuery } from '../../platform/list-query';
import { readPipelines } from './access';
import type { StageRow } from './positions';
import { presentStagesWith } from './presenter';
import { createStage, deleteStage, findLivePipeline, findLiveStage, renameStage, reorderStages, stageOrder } from './service';

const STAGES_RESOURCE = listResource(PIPELINE_STAGES_LIST, {
  filters: { pipeline_id: idsFilter('pipeline_id', pipelineStages.pipelineId) },
  sorts: { position: pipelineStages.position, name: pipelineStages.name, created_at: pipelineStages.createdAt },
  defaultSort: 'position',
});

const oneStage = { 200: dataOf(pipelineStageSchema) };

/** Stages of a pipeline: create, rename, reorder in one call, delete (moving its deals) — docs/decisions/0007. */
export function registerStageRoutes(app: App, { db, clock }: AppContext) {
  app.get(
    '/api/pipeline-stages',
    {
      schema: { querystring: listQuery(PIPELINE_STAGES_LIST), response: { 200: pageOf(pipelineStageSchema) } },
      onRequest: readPipelines('index'),
    },
    async (request) => {
      const query = parseListQuery(request.query, STAGES_RESOURCE);
      const where = and(isNull(pipelineStages.deletedAt), query.where);
      query.orderBy.push(asc(pipelineStages.pipelineId), asc(pipelineStages.id));
      return paginate<StageRow, PipelineStage>(
        db.select().from(pipelineStages).where(where).$dynamic(),
        db.select({ total: count() }).from(pipelineStages).where(where).$dynamic(),
        query,
        request,
        (rows) => presentStagesWith(db, rows),
      );
    },
  );

  async function loadStage(id: number): Promise<StageRow> {
    const row = await findLiveStage(db, id);
    if (!row) throw notFound('stage');
    return row;
  }

  app.get(
    '/api/pipeline-stages/:id',
    { schema: { params: idParams, response: oneStage }, onRequest: readPipelines('show') },
    async (request) => {
      const [stage] = await presentStagesWith(db, [await loadStage(request.params.id)]);
      return { data: stage };
    },
  );

  app.post(
    '/api/pipeline-stages',
    {
      schema: { body: createStageBody, response: { 201: dataOf(pipelineStageSchema) } },
      onRequest: authorize('settings_pipelines', 'create'),
    },
    async (request, reply) => {
      const input = request.body;
      if (!(await findLivePipeline(db, input.pipeline_id))) throw validationError({ pipeline_id: ['Choose a pipeline.'] });
      const created = await db.transaction(async (tx) => {
        const row = await createStage(tx, input.pipeline_id, input.name, input.position);
        await recordActivity(tx, { request, action: 'created', subjectType: 'pipeline_stage', subjectId: row.id, after: row });
        return row;
      });
      const [stage] = await presentStagesWith(db, [created]);
      return reply.status(201).send({ data: stage });
    },
  );

  app.post(
    '/api/pipeline-stages/reorder',
    {
      schema: { body: reorderStagesBody, response: { 200: dataOf(z.array(pipelineStageSchema)) } },
      onRequest: authorize('settings_pipelines', 'update'),
    },
    async (request) => {
      const input = request.body;
      const stages = await db.transaction(async (tx) => {
        const before = await stageOrder(tx, input.pipeline_id);
        const after = await reorderStages(tx, input.pipeline_id, input.stage_ids, clock.now());
        await recordActivity(tx, {
          request,
          action: 'reordered',
          subjectType: 'pipeline',
          subjectId: input.pipeline_id,
          before: { stage_ids: before },
          after: { stage_ids: input.stage_ids },
        });
        return after;
      });
      return { data: await presentStagesWith(db, stages) };
    },
  );

  app.route({
    method: ['PATCH', 'POST'],
    url: '/api/pipeline-stages/:id',
    schema: { params: idParams, body: renameStageBody, response: oneStage },
    onRequest: authorize('settings_pipelines', 'update'),
    handler: async (request) => {
      const { id } = request.params;
      const input = request.body;
      const before = await loadStage(id);
      const updated = await db.transaction(async (tx) => {
        const row = await renameStage(tx, id, input.name, clock.now());
        await recordActivity(tx, { request, action: 'updated', subjectType: 'pipeline_stage', subjectId: id, before, after: row });
        return row;
      });
      const [stage] = await presentStagesWith(db, [updated]);
      return { data: stage };
    },
  });

  /** The target stage may come in the body or the query string (`?target_stage_id=`). */
  app.delete(
    '/api/pipeline-stages/:id',
    {
      schema: { params: idParams, querystring: deleteStageBody, body: deleteStageBody.nullish(), response: { 204: noContent } },
      onRequest: authorize('settings_pipelines', 'delete'),
    },
    async (request, reply) => {
      const { id } = request.params;
      const input = { target_stage_id: request.body?.target_stage_id ?? request.query.target_stage_id };
      await db.transaction(async (tx) => {
        const { before, deleted, moved } = await deleteStage(tx, id, input.target_stage_id, clock.now());
        await recordActivity(tx, {
          request,
          action: 'deleted',
          subjectType: 'pipeline_stage',
          subjectId: id,
          before,
          after: { ...deleted, deals_moved_to: input.target_stage_id ?? null, deals_moved: moved },
        });
      });
      return reply.status(204).send(null);
    },
  );
}
