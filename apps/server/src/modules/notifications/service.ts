import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { NotificationIcon } from '@platform/domain';
import type { Realtime } from '../../platform/context';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema';
import { sanitizeRichText } from '../../platform/sanitize';

export type NotificationRow = typeof notifications.$inferSelect;
export const NOTIFICATION_EVENT = 'notification.created';

export function presentNotification(row: NotificationRow) {
  return { id: row.id, read_at: row.readAt?.toISOString() ?? null, created_at: row.createdAt.toISOString(), data: row.data };
}

/** Only in-app paths are allowed as a call to action: a notification can never send someone off-site. */
function safeCta(cta: string | null | undefined): string | null {
  return cta && cta.startsWith('/') && !cta.startsWith('//') ? cta : null;
}

/**
 * Stores a notification for one user and pushes it on their private channel. The message is
 * sanitised here, once, whatever produced it.
 */
export async function notifyUser(
  deps: { db: Db; realtime: Pick<Realtime, 'publishToUser'> },
  userId: number,
  input: { message: string; icon: NotificationIcon; cta?: string | null },
) {
  const [row] = await deps.db
    .insert(notifications)
    .values({ userId, data: { message: sanitizeRichText(input.message), icon: input.icon, cta: safeCta(input.cta) } })
    .returning();
  const presented = presentNotification(row);
  await deps.realtime.publishToUser(userId, NOTIFICATION_EVENT, presented);
  return presented;
}

export async function listNotifications(db: Db, userId: number, page: number, perPage: number) {
  const where = eq(notifications.userId, userId);
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(notifications).where(where).orderBy(desc(notifications.createdAt), desc(notifications.id)).limit(perPage).offset((page - 1) * perPage),
    db.select({ total: count() }).from(notifications).where(where),
  ]);
  return { rows, total: Number(total) };
}

export async function listUnread(db: Db, userId: number) {
  return db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .orderBy(desc(notifications.createdAt))
    .limit(500);
}

/** Marks one, several or all of a user's notifications read; another user's ids are simply not touched. */
export async function markRead(db: Db, userId: number, at: Date, ids?: string[]) {
  const conditions = [eq(notifications.userId, userId), isNull(notifications.readAt)];
  if (ids) conditions.push(inArray(notifications.id, ids));
  const rows = await db.update(notifications).set({ readAt: at }).where(and(...conditions)).returning({ id: notifications.id });
  return rows.length;
}
