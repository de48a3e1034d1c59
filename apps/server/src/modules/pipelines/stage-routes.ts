import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { pipelines, pipelineStages } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { notFound, validationError } from '../../platform/errors';
import { parseFields, readFormFields } from '../../platform/form';
import { authorize } from '../../platform/guards';
import { idInput, idParams, requiredText } from '@platform/domain';
import { idsFilter } from '../../platform/list-filters';
import { paginate, parseListQuery, type ListResource } from '../../platform/list-query';
import { readPipelines } from './access';
import type { StageRow } from './positions';
import { presentStagesWith } from './presenter';
import { createStage, deleteStage, findLiveStage, reorderStages } from './service';

const STAGES_RESOURCE: ListResource = {
  name: 'pipeline_stages',
  filters: { pipeline_id: idsFilter('pipeline_id', pipelineStages.pipelineId) },
  sorts: { position: pipelineStages.position, name: pipelineStages.name, created_at: pipelineStages.createdAt },
  defaultSort: 'position',
};

const stageName = requiredText(120, 'Enter a name for the stage.');
const createSchema = z.strictObject({
  pipeline_id: idInput('pipeline'),
  name: stageName,
  position: z.coerce.number().int('Enter a whole number.').min(0, 'Enter 0 or more.').optional(),
});
const renameSchema = z.strictObject({ name: stageName });
const reorderSchema = z.strictObject({
  pipeline_id: idInput('pipeline'),
  stage_ids: z
    .array(idInput('stage'), { message: 'List the stage ids in their new order.' })
    .min(1, 'List the stage ids in their new order.'),
});
const deleteSchema = z.strictObject({ target_stage_id: idInput('stage').optional() });

/** Stages of a pipeline: create, rename, reorder in one call, delete (moving its deals) — docs/decisions/0007. */
export function registerStageRoutes(app: FastifyInstance, { db, clock }: AppContext) {
  app.get('/api/pipeline-stages', { onRequest: readPipelines('index') }, async (request) => {
    const query = parseListQuery(request.query as Record<string, unknown>, STAGES_RESOURCE);
    const where = and(isNull(pipelineStages.deletedAt), query.where);
    query.orderBy.push(asc(pipelineStages.pipelineId), asc(pipelineStages.id));
    return paginate<StageRow, Record<string, unknown>>(
      db.select().from(pipelineStages).where(where).$dynamic(),
      db.select({ total: count() }).from(pipelineStages).where(where).$dynamic(),
      query,
      request,
      (rows) => presentStagesWith(db, rows),
    );
  });

  async function loadStage(id: number): Promise<StageRow> {
    const row = await findLiveStage(db, id);
    if (!row) throw notFound('stage');
    return row;
  }

  app.get('/api/pipeline-stages/:id', { schema: { params: idParams }, onRequest: readPipelines('show') }, async (request) => {
    const { id } = request.params as z.infer<typeof idParams>;
    const [stage] = await presentStagesWith(db, [await loadStage(id)]);
    return { data: stage };
  });

  app.post('/api/pipeline-stages', { onRequest: authorize('settings_pipelines', 'create') }, async (request, reply) => {
    const input = parseFields(createSchema, await readFormFields(request));
    const [pipeline] = await db
      .select({ id: pipelines.id })
      .from(pipelines)
      .where(and(eq(pipelines.id, input.pipeline_id), isNull(pipelines.deletedAt)));
    if (!pipeline) throw validationError({ pipeline_id: ['Choose a pipeline.'] });
    const created = await db.transaction(async (tx) => {
      const row = await createStage(tx, input.pipeline_id, input.name, input.position);
      await recordActivity(tx, { request, action: 'created', subjectType: 'pipeline_stage', subjectId: row.id, after: row });
      return row;
    });
    const [stage] = await presentStagesWith(db, [created]);
    return reply.status(201).send({ data: stage });
  });

  app.post('/api/pipeline-stages/reorder', { onRequest: authorize('settings_pipelines', 'update') }, async (request) => {
    const input = parseFields(reorderSchema, await readFormFields(request));
    const stages = await db.transaction(async (tx) => {
      const before = await tx
        .select()
        .from(pipelineStages)
        .where(and(eq(pipelineStages.pipelineId, input.pipeline_id), isNull(pipelineStages.deletedAt)));
      const after = await reorderStages(tx, input.pipeline_id, input.stage_ids, clock.now());
      await recordActivity(tx, {
        request,
        action: 'reordered',
        subjectType: 'pipeline',
        subjectId: input.pipeline_id,
        before: { stage_ids: before.sort((a, b) => a.position! - b.position!).map((s) => s.id) },
        after: { stage_ids: input.stage_ids },
      });
      return after;
    });
    return { data: await presentStagesWith(db, stages) };
  });

  const rename = async (request: FastifyRequest) => {
    const { id } = idParams.parse(request.params);
    const input = parseFields(renameSchema, await readFormFields(request));
    const before = await loadStage(id);
    const updated = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(pipelineStages)
        .set({ name: input.name, updatedAt: clock.now() })
        .where(eq(pipelineStages.id, id))
        .returning();
      await recordActivity(tx, { request, action: 'updated', subjectType: 'pipeline_stage', subjectId: id, before, after: row });
      return row;
    });
    const [stage] = await presentStagesWith(db, [updated]);
    return { data: stage };
  };
  app.route({
    method: ['PATCH', 'POST'],
    url: '/api/pipeline-stages/:id',
    schema: { params: idParams },
    onRequest: authorize('settings_pipelines', 'update'),
    handler: rename,
  });

  /** The target stage may come in the body or the query string (`?target_stage_id=`). */
  app.delete(
    '/api/pipeline-stages/:id',
    { schema: { params: idParams }, onRequest: authorize('settings_pipelines', 'delete') },
    async (request, reply) => {
      const { id } = request.params as z.infer<typeof idParams>;
      const body = request.body && typeof request.body === 'object' ? request.body : {};
      const input = parseFields(deleteSchema, { ...(request.query as object), ...body });
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
      return reply.status(204).send();
    },
  );
}
