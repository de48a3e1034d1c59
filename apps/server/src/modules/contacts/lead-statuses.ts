import type { FastifyRequest } from 'fastify';
import { and, asc, count, eq, gt, gte, isNull, lt, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { createLeadStatusBody, updateLeadStatusBody } from '@platform/domain';
import type { Db } from '../../db/client';
import { contacts, leadStatuses } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { notFound } from '../../platform/errors';
import type { LeadStatusRow } from './presenter';

/**
 * Lead statuses (spec §2.2 settings/investor/lead-status): an ordered list staff configure under
 * Investor Settings. Positions stay 0..n-1 with no gaps; every change takes a lock so two editors
 * cannot interleave.
 */
async function lockList(tx: Db) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('lead_statuses'))`);
}

async function liveStatuses(db: Db): Promise<LeadStatusRow[]> {
  return db.select().from(leadStatuses).where(isNull(leadStatuses.deletedAt)).orderBy(asc(leadStatuses.position), asc(leadStatuses.id));
}

async function findLive(db: Db, id: number) {
  const [row] = await db
    .select()
    .from(leadStatuses)
    .where(and(eq(leadStatuses.id, id), isNull(leadStatuses.deletedAt)));
  return row;
}

const clampPosition = (position: number | undefined, length: number) => (position === undefined || position > length ? length : position);

/** The live lead statuses in order, each with how many live contacts hold it. */
export async function listLeadStatuses(db: Db): Promise<Array<{ row: LeadStatusRow; contacts: number }>> {
  const rows = await liveStatuses(db);
  const counts = await db
    .select({ id: contacts.leadStatusId, total: count() })
    .from(contacts)
    .where(isNull(contacts.deletedAt))
    .groupBy(contacts.leadStatusId);
  const byId = new Map(counts.map((c) => [c.id, Number(c.total)]));
  return rows.map((row) => ({ row, contacts: byId.get(row.id) ?? 0 }));
}

/** Adds a lead status at a position (the end when absent), moving the later ones down. */
export async function createLeadStatus(
  db: Db,
  request: FastifyRequest,
  input: z.infer<typeof createLeadStatusBody>,
): Promise<LeadStatusRow> {
  return db.transaction(async (tx) => {
    await lockList(tx);
    const current = await liveStatuses(tx);
    const position = clampPosition(input.position, current.length);
    await tx
      .update(leadStatuses)
      .set({ position: sql`${leadStatuses.position} + 1` })
      .where(and(isNull(leadStatuses.deletedAt), gte(leadStatuses.position, position)));
    const [created] = await tx.insert(leadStatuses).values({ name: input.name, position }).returning();
    await recordActivity(tx, { request, action: 'created', subjectType: 'lead_status', subjectId: created.id, after: created });
    return created;
  });
}

/** Renames or moves a lead status. */
export async function updateLeadStatus(
  db: Db,
  request: FastifyRequest,
  id: number,
  input: z.infer<typeof updateLeadStatusBody>,
  now: Date,
): Promise<LeadStatusRow> {
  return db.transaction(async (tx) => {
    await lockList(tx);
    const before = await findLive(tx, id);
    if (!before) throw notFound('lead status');
    let position = before.position;
    if (input.position !== undefined) {
      const length = (await liveStatuses(tx)).length;
      position = Math.min(input.position, length - 1);
      // Close the gap where it was, open one where it goes.
      if (position > before.position) {
        await tx
          .update(leadStatuses)
          .set({ position: sql`${leadStatuses.position} - 1` })
          .where(and(isNull(leadStatuses.deletedAt), gt(leadStatuses.position, before.position), lte(leadStatuses.position, position)));
      } else if (position < before.position) {
        await tx
          .update(leadStatuses)
          .set({ position: sql`${leadStatuses.position} + 1` })
          .where(and(isNull(leadStatuses.deletedAt), gte(leadStatuses.position, position), lt(leadStatuses.position, before.position)));
      }
    }
    const [after] = await tx
      .update(leadStatuses)
      .set({ name: input.name ?? before.name, position, updatedAt: now })
      .where(eq(leadStatuses.id, id))
      .returning();
    await recordActivity(tx, { request, action: 'updated', subjectType: 'lead_status', subjectId: id, before, after });
    return after;
  });
}

/** Soft delete; leads that had this status keep no status (their history keeps the old one). */
export async function deleteLeadStatus(db: Db, request: FastifyRequest, id: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await lockList(tx);
    const before = await findLive(tx, id);
    if (!before) throw notFound('lead status');
    const [after] = await tx.update(leadStatuses).set({ deletedAt: now, updatedAt: now }).where(eq(leadStatuses.id, id)).returning();
    await tx
      .update(leadStatuses)
      .set({ position: sql`${leadStatuses.position} - 1` })
      .where(and(isNull(leadStatuses.deletedAt), gt(leadStatuses.position, before.position)));
    const cleared = await tx
      .update(contacts)
      .set({ leadStatusId: null, updatedAt: now })
      .where(eq(contacts.leadStatusId, id))
      .returning({ id: contacts.id });
    await recordActivity(tx, {
      request,
      action: 'deleted',
      subjectType: 'lead_status',
      subjectId: id,
      before,
      after: { ...after, cleared_contacts: cleared.length },
    });
  });
}
