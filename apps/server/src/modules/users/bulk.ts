import { and, eq, inArray } from 'drizzle-orm';
import { bulkAssignOwnerBody, bulkIdsBody, bulkResultSchema, dataOf, Role } from '@platform/domain';
import { users } from '../../db/schema';
import type { Db } from '../../db/client';
import { recordActivity } from '../../platform/activity';
import type { App, AppContext } from '../../platform/context';
import { validationError } from '../../platform/errors';
import { authorize, requireUser } from '../../platform/guards';
import type { UserRow } from '../../platform/session';
import { assertOwner } from '../../shared/investor-associates';
import { sendInvitation } from '../auth';
import { visibleUsersScope } from './list';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * Every chosen investor, as the viewer may see them, or a 422 naming the ids that are not: a bulk
 * action applies to all of them or to none.
 */
export async function chosenInvestors(db: Db, viewer: UserRow, ids: number[]): Promise<UserRow[]> {
  const rows = await db
    .select()
    .from(users)
    .where(and(visibleUsersScope(viewer), eq(users.roleId, Role.User), inArray(users.id, ids)));
  if (rows.length !== ids.length) {
    const found = new Set(rows.map((r) => r.id));
    const missing = ids.filter((id) => !found.has(id));
    throw validationError({
      ids: [`These investors could not be found: ${missing.slice(0, 10).join(', ')}${missing.length > 10 ? '…' : ''}.`],
    });
  }
  return rows;
}

/**
 * Bulk actions on the investors list (decision 0039): give the chosen investors an owner, or send
 * each the portal invitation. At most 500 at a time; each investor is checked as the viewer may see
 * them, and one that is not stops the whole action before anything changes.
 */
export function registerInvestorBulkRoutes(app: App, ctx: AppContext) {
  const { db, clock } = ctx;

  app.post(
    '/api/users/bulk/owner',
    { schema: { body: bulkAssignOwnerBody, response: { 200: dataOf(bulkResultSchema) } }, onRequest: authorize('investors', 'update') },
    async (request) => {
      const viewer = requireUser(request);
      const { ids, owner_id } = request.body;
      await assertOwner(db, owner_id);
      const now = clock.now();
      const count = await db.transaction(async (tx) => {
        const before = await chosenInvestors(tx, viewer, ids);
        const after = await tx.update(users).set({ ownerId: owner_id, updatedAt: now }).where(inArray(users.id, ids)).returning();
        const byId = new Map(before.map((row) => [row.id, row]));
        for (const row of after)
          await recordActivity(tx, {
            request,
            action: 'updated',
            subjectType: 'user',
            subjectId: row.id,
            before: byId.get(row.id),
            after: row,
          });
        return after.length;
      });
      return {
        data: {
          count,
          message:
            owner_id === null
              ? `${plural(count, 'investor has', 'investors have')} no owner now.`
              : `${plural(count, 'investor', 'investors')} assigned.`,
        },
      };
    },
  );

  app.post(
    '/api/users/bulk/invite',
    {
      schema: { body: bulkIdsBody, response: { 200: dataOf(bulkResultSchema) } },
      onRequest: authorize('investors', 'update'),
      config: { rateLimit: { max: 10, timeWindow: 15 * 60_000 } },
    },
    async (request) => {
      const viewer = requireUser(request);
      const count = await db.transaction(async (tx) => {
        const chosen = await chosenInvestors(tx, viewer, request.body.ids);
        // The links and the mail queue are written in this transaction: every invitation goes, or none.
        for (const user of chosen) {
          await sendInvitation({ ...ctx, db: tx }, user);
          await recordActivity(tx, { request, action: 'sent_invitation', subjectType: 'user', subjectId: user.id });
        }
        return chosen.length;
      });
      return { data: { count, message: `${plural(count, 'invitation', 'invitations')} sent.` } };
    },
  );
}
