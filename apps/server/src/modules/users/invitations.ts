import type { FastifyInstance } from 'fastify';
import { and, asc, count, desc, eq, gt, inArray, isNull, lte } from 'drizzle-orm';
import { z } from 'zod';
import { Role } from '@platform/domain';
import type { AppContext } from '../../platform/context';
import { users, userTokens } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { AppError, validationError } from '../../platform/errors';
import { parseFields, readFormFields } from '../../platform/form';
import { authorize } from '../../platform/guards';
import { paginate, parseListQuery, type ListResource } from '../../platform/list-query';
import { idInput } from '@platform/domain';

/**
 * Invitations to the investor portal: the set-password links sent to investors created by staff
 * (auth/service.ts `sendInvitation`; resent with /api/users/resend-set-password-email). Pending
 * means not used yet. Deleting one revokes its link; the investor's account stays.
 */
const INVITATIONS_RESOURCE: ListResource = {
  name: 'invitations',
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
};

const pending = and(eq(userTokens.purpose, 'invite'), isNull(userTokens.usedAt), eq(users.roleId, Role.User), isNull(users.deletedAt));

const bulkDeleteSchema = z.strictObject({
  ids: z.preprocess(
    (value) => (typeof value === 'string' ? value.split(',').filter(Boolean) : value),
    z
      .array(idInput('invitation'), { message: 'Choose the invitations to delete.' })
      .min(1, 'Choose the invitations to delete.')
      .max(500, 'Delete at most 500 at once.'),
  ),
});

export function registerInvitationRoutes(app: FastifyInstance, { db, clock }: AppContext) {
  app.get('/api/invitations', { onRequest: authorize('investors', 'index') }, async (request) => {
    const query = parseListQuery(request.query as Record<string, unknown>, INVITATIONS_RESOURCE);
    query.orderBy.push(desc(userTokens.id));
    const where = and(pending, query.where);
    const now = clock.now();
    return paginate<{ id: number; createdAt: Date; expiresAt: Date; userId: number; name: string; email: string }, object>(
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
  });

  /** Revokes pending invitations at once: all or none (422 naming the ones that are not pending). */
  app.post('/api/invitations/bulk-delete', { onRequest: authorize('investors', 'update') }, async (request) => {
    const { ids } = parseFields(bulkDeleteSchema, await readFormFields(request));
    const unique = [...new Set(ids)];
    const deleted = await db.transaction(async (tx) => {
      const found = await tx
        .select({ id: userTokens.id, userId: userTokens.userId, expiresAt: userTokens.expiresAt })
        .from(userTokens)
        .innerJoin(users, eq(users.id, userTokens.userId))
        .where(and(pending, inArray(userTokens.id, unique)))
        .orderBy(asc(userTokens.id))
        .for('update', { of: userTokens });
      const missing = unique.filter((id) => !found.some((f) => f.id === id));
      if (missing.length) throw validationError({ ids: [`These are not pending invitations: ${missing.join(', ')}.`] });
      // The token is a secret, not a record: revoking it removes it; the activity log keeps the fact.
      await tx.delete(userTokens).where(inArray(userTokens.id, unique));
      for (const row of found) {
        await recordActivity(tx, {
          request,
          action: 'invitation_revoked',
          subjectType: 'user',
          subjectId: row.userId,
          before: { invitation_id: row.id, expires_at: row.expiresAt.toISOString() },
        });
      }
      return found.length;
    });
    return { message: `${deleted} invitation${deleted === 1 ? '' : 's'} deleted.`, deleted };
  });
}
