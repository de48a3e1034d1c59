import { and, asc, count, isNull } from 'drizzle-orm';
import {
  ATTRIBUTE_MODES,
  ATTRIBUTE_SUBJECT_TYPES,
  ATTRIBUTE_TYPES,
  ATTRIBUTES_LIST,
  type Attribute,
  attributeSchema,
  createAttributeBody,
  dataOf,
  idParams,
  listQuery,
  noContent,
  pageOf,
  updateAttributeBody,
} from '@platform/domain';
import type { App, AppContext } from '../../platform/context';
import { attributes } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { notFound } from '../../platform/errors';
import { authorize, authorizeAny } from '../../platform/guards';
import { containsFilter, oneOfFilter } from '../../platform/list-filters';
import { listResource, paginate, parseListQuery } from '../../platform/list-query';
import { presentAttribute } from './presenter';
import { createAttribute, findLiveAttribute, lockAttribute, softDeleteAttribute, updateAttribute, type AttributeRow } from './service';

const ATTRIBUTES_RESOURCE = listResource(ATTRIBUTES_LIST, {
  filters: {
    subject_type: oneOfFilter('subject_type', attributes.subjectType, ATTRIBUTE_SUBJECT_TYPES),
    type: oneOfFilter('type', attributes.type, ATTRIBUTE_TYPES),
    mode: oneOfFilter('mode', attributes.mode, ATTRIBUTE_MODES),
    search: containsFilter(attributes.name),
  },
  sorts: { position: attributes.position, name: attributes.name, created_at: attributes.createdAt },
  defaultSort: 'position',
});

const oneAttribute = { 200: dataOf(attributeSchema) };

/**
 * Custom attributes (Settings → Custom Attributes, permission `settings_attributes`). Whoever may
 * list investors may read the definitions too: the investor and contact forms are built from them.
 * Values are written with the record they belong to (service.ts `saveAttributeValues`).
 */
export function registerAttributeRoutes(app: App, { db, clock }: AppContext) {
  const mayRead = authorizeAny(['settings_attributes', 'index'], ['investors', 'index']);

  app.get(
    '/api/attributes',
    { schema: { querystring: listQuery(ATTRIBUTES_LIST), response: { 200: pageOf(attributeSchema) } }, onRequest: mayRead },
    async (request) => {
      const query = parseListQuery(request.query, ATTRIBUTES_RESOURCE);
      query.orderBy.push(asc(attributes.id));
      const where = and(isNull(attributes.deletedAt), query.where);
      return paginate<AttributeRow, Attribute>(
        db.select().from(attributes).where(where).$dynamic(),
        db.select({ total: count() }).from(attributes).where(where).$dynamic(),
        query,
        request,
        (rows) => rows.map(presentAttribute),
      );
    },
  );

  app.get('/api/attributes/:id', { schema: { params: idParams, response: oneAttribute }, onRequest: mayRead }, async (request) => {
    const row = await findLiveAttribute(db, request.params.id);
    if (!row) throw notFound('attribute');
    return { data: presentAttribute(row) };
  });

  app.post(
    '/api/attributes',
    {
      schema: { body: createAttributeBody, response: { 201: dataOf(attributeSchema) } },
      onRequest: authorize('settings_attributes', 'create'),
    },
    async (request, reply) => {
      const input = request.body;
      const row = await db.transaction(async (tx) => {
        const created = await createAttribute(tx, input, clock.now());
        await recordActivity(tx, { request, action: 'created', subjectType: 'attribute', subjectId: created.id, after: created });
        return created;
      });
      return reply.status(201).send({ data: presentAttribute(row) });
    },
  );

  app.route({
    method: ['PATCH', 'POST'],
    url: '/api/attributes/:id',
    schema: { params: idParams, body: updateAttributeBody, response: oneAttribute },
    onRequest: authorize('settings_attributes', 'update'),
    handler: async (request) => {
      const { id } = request.params;
      const input = request.body;
      const row = await db.transaction(async (tx) => {
        const before = await lockAttribute(tx, id);
        const after = await updateAttribute(tx, before, input, clock.now());
        await recordActivity(tx, { request, action: 'updated', subjectType: 'attribute', subjectId: id, before, after });
        return after;
      });
      return { data: presentAttribute(row) };
    },
  });

  /** Soft delete: the attribute disappears from forms and pages; its values stay in the database. */
  app.delete(
    '/api/attributes/:id',
    { schema: { params: idParams, response: { 204: noContent } }, onRequest: authorize('settings_attributes', 'delete') },
    async (request, reply) => {
      const { id } = request.params;
      await db.transaction(async (tx) => {
        const before = await lockAttribute(tx, id);
        const after = await softDeleteAttribute(tx, id, clock.now());
        await recordActivity(tx, { request, action: 'deleted', subjectType: 'attribute', subjectId: id, before, after });
      });
      return reply.status(204).send(null);
    },
  );
}
