import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import {
  createTriggerBody,
  dataOf,
  idParams,
  isStaffRole,
  listQuery,
  noContent,
  pageOf,
  TRIGGER_DELIVERY_LIST,
  TRIGGER_DELIVERY_STATUSES,
  TRIGGER_EVENT_LABELS,
  type Trigger,
  triggerDeliveryParams,
  triggerDeliverySchema,
  triggerRecipientSchema,
  triggerSchema,
  triggerWithSecretSchema,
  updateTriggerBody,
} from '@platform/domain';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { triggerDeliveries, triggers, users } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import type { App, AppContext } from '../../platform/context';
import { randomToken, seal } from '../../platform/crypto';
import { notFound, validationError } from '../../platform/errors';
import { authorize, requireUser } from '../../platform/guards';
import { repeatWhileUp } from '../../platform/housekeeping';
import { oneOfFilter } from '../../platform/list-filters';
import { listResource, paginate, parseListQuery } from '../../platform/list-query';
import { DELIVERY_TICK_MS, presentDelivery, runTriggerDeliveries, SECRET_PURPOSE } from './deliveries';

type TriggerRow = typeof triggers.$inferSelect;
type Recipient = z.infer<typeof triggerRecipientSchema>;

const DELIVERIES = listResource(TRIGGER_DELIVERY_LIST, {
  filters: { status: oneOfFilter('status', triggerDeliveries.status, TRIGGER_DELIVERY_STATUSES) },
  sorts: { id: triggerDeliveries.id },
  defaultSort: '-id',
});

/** Staff who may receive a trigger's e-mail: every member of staff not deleted. */
async function staffRecipients(db: Db, ids?: number[]): Promise<Recipient[]> {
  if (ids && !ids.length) return [];
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email, roleId: users.roleId })
    .from(users)
    .where(and(isNull(users.deletedAt), ids ? inArray(users.id, ids) : undefined))
    .orderBy(asc(users.name));
  return rows.filter((row) => isStaffRole(row.roleId)).map(({ id, name, email }) => ({ id, name, email }));
}

