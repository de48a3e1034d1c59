import type { FastifyInstance } from 'fastify';
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import { investmentMethodEntities, investmentMethods, investments } from '../../db/schema';
import { notFound } from '../../platform/errors';
import { parseFields, readFormFields } from '../../platform/form';
import { idParam, idParams } from '@platform/domain';
import { paginate, parseListQuery } from '../../platform/list-query';
import { registerHolderResource } from '../holders';
import {
  ENTITIES_RESOURCE,
  entityOf,
  METHOD_EXPORT_COLUMNS,
  methodExportRows,
  METHODS_RESOURCE,
  presentEntities,
  presentMethods,
  type EntityRow,
  type MethodExportRow,
  type MethodRow,
} from './list';
import { registerMyMethodAccountRoutes } from './my-accounts';
import { addAccount, closeAccount, updateAccount } from './service';
import { createEntitySchema, createMethodSchema, updateEntitySchema, updateMethodSchema, type MethodInput } from './schemas';

const entityParams = idParams.extend({ entityId: idParam });

function methodColumns(input: Partial<MethodInput>) {
  const columns: Record<string, unknown> = {};
  if (input.name !== undefined) columns.name = input.name;
  if (input.type !== undefined) columns.type = input.type;
  if (input.provider !== undefined) columns.provider = input.provider;
  if (input.description !== undefined) columns.description = input.description;
  return columns;
}

/** The accounts of one method, as a subquery: investments name the account, not the method. */
const accountsOf = (methodId: number) =>
  sql`(select ${investmentMethodEntities.id} from ${investmentMethodEntities} where ${investmentMethodEntities.investmentMethodId} = ${methodId})`;

/**
 * Alternative investment methods (spec §2.2 /admin/investors/investment-methods): SIPP, SSAS, ISA,
 * nominee accounts… and each investor's account with one (their reference), the holder of the
 * investments they make through it. Leads' accounts wait for the contacts area.
 */
export function registerInvestmentMethodRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, clock } = ctx;
  const { find, guard } = registerHolderResource<MethodRow, MethodInput, MethodExportRow>(app, ctx, {
    subject: 'investment_method',
    label: 'investment method',
    path: '/api/investment-methods',
    table: investmentMethods,
    list: METHODS_RESOURCE,
    includes: [],
    createSchema: createMethodSchema,
    updateSchema: updateMethodSchema,
    columns: methodColumns,
    present: (tx, rows) => presentMethods(tx, rows),
    heldBy: (id) => inArray(investments.investmentMethodEntityId, accountsOf(id)),
    exportColumns: METHOD_EXPORT_COLUMNS,
    exportRows: methodExportRows,
    purge: async (tx, id) => {
      await tx.delete(investmentMethodEntities).where(eq(investmentMethodEntities.investmentMethodId, id));
    },
  });

  app.get('/api/investment-methods/:id/entities', { schema: { params: idParams }, onRequest: guard('show') }, async (request) => {
    const { id } = idParams.parse(request.params);
    await find(id);
    const query = parseListQuery(request.query as Record<string, unknown>, ENTITIES_RESOURCE);
    query.orderBy.push(asc(investmentMethodEntities.id));
    const where = and(eq(investmentMethodEntities.investmentMethodId, id), isNull(investmentMethodEntities.deletedAt), query.where);
    return paginate<EntityRow, object>(
      db.select().from(investmentMethodEntities).where(where).$dynamic(),
      db.select({ total: count() }).from(investmentMethodEntities).where(where).$dynamic(),
      query,
      request,
      (rows) => presentEntities(db, rows),
    );
  });

  /** Adds an investor's account with the method. */
  app.post('/api/investment-methods/:id/entities', { schema: { params: idParams }, onRequest: guard('update') }, async (request, reply) => {
    const { id } = idParams.parse(request.params);
    const input = parseFields(createEntitySchema, await readFormFields(request));
    await find(id);
    const row = await addAccount(db, request, id, input);
    return reply.status(201).send({ data: (await presentEntities(db, [row]))[0] });
  });

  async function findEntity(methodId: number, entityId: number) {
    await find(methodId);
    const [row] = await db.select().from(investmentMethodEntities).where(entityOf(methodId, entityId));
    if (!row) throw notFound('account');
    return row;
  }

  app.route({
    method: ['PATCH', 'POST'],
    url: '/api/investment-methods/:id/entities/:entityId',
    schema: { params: entityParams },
    onRequest: guard('update'),
    handler: async (request) => {
      const { id, entityId } = entityParams.parse(request.params);
      const input = parseFields(updateEntitySchema, await readFormFields(request));
      await findEntity(id, entityId);
      const row = await updateAccount(db, request, id, entityId, input.reference, clock.now());
      return { data: (await presentEntities(db, [row]))[0] };
    },
  });

  /** Closes an investor's account with the method; one that holds investments stays (409). */
  app.delete(
    '/api/investment-methods/:id/entities/:entityId',
    { schema: { params: entityParams }, onRequest: guard('update') },
    async (request, reply) => {
      const { id, entityId } = entityParams.parse(request.params);
      await findEntity(id, entityId);
      await closeAccount(db, request, id, entityId, clock.now());
      return reply.status(204).send();
    },
  );

  registerMyMethodAccountRoutes(app, ctx);
}
