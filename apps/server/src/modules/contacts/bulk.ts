import { and, inArray, isNull } from 'drizzle-orm';
import { bulkAssignOwnerBody, bulkLeadStatusBody, bulkResultSchema, dataOf } from '@platform/domain';
import type { Db } from '../../db/client';
import { contacts } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import type { App, AppContext } from '../../platform/context';
import { validationError } from '../../platform/errors';
import { authorize } from '../../platform/guards';
import type { ContactRow } from './presenter';
import { assertLeadStatus, assertStaffOwner } from './service';

const plural = (count: number) => `${count} ${count === 1 ? 'contact' : 'contacts'}`;

/** Every chosen live contact, or a 422 naming the ids that are not: all of them or none. */
async function chosenContacts(db: Db, ids: number[]): Promise<ContactRow[]> {
  const rows = await db
    .select()
    .from(contacts)
    .where(and(isNull(contacts.deletedAt), inArray(contacts.id, ids)));
  if (rows.length !== ids.length) {
    const found = new Set(rows.map((r) => r.id));
    const missing = ids.filter((id) => !found.has(id));
    throw validationError({
      ids: [`These contacts could not be found: ${missing.slice(0, 10).join(', ')}${missing.length > 10 ? '…' : ''}.`],
    });
  }
  return rows;
}

/**
 * Bulk actions on the contacts list (decision 0039): give the chosen leads an owner or a lead
 * status, up to 500 at a time, in one transaction, each change in the activity log.
 */
export function registerContactBulkRoutes(app: App, { db, clock }: AppContext) {
  async function bulkUpdate(
    request: Parameters<typeof recordActivity>[1]['request'],
    ids: number[],
    changes: Partial<typeof contacts.$inferInsert>,
  ): Promise<number> {
    const now = clock.now();
    return db.transaction(async (tx) => {
      const before = new Map((await chosenContacts(tx, ids)).map((row) => [row.id, row]));
      const after = await tx
        .update(contacts)
        .set({ ...changes, updatedAt: now })
        .where(inArray(contacts.id, ids))
        .returning();
      for (const row of after)
        await recordActivity(tx, {
          request,
          action: 'updated',
          subjectType: 'contact',
          subjectId: row.id,
          before: before.get(row.id),
          after: row,
        });
      return after.length;
    });
  }

  app.post(
    '/api/contacts/bulk/owner',
    { schema: { body: bulkAssignOwnerBody, response: { 200: dataOf(bulkResultSchema) } }, onRequest: authorize('investors', 'update') },
    async (request) => {
      const { ids, owner_id } = request.body;
      await assertStaffOwner(db, owner_id);
      const count = await bulkUpdate(request, ids, { ownerId: owner_id });
      return { data: { count, message: owner_id === null ? `${plural(count)} without an owner now.` : `${plural(count)} assigned.` } };
    },
  );

  app.post(
    '/api/contacts/bulk/lead-status',
    { schema: { body: bulkLeadStatusBody, response: { 200: dataOf(bulkResultSchema) } }, onRequest: authorize('investors', 'update') },
    async (request) => {
      const { ids, lead_status_id } = request.body;
      await assertLeadStatus(db, lead_status_id);
      const count = await bulkUpdate(request, ids, { leadStatusId: lead_status_id });
      return { data: { count, message: `Lead status changed on ${plural(count)}.` } };
    },
  );
}