function presentTrigger(row: TriggerRow, recipients: Recipient[]): Trigger {
  const chosen = new Set(row.emailUserIds);
  return {
    id: row.id,
    name: row.name,
    event: row.event as Trigger['event'],
    event_label: TRIGGER_EVENT_LABELS[row.event as Trigger['event']],
    url: row.url,
    has_secret: Boolean(row.secretSealed),
    email_recipients: recipients.filter((r) => chosen.has(r.id)),
    active: row.active,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The chosen people, each of whom must be a member of staff; a 422 naming the field otherwise. */
async function checkRecipients(db: Db, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  const found = await staffRecipients(db, unique);
  if (found.length !== unique.length) throw validationError({ email_user_ids: ['Choose members of staff only.'] });
  return unique;
}

/** What the activity log keeps of a trigger: never its secret. */
const logged = (row: TriggerRow) => ({
  name: row.name,
  event: row.event,
  url: row.url,
  email_user_ids: row.emailUserIds,
  active: row.active,
});

/**
 * Settings › Triggers (decision 0066), behind `settings_integrations`: on an event, a signed webhook
 * and/or an e-mail to chosen staff; the delivery log of each with replay by hand. Deliveries are sent
 * by a tick on every instance, never in a request.
 */
export function registerTriggerRoutes(app: App, ctx: AppContext) {
  const { db, clock } = ctx;
  const deliverSoon = () => ctx.background.run('trigger deliveries', async () => void (await runTriggerDeliveries(ctx)));

  repeatWhileUp(app, { everyMs: DELIVERY_TICK_MS, label: 'sending trigger deliveries', atStart: true }, () => runTriggerDeliveries(ctx));

  async function loadTrigger(id: number, tx: Pick<Db, 'select'> = db): Promise<TriggerRow> {
    const [row] = await tx
      .select()
      .from(triggers)
      .where(and(eq(triggers.id, id), isNull(triggers.deletedAt)));
    if (!row) throw notFound('trigger');
    return row;
  }

  app.get(
    '/api/triggers',
    { schema: { response: { 200: dataOf(z.array(triggerSchema)) } }, onRequest: authorize('settings_integrations', 'index') },
    async () => {
      const rows = await db.select().from(triggers).where(isNull(triggers.deletedAt)).orderBy(asc(triggers.name), asc(triggers.id));
      const recipients = await staffRecipients(db, [...new Set(rows.flatMap((r) => r.emailUserIds))]);
      return { data: rows.map((row) => presentTrigger(row, recipients)) };
    },
  );

  app.get(
    '/api/triggers/recipients',
    { schema: { response: { 200: dataOf(z.array(triggerRecipientSchema)) } }, onRequest: authorize('settings_integrations', 'index') },
    async () => ({ data: await staffRecipients(db) }),
  );

  app.get(
    '/api/triggers/:id',
    { schema: { params: idParams, response: { 200: dataOf(triggerSchema) } }, onRequest: authorize('settings_integrations', 'show') },
    async (request) => {
      const row = await loadTrigger(request.params.id);
      return { data: presentTrigger(row, await staffRecipients(db, row.emailUserIds)) };
    },
  );

  app.post(
    '/api/triggers',
    {
      schema: { body: createTriggerBody, response: { 201: dataOf(triggerWithSecretSchema) } },
      onRequest: authorize('settings_integrations', 'create'),
    },
    async (request, reply) => {
      const { secret: given, email_user_ids, ...fields } = request.body;
      const emailUserIds = await checkRecipients(db, email_user_ids);
      const secret = fields.url ? (given ?? `whsec_${randomToken(32)}`) : null;
      const now = clock.now();
      const row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(triggers)
          .values({
            ...fields,
            emailUserIds,
            secretSealed: secret ? seal(ctx.appKey, SECRET_PURPOSE, secret) : null,
            createdBy: requireUser(request).id,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        await recordActivity(tx, {
          request,
          action: 'trigger_created',
          subjectType: 'trigger',
          subjectId: created.id,
          after: logged(created),
        });
        return created;
      });
      return reply.status(201).send({ data: { ...presentTrigger(row, await staffRecipients(db, emailUserIds)), secret } });
    },
  );

  app.put(
    '/api/triggers/:id',
    {
      schema: { params: idParams, body: updateTriggerBody, response: { 200: dataOf(triggerWithSecretSchema) } },
      onRequest: authorize('settings_integrations', 'update'),
    },
    async (request) => {
      const { email_user_ids, ...fields } = request.body;
      const emailUserIds = await checkRecipients(db, email_user_ids);
      const { row, secret } = await db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(triggers)
          .where(and(eq(triggers.id, request.params.id), isNull(triggers.deletedAt)))
          .for('update');
        if (!before) throw notFound('trigger');
        // A webhook added to an e-mail-only trigger gets its secret now, shown in this answer only.
        const secret = fields.url && !before.secretSealed ? `whsec_${randomToken(32)}` : null;
        const [after] = await tx
          .update(triggers)
          .set({
            ...fields,
            emailUserIds,
            ...(secret ? { secretSealed: seal(ctx.appKey, SECRET_PURPOSE, secret) } : {}),
            updatedAt: clock.now(),
          })
          .where(eq(triggers.id, before.id))
          .returning();
        await recordActivity(tx, {
          request,
          action: 'trigger_updated',
          subjectType: 'trigger',
          subjectId: after.id,
          before: logged(before),
          after: logged(after),
        });
        return { row: after, secret };
      });
      return { data: { ...presentTrigger(row, await staffRecipients(db, emailUserIds)), secret } };
    },
  );

  app.delete(
    '/api/triggers/:id',
    { schema: { params: idParams, response: { 204: noContent } }, onRequest: authorize('settings_integrations', 'delete') },
    async (request, reply) => {
      await db.transaction(async (tx) => {
        const [deleted] = await tx
          .update(triggers)
          .set({ deletedAt: clock.now(), updatedAt: clock.now() })
          .where(and(eq(triggers.id, request.params.id), isNull(triggers.deletedAt)))
          .returning();
        if (!deleted) throw notFound('trigger');
        await recordActivity(tx, {
          request,
          action: 'trigger_deleted',
          subjectType: 'trigger',
          subjectId: deleted.id,
          before: logged(deleted),
        });
      });
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/triggers/:id/deliveries',
    {
      schema: { params: idParams, querystring: listQuery(TRIGGER_DELIVERY_LIST), response: { 200: pageOf(triggerDeliverySchema) } },
      onRequest: authorize('settings_integrations', 'show'),
    },
    async (request) => {
      const trigger = await loadTrigger(request.params.id);
      const query = parseListQuery(request.query, DELIVERIES);
      const where = and(eq(triggerDeliveries.triggerId, trigger.id), query.where);
      return paginate(
        db.select().from(triggerDeliveries).where(where).$dynamic(),
        db.select({ total: count() }).from(triggerDeliveries).where(where).$dynamic(),
        query,
        request,
        (rows: Array<typeof triggerDeliveries.$inferSelect>) => rows.map((row) => presentDelivery(row, trigger.event)),
      );
    },
  );

  // A replay is a new delivery with its own id (and, when sent, a fresh timestamp) carrying the same
  // event: a receiver that refuses delivery ids it has seen still takes it, and can tell it is the
  // same event by the body's `id`.
  app.post(
    '/api/triggers/:id/deliveries/:deliveryId/replay',
    {
      schema: { params: triggerDeliveryParams, response: { 201: dataOf(triggerDeliverySchema) } },
      onRequest: authorize('settings_integrations', 'update'),
    },
    async (request, reply) => {
      const trigger = await loadTrigger(request.params.id);
      const now = clock.now();
      const replay = await db.transaction(async (tx) => {
        const [original] = await tx
          .select()
          .from(triggerDeliveries)
          .where(and(eq(triggerDeliveries.id, request.params.deliveryId), eq(triggerDeliveries.triggerId, trigger.id)));
        if (!original) throw notFound('delivery');
        const [created] = await tx
          .insert(triggerDeliveries)
          .values({
            deliveryId: randomUUID(),
            triggerId: trigger.id,
            eventId: original.eventId,
            channel: original.channel,
            replayOf: original.id,
            nextAttemptAt: now,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        await recordActivity(tx, {
          request,
          action: 'trigger_delivery_replayed',
          subjectType: 'trigger_delivery',
          subjectId: created.id,
          before: { delivery: original.deliveryId, status: original.status },
          after: { delivery: created.deliveryId },
        });
        return created;
      });
      deliverSoon();
      return reply.status(201).send({ data: presentDelivery(replay, trigger.event) });
    },
  );
}
