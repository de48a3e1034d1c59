import type { FastifyInstance } from 'fastify';
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { Role } from '@platform/domain';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../db/client';
import { contacts, investmentMethodEntities, investmentMethods, investments, users } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { AppError, notFound, validationError } from '../../platform/errors';
import { parseFields, readFormFields } from '../../platform/form';
import { idParam, idParams } from '@platform/domain';
import { paginate, parseListQuery } from '../../platform/list-query';
import { registerHolderResource } from '../holders/resource';
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

/** A second live account with the same reference at the same method is a typing mistake, not a new account. */
async function assertReferenceFree(db: Db, methodId: number, reference: string | null | undefined, exceptId?: number) {
  if (!reference) return;
  const rows = await db
    .select({ id: investmentMethodEntities.id })
    .from(investmentMethodEntities)
    .where(
      and(
        eq(investmentMethodEntities.investmentMethodId, methodId),
        eq(investmentMethodEntities.reference, reference),
        isNull(investmentMethodEntities.deletedAt),
      ),
    );
  if (rows.some((r) => r.id !== exceptId))
    throw validationError({ reference: ['Another account with this method already has this reference.'] });
}

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
    const holder = input.user_id != null ? { userId: await liveInvestor(input.user_id) } : { contactId: await openLead(input.contact_id!) };
    await assertReferenceFree(db, id, input.reference);
    const row = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(investmentMethodEntities)
        .values({ investmentMethodId: id, ...holder, reference: input.reference ?? null })
        .returning();
      await recordActivity(tx, { request, action: 'entity_added', subjectType: 'investment_method', subjectId: id, after: created });
      return created;
    });
    return reply.status(201).send({ data: (await presentEntities(db, [row]))[0] });
  });

  async function liveInvestor(userId: number) {
    const [person] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.roleId, Role.User), isNull(users.deletedAt)));
    if (!person) throw validationError({ user_id: ['Choose an investor: this person could not be found.'] });
    return person.id;
  }

  /** A lead's account waits for them to become an investor; one already converted takes the investor's. */
  async function openLead(contactId: number) {
    const [lead] = await db
      .select({ id: contacts.id, convertedUserId: contacts.convertedUserId })
      .from(contacts)
      .where(and(eq(contacts.id, contactId), isNull(contacts.deletedAt)));
    if (!lead) throw validationError({ contact_id: ['Choose a lead: this one could not be found.'] });
    if (lead.convertedUserId) throw validationError({ contact_id: ['This lead is an investor now: add the investor instead.'] });
    return lead.id;
  }

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
      await assertReferenceFree(db, id, input.reference, entityId);
      const row = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(investmentMethodEntities).where(eq(investmentMethodEntities.id, entityId)).for('update');
        const [after] = await tx
          .update(investmentMethodEntities)
          .set({ reference: input.reference, updatedAt: clock.now() })
          .where(eq(investmentMethodEntities.id, entityId))
          .returning();
        await recordActivity(tx, { request, action: 'entity_updated', subjectType: 'investment_method', subjectId: id, before, after });
        return after;
      });
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
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(investmentMethodEntities).where(eq(investmentMethodEntities.id, entityId)).for('update');
        const [{ total }] = await tx
          .select({ total: count() })
          .from(investments)
          .where(and(eq(investments.investmentMethodEntityId, entityId), isNull(investments.deletedAt)));
        if (Number(total) > 0)
          throw new AppError(
            'conflict',
            `This account holds ${total} ${Number(total) === 1 ? 'investment' : 'investments'}, so it cannot be removed.`,
          );
        const [after] = await tx
          .update(investmentMethodEntities)
          .set({ deletedAt: clock.now(), updatedAt: clock.now() })
          .where(eq(investmentMethodEntities.id, entityId))
          .returning();
        await recordActivity(tx, { request, action: 'entity_removed', subjectType: 'investment_method', subjectId: id, before, after });
      });
      return reply.status(204).send();
    },
  );

  registerMyMethodAccountRoutes(app, ctx);
}
