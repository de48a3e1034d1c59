import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { pipelines } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { notFound } from '../../platform/errors';
import { parseFields, readFormFields } from '../../platform/form';
import { authorize } from '../../platform/guards';
import { idParams, requiredText } from '@platform/domain';
import { containsFilter } from '../../platform/list-filters';
import { paginate, parseListQuery, type ListResource } from '../../platform/list-query';
import { readPipelines } from './access';
import type { PipelineRow } from './positions';
import { presentPipelinesWith } from './presenter';
import { createPipeline, deletePipeline } from './service';
import { registerStageRoutes } from './stage-routes';

const PIPELINES_RESOURCE: ListResource = {
  name: 'pipelines',
  filters: { search: containsFilter(pipelines.name) },
  sorts: { id: pipelines.id, name: pipelines.name, created_at: pipelines.createdAt },
  defaultSort: 'name',
  includes: ['stages'],
  fields: ['name', 'created_at', 'updated_at', 'stages'],
};

const pipelineName = requiredText(120, 'Enter a name for the pipeline.');
const createSchema = z.strictObject({
  name: pipelineName,
  stages: z.array(requiredText(120, 'Enter a name for each stage.')).max(30, 'A pipeline has at most 30 stages.').optional(),
});
const renameSchema = z.strictObject({ name: pipelineName });

export function registerPipelineRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, clock } = ctx;
  const live = isNull(pipelines.deletedAt);

  app.get('/api/pipelines', { onRequest: readPipelines('index') }, async (request) => {
    const query = parseListQuery(request.query as Record<string, unknown>, PIPELINES_RESOURCE);
    const where = and(live, query.where);
    query.orderBy.push(asc(pipelines.id));
    return paginate<PipelineRow, Record<string, unknown>>(
      db.select().from(pipelines).where(where).$dynamic(),
      db.select({ total: count() }).from(pipelines).where(where).$dynamic(),
      query,
      request,
      (rows) => presentPipelinesWith(db, rows, { stages: query.includes.has('stages') }),
    );
  });

  async function loadPipeline(id: number): Promise<PipelineRow> {
    const [row] = await db
      .select()
      .from(pipelines)
      .where(and(eq(pipelines.id, id), live));
    if (!row) throw notFound('pipeline');
    return row;
  }

  app.get('/api/pipelines/:id', { schema: { params: idParams }, onRequest: readPipelines('show') }, async (request) => {
    const { id } = request.params as z.infer<typeof idParams>;
    const [pipeline] = await presentPipelinesWith(db, [await loadPipeline(id)], { stages: true });
    return { data: pipeline };
  });

  app.post('/api/pipelines', { onRequest: authorize('settings_pipelines', 'create') }, async (request, reply) => {
    const input = parseFields(createSchema, await readFormFields(request));
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
  });

  const rename = async (request: FastifyRequest) => {
    const { id } = idParams.parse(request.params);
    const input = parseFields(renameSchema, await readFormFields(request));
    const before = await loadPipeline(id);
    const updated = await db.transaction(async (tx) => {
      const [row] = await tx.update(pipelines).set({ name: input.name, updatedAt: clock.now() }).where(eq(pipelines.id, id)).returning();
      await recordActivity(tx, { request, action: 'updated', subjectType: 'pipeline', subjectId: id, before, after: row });
      return row;
    });
    const [pipeline] = await presentPipelinesWith(db, [updated], { stages: true });
    return { data: pipeline };
  };
  app.route({
    method: ['PATCH', 'POST'],
    url: '/api/pipelines/:id',
    schema: { params: idParams },
    onRequest: authorize('settings_pipelines', 'update'),
    handler: rename,
  });

  app.delete(
    '/api/pipelines/:id',
    { schema: { params: idParams }, onRequest: authorize('settings_pipelines', 'delete') },
    async (request, reply) => {
      const { id } = request.params as z.infer<typeof idParams>;
      const before = await loadPipeline(id);
      await db.transaction(async (tx) => {
        const deleted = await deletePipeline(tx, id, clock.now());
        await recordActivity(tx, { request, action: 'deleted', subjectType: 'pipeline', subjectId: id, before, after: deleted });
      });
      return reply.status(204).send();
    },
  );

  registerStageRoutes(app, ctx);
}
