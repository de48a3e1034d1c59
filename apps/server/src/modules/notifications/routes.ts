import { and, count, eq, isNotNull, isNull } from 'drizzle-orm';
import {
  type AppNotification,
  broadcastingAuthBody,
  broadcastingAuthResponse,
  dataOf,
  listQuery,
  NOTIFICATIONS_LIST,
  noContent,
  notificationParams,
  notificationSchema,
  pageOf,
} from '@platform/domain';
import type { App, AppContext } from '../../platform/context';
import { notifications } from '../../db/schema';
import { forbidden, notFound } from '../../platform/errors';
import { authenticated, investorOnly, requireUser, staffOnly, type Guard } from '../../platform/guards';
import { listResource, paginate, parseListQuery } from '../../platform/list-query';
import { isValidSocketId, parseUserChannel } from '../../platform/realtime/auth';
import { presentNotification, type NotificationRow } from '../../shared/notifications';
import { isOwnNotification, listUnread, markRead } from './service';

const NOTIFICATIONS_RESOURCE = listResource(NOTIFICATIONS_LIST, {
  filters: { read: (v) => (v === '1' ? isNotNull(notifications.readAt) : v === '0' ? isNull(notifications.readAt) : undefined) },
  sorts: { created_at: notifications.createdAt },
  defaultSort: '-created_at',
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The same four routes for each audience (spec §7.3): investors under /user, staff under /admin.
 * Every query is scoped to the signed-in user.
 */
function registerAudience(app: App, ctx: AppContext, prefix: string, guard: Guard) {
  const { db, clock } = ctx;

  app.get(
    prefix,
    { schema: { querystring: listQuery(NOTIFICATIONS_LIST), response: { 200: pageOf(notificationSchema) } }, onRequest: guard },
    async (request) => {
      const user = requireUser(request);
      const query = parseListQuery(request.query, NOTIFICATIONS_RESOURCE);
      const where = and(eq(notifications.userId, user.id), eq(notifications.inBell, true), query.where);
      return paginate<NotificationRow, AppNotification>(
        db.select().from(notifications).where(where).$dynamic(),
        db.select({ total: count() }).from(notifications).where(where).$dynamic(),
        query,
        request,
        (rows) => rows.map(presentNotification),
      );
    },
  );

  app.get(`${prefix}/unread`, { schema: { response: { 200: dataOf(notificationSchema.array()) } }, onRequest: guard }, async (request) => {
    const rows = await listUnread(db, requireUser(request).id);
    return { data: rows.map(presentNotification) };
  });

  app.post(`${prefix}/mark-read`, { schema: { response: { 204: noContent } }, onRequest: guard }, async (request, reply) => {
    await markRead(db, requireUser(request).id, clock.now());
    return reply.status(204).send(null);
  });

  app.post(
    `${prefix}/mark-read/:id`,
    { schema: { params: notificationParams, response: { 204: noContent } }, onRequest: guard },
    async (request, reply) => {
      const { id } = request.params;
      const user = requireUser(request);
      if (!UUID.test(id) || !(await isOwnNotification(db, user.id, id))) throw notFound('notification');
      await markRead(db, user.id, clock.now(), [id]);
      return reply.status(204).send(null);
    },
  );
}

export function registerNotificationRoutes(app: App, ctx: AppContext) {
  registerAudience(app, ctx, '/api/notifications/user', investorOnly);
  registerAudience(app, ctx, '/api/notifications/admin', staffOnly);

  /** Authorises a realtime subscription: a user may listen on their own private channel only. */
  app.post(
    '/api/broadcasting/auth',
    { schema: { body: broadcastingAuthBody, response: { 200: broadcastingAuthResponse } }, onRequest: authenticated },
    async (request) => {
      const user = requireUser(request);
      const input = request.body;
      if (!isValidSocketId(input.socket_id)) throw forbidden();
      if (parseUserChannel(input.channel_name) !== user.id) throw forbidden();
      return { auth: ctx.realtime.signChannelAuth(input.socket_id, input.channel_name) };
    },
  );
}
