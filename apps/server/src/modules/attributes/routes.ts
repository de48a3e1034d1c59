import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import { ATTRIBUTE_MODES, ATTRIBUTE_SUBJECT_TYPES, ATTRIBUTE_TYPES } from '@platform/domain';
import type { AppContext } from '../../platform/context';
import { attributes } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { notFound } from '../../platform/errors';
import { parseFields, readFormFields } from '../../platform/form';
import { authorize, authorizeAny } from '../../platform/guards';
import { idParams } from '@platform/domain';
import { containsFilter, oneOfFilter } from '../../platform/list-filters';
import { paginate, parseListQuery, type ListResource } from '../../platform/list-query';
import { presentAttribute } from './presenter';
import { createAttributeSchema, updateAttributeSchema } from './schemas';
import { createAttribute, findLiveAttribute, lockAttribute, updateAttribute, type AttributeRow } from './service';

const ATTRIBUTES_RESOURCE: ListResource = {
  name: 'attributes',
  filters: {
    subject_type: oneOfFilter('subject_type', attributes.subjectType, ATTRIBUTE_SUBJECT_TYPES),
    type: oneOfFilter('type', attributes.type, ATTRIBUTE_TYPES),
    mode: oneOfFilter('mode', attributes.mode, ATTRIBUTE_MODES),
    search: containsFilter(attributes.name),
  },
  sorts: { position: attributes.position, name: attributes.name, created_at: attributes.createdAt },
  defaultSort: 'position',
};

/**
 * Custom attributes (Settings → Custom Attributes, permission `settings_attributes`). Whoever may
 * list investors may read the definitions too: the investor and contact forms are built from them.
 * Values are written with the record they belong to (service.ts `saveAttributeValues`).
 */
export function registerAttributeRoutes(app: FastifyInstance, { db, clock }: AppContext) {
  const mayRead = authorizeAny(['settings_attributes', 'index'], ['investors', 'index']);

  app.get('/api/attributes', { onRequest: mayRead }, async (request) => {
    const query = parseListQuery(request.query as Record<string, unknown>, ATTRIBUTES_RESOURCE);
    query.orderBy.push(asc(attributes.id));
    const where = and(isNull(attributes.deletedAt), query.where);
    return paginate<AttributeRow, ReturnType<typeof presentAttribute>>(
      db.select().from(attributes).where(where).$dynamic(),
      db.select({ total: count() }).from(attributes).where(where).$dynamic(),
      query,
      request,
      (rows) => rows.map(presentAttribute),
    );
  });

  app.get('/api/attributes/:id', { schema: { params: idParams }, onRequest: mayRead }, async (request) => {
    const row = await findLiveAttribute(db, (request.params as { id: number }).id);
    if (!row) throw notFound('attribute');
    return { data: presentAttribute(row) };
  });

  app.post('/api/attributes', { onRequest: authorize('settings_attributes', 'create') }, async (request, reply) => {
    const input = parseFields(createAttributeSchema, await readFormFields(request));
    const row = await db.transaction(async (tx) => {
      const created = await createAttribute(tx, input, clock.now());
      await recordActivity(tx, { request, action: 'created', subjectType: 'attribute', subjectId: created.id, after: created });
      return created;
    });
    return reply.status(201).send({ data: presentAttribute(row) });
  });

  const update = async (request: FastifyRequest) => {
    const { id } = idParams.parse(request.params);
    const input = parseFields(updateAttributeSchema, await readFormFields(request));
    const row = await db.transaction(async (tx) => {
      const before = await lockAttribute(tx, id);
      const after = await updateAttribute(tx, before, input, clock.now());
      await recordActivity(tx, { request, action: 'updated', subjectType: 'attribute', subjectId: id, before, after });
      return after;
    });
    return { data: presentAttribute(row) };
  };
  app.route({
    method: ['PATCH', 'POST'],
    url: '/api/attributes/:id',
    schema: { params: idParams },
    onRequest: authorize('settings_attributes', 'update'),
    handler: update,
  });

  /** Soft delete: the attribute disappears from forms and pages; its values stay in the database. */
  app.delete(
    '/api/attributes/:id',
    { schema: { params: idParams }, onRequest: authorize('settings_attributes', 'delete') },
    async (request, reply) => {
      const { id } = request.params as { id: number };
      await db.transaction(async (tx) => {
        const before = await lockAttribute(tx, id);
        const [after] = await tx
          .update(attributes)
          .set({ deletedAt: clock.now(), updatedAt: clock.now() })
          .where(eq(attributes.id, id))
          .returning();
        await recordActivity(tx, { request, action: 'deleted', subjectType: 'attribute', subjectId: id, before, after });
      });
      return reply.status(204).send();
    },
  );
}
