import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema';

export async function listNotifications(db: Db, userId: number, page: number, perPage: number) {
  const where = eq(notifications.userId, userId);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ total: count() }).from(notifications).where(where),
  ]);
  return { rows, total: Number(total) };
}

export async function listUnread(db: Db, userId: number) {
  return db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.inBell, true), isNull(notifications.readAt)))
    .orderBy(desc(notifications.createdAt))
    .limit(500);
}

/** Marks one, several or all of a user's notifications read; another user's ids are simply not touched. */
export async function markRead(db: Db, userId: number, at: Date, ids?: string[]) {
  const conditions = [eq(notifications.userId, userId), eq(notifications.inBell, true), isNull(notifications.readAt)];
  if (ids) conditions.push(inArray(notifications.id, ids));
  const rows = await db
    .update(notifications)
    .set({ readAt: at })
    .where(and(...conditions))
    .returning({ id: notifications.id });
  return rows.length;
}

/** Whether the notification is the user's own. */
export async function isOwnNotification(db: Db, userId: number, id: string): Promise<boolean> {
  const [own] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
  return own !== undefined;
}
