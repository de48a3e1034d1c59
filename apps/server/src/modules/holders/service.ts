import type { FastifyRequest } from 'fastify';
import { and, asc, count, eq, getTableColumns, isNull, type SQL } from 'drizzle-orm';
import { utcDate } from '../../platform/clock';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { can, HOLDER_PERMISSION_EVENT, type RecordSubjectType, type StaffInvestment } from '@platform/domain';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../db/client';
import { investments } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { AppError, forbidden, notFound } from '../../platform/errors';
import { requireUser } from '../../platform/guards';
import { paginate, parseListQuery, type Page } from '../../platform/list-query';
import { INVESTMENTS_RESOURCE, presentInvestmentsWith, type InvestmentRow } from '../investments';
import { purgeRecordsOf } from '../records';

/**
 * What organisations, investment methods and nominees share beyond their own resource (spec §2.2,
 * decision 0012): how one is deleted, and its Transactions tab. Each module builds its list, show,
 * create, update and delete with `registerResource` and hands its delete to `deleteHolder`.
 */

/** What deleting a holder needs to know of it. */
export interface DeletableHolder {
  /** Record subject type and activity subject: 'organisation', 'investment_method', 'nominee'. */
  subject: RecordSubjectType;
  /** In messages: 'investment method'. */
  label: string;
  table: PgTable & { id: PgColumn; deletedAt: PgColumn; updatedAt: PgColumn };
  /** The investments held through one holder. */
  heldBy(id: number): SQL;
  /** Rows that exist only for the holder (links, accounts), removed with it on a permanent delete. */
  purge?(tx: Db, id: number): Promise<void>;
}

/**
 * Soft delete hides the holder; `permanent` (delete_unsafe: Support) removes it and what exists
 * only for it (its notes, calls, tasks and documents with their files included), also after a soft
 * delete. Either way, investments held through it forbid it: a soft-deleted holder would leave live
 * investments naming a holder no one can open.
 */
export async function deleteHolder(
  { db, clock, storage }: Pick<AppContext, 'db' | 'clock' | 'storage'>,
  holder: DeletableHolder,
  request: FastifyRequest,
  id: number,
  permanent: boolean,
): Promise<void> {
  const { table, label } = holder;
  if (!can(requireUser(request).roleId, HOLDER_PERMISSION_EVENT, permanent ? 'delete_unsafe' : 'delete')) throw forbidden();
  // The holder tables share these columns; a table handed over generically cannot say so to drizzle.
  const generic = table as PgTable;
  const [found] = await db
    .select({ id: table.id })
    .from(generic)
    .where(permanent ? eq(table.id, id) : and(eq(table.id, id), isNull(table.deletedAt)));
  if (!found) throw notFound(label);
  const files = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(generic).where(eq(table.id, id)).for('update');
    const counted = permanent ? holder.heldBy(id) : and(holder.heldBy(id), isNull(investments.deletedAt));
    const [{ total }] = await tx.select({ total: count() }).from(investments).where(counted);
    const held = Number(total);
    if (held > 0) {
      throw new AppError(
        'conflict',
        `This ${label} holds ${held} ${held === 1 ? 'investment' : 'investments'}${permanent ? ' (cancelled or deleted ones included)' : ''}, so it cannot be deleted. Move or remove them first.`,
      );
    }
    if (permanent) {
      await holder.purge?.(tx, id);
      const removed = await purgeRecordsOf(tx, { type: holder.subject, id });
      await tx.delete(table).where(eq(table.id, id));
      await recordActivity(tx, { request, action: 'deleted_permanently', subjectType: holder.subject, subjectId: id, before });
      return removed;
    }
    const [after] = await tx
      .update(table)
      .set({ deletedAt: clock.now(), updatedAt: clock.now() } as never)
      .where(eq(table.id, id))
      .returning();
    await recordActivity(tx, { request, action: 'deleted', subjectType: holder.subject, subjectId: id, before, after });
    return [];
  });
  await storage.remove(files);
}

/** The Transactions tab: a page of the investments held through a holder, with the investor and the opportunity. */
export async function heldInvestmentsPage(
  db: Db,
  request: FastifyRequest,
  heldBy: SQL,
  rawQuery: Record<string, unknown>,
  now: Date,
): Promise<Page<StaffInvestment>> {
  const query = parseListQuery(rawQuery, INVESTMENTS_RESOURCE);
  query.orderBy.push(asc(investments.id));
  const where = and(isNull(investments.deletedAt), heldBy, query.where);
  return paginate<InvestmentRow, StaffInvestment>(
    db.select(getTableColumns(investments)).from(investments).where(where).$dynamic(),
    db.select({ total: count() }).from(investments).where(where).$dynamic(),
    query,
    request,
    (rows) => presentInvestmentsWith(db, rows, query.includes, utcDate(now)),
  );
}
