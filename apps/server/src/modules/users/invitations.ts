import { and, count, desc, eq, gt, lte } from 'drizzle-orm';
import {
  bulkDeleteInvitationsBody,
  bulkDeleteInvitationsResponse,
  type Invitation,
  INVITATIONS_LIST,
  invitationSchema,
  listQuery,
  pageOf,
} from '@platform/domain';
import type { App, AppContext } from '../../platform/context';
import { users, userTokens } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { authorize } from '../../platform/guards';
import { listResource, paginate, parseListQuery } from '../../platform/list-query';
import { pendingInvitations, revokeInvitations } from './service';

/**
 * Invitations to the investor portal: the set-password links sent to investors created by staff
 * (auth/service.ts `sendInvitation`; resent with /api/users/resend-set-password-email). Pending
 * means not used yet. Deleting one revokes its link; the investor's account stays.
 */
const INVITATIONS_RESOURCE = listResource(INVITATIONS_LIST, {
  filters: {
    status: (value) => {
      if (value === 'pending') return undefined;
      throw new AppError('bad_request', 'filter[status] must be pending.');
    },
    expired: (value) => {
      if (value === '1') return lte(userTokens.expiresAt, new Date());
      if (value === '0') return gt(userTokens.expiresAt, new Date());
      throw new AppError('bad_request', 'filter[expired] must be 1 or 0.');
    },
  },
  sorts: { created_at: userTokens.createdAt, expires_at: userTokens.expiresAt },
  defaultSort: '-created_at',
});

export function registerInvitationRoutes(app: App, { db, clock }: AppContext) {
  app.get(
    '/api/invitations',
    {
      schema: { querystring: listQuery(INVITATIONS_LIST), response: { 200: pageOf(invitationSchema) } },
      onRequest: authorize('investors', 'index'),
    },
    async (request) => {
      const query = parseListQuery(request.query, INVITATIONS_RESOURCE);
      query.orderBy.push(desc(userTokens.id));
      const where = and(pendingInvitations, query.where);
      const now = clock.now();
      return paginate<{ id: number; createdAt: Date; expiresAt: Date; userId: number; name: string; email: string }, Invitation>(
        db
          .select({
            id: userTokens.id,
            createdAt: userTokens.createdAt,
            expiresAt: userTokens.expiresAt,
            userId: users.id,
            name: users.name,
            email: users.email,
          })
          .from(userTokens)
          .innerJoin(users, eq(users.id, userTokens.userId))
          .where(where)
          .$dynamic(),
        db.select({ total: count() }).from(userTokens).innerJoin(users, eq(users.id, userTokens.userId)).where(where).$dynamic(),
        query,
        request,
        (rows) =>
          rows.map((r) => ({
            id: r.id,
            user: { id: r.userId, name: r.name, email: r.email },
            sent_at: r.createdAt.toISOString(),
            expires_at: r.expiresAt.toISOString(),
            expired: r.expiresAt.getTime() <= now.getTime(),
          })),
      );
    },
  );

  /** Revokes pending invitations at once: all or none (422 naming the ones that are not pending). */
  app.post(
    '/api/invitations/bulk-delete',
    {
      schema: { body: bulkDeleteInvitationsBody, response: { 200: bulkDeleteInvitationsResponse } },
      onRequest: authorize('investors', 'update'),
    },
    async (request) => {
      const deleted = await revokeInvitations(db, request, [...new Set(request.body.ids)]);
      return { message: `${deleted} invitation${deleted === 1 ? '' : 's'} deleted.`, deleted };
    },
  );
}
