import type { FastifyInstance } from 'fastify';
import { count, eq, and, isNull, isNotNull } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { notifications } from '../../db/schema';
import { forbidden, notFound } from '../../platform/errors';
import { parseFields } from '../../platform/form';
import { authenticated, investorOnly, requireUser, staffOnly, type Guard } from '../../platform/guards';
import { paginate, parseListQuery, type ListResource } from '../../platform/list-query';
import { isValidSocketId, parseUserChannel } from '../../platform/realtime/auth';
import { presentNotification, type NotificationRow } from '../../shared/notifications';
import { listUnread, markRead } from './service';

const NOTIFICATIONS_RESOURCE: ListResource = {
  name: 'notifications',
  filters: { read: (v) => (v === '1' ? isNotNull(notifications.readAt) : v === '0' ? isNull(notifications.readAt) : undefined) },
  sorts: { created_at: notifications.createdAt },
  defaultSort: '-created_at',
};

const idParams = z.object({ id: z.string() });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The same four routes for each audience (spec §7.3): investors under /user, staff under /admin.
 * Every query is scoped to the signed-in user.
 */
function registerAudience(app: FastifyInstance, ctx: AppContext, prefix: string, guard: Guard) {
  const { db, clock } = ctx;

  app.get(prefix, { onRequest: guard }, async (request) => {
    const user = requireUser(request);
    const query = parseListQuery(request.query as Record<string, unknown>, NOTIFICATIONS_RESOURCE);
    const where = and(eq(notifications.userId, user.id), query.where);
    return paginate<NotificationRow, ReturnType<typeof presentNotification>>(
      db.select().from(notifications).where(where).$dynamic(),
      db.select({ total: count() }).from(notifications).where(where).$dynamic(),
      query,
      request,
      (rows) => rows.map(presentNotification),
    );
  });

  app.get(`${prefix}/unread`, { onRequest: guard }, async (request) => {
    const rows = await listUnread(db, requireUser(request).id);
    return { data: rows.map(presentNotification) };
  });

  app.post(`${prefix}/mark-read`, { onRequest: guard }, async (request, reply) => {
    await markRead(db, requireUser(request).id, clock.now());
    return reply.status(204).send();
  });

  app.post(`${prefix}/mark-read/:id`, { onRequest: guard, schema: { params: idParams } }, async (request, reply) => {
    const { id } = request.params as z.infer<typeof idParams>;
    const user = requireUser(request);
    if (!UUID.test(id)) throw notFound('notification');
    const [own] = await db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.id, id), eq(notifications.userId, user.id)));
    if (!own) throw notFound('notification');
    await markRead(db, user.id, clock.now(), [id]);
    return reply.status(204).send();
  });
}

const broadcastingBody = z.object({ socket_id: z.string(), channel_name: z.string() });

export function registerNotificationRoutes(app: FastifyInstance, ctx: AppContext) {
  registerAudience(app, ctx, '/api/notifications/user', investorOnly);
  registerAudience(app, ctx, '/api/notifications/admin', staffOnly);

  /** Authorises a realtime subscription: a user may listen on their own private channel only. */
  app.post('/api/broadcasting/auth', { onRequest: authenticated }, async (request) => {
    const user = requireUser(request);
    const input = parseFields(broadcastingBody, request.body);
    if (!isValidSocketId(input.socket_id)) throw forbidden();
    if (parseUserChannel(input.channel_name) !== user.id) throw forbidden();
    return { auth: ctx.realtime.signChannelAuth(input.socket_id, input.channel_name) };
  });
}
