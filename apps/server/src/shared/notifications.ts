import { sql, type SQL } from 'drizzle-orm';
import type { NotificationIcon } from '@platform/domain';
import type { Db } from '../db/client';
import { notifications } from '../db/schema';
import type { Realtime } from '../platform/context';
import { sanitizeRichText } from '../platform/sanitize';

export type NotificationRow = typeof notifications.$inferSelect;
export const NOTIFICATION_EVENT = 'notification.created';

export function presentNotification(row: Pick<NotificationRow, 'id' | 'readAt' | 'createdAt' | 'data'>) {
  return { id: row.id, read_at: row.readAt?.toISOString() ?? null, created_at: row.createdAt.toISOString(), data: row.data };
}

/** Only in-app paths are allowed as a call to action: a notification can never send someone off-site. */
function safeCta(cta: string | null | undefined): string | null {
  return cta?.startsWith('/') && !cta.startsWith('//') ? cta : null;
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

/**
 * Stores the same notification for every user `userIds` (a query answering one `user_id` column)
 * finds, in one INSERT … SELECT inside the caller's transaction, and answers them presented. Push
 * them with `pushNotifications` once the transaction has committed.
 */
export async function insertNotificationsFor(
  tx: Pick<Db, 'execute'>,
  userIds: SQL,
  input: { message: string; icon: NotificationIcon; cta?: string | null },
) {
  const data = { message: sanitizeRichText(input.message), icon: input.icon, cta: safeCta(input.cta) };
  const result = await tx.execute(sql`
    insert into ${notifications} (user_id, data)
    select recipients.user_id, ${JSON.stringify(data)}::jsonb from (${userIds}) as recipients
    returning id, user_id, read_at, created_at, data`);
  // Both drivers answer `rows`; timestamps may come back as Date or text.
  const { rows } = result as unknown as {
    rows: Array<{ id: string; user_id: number; read_at: Date | string | null; created_at: Date | string; data: NotificationRow['data'] }>;
  };
  return rows.map((row) => ({
    userId: row.user_id,
    notification: presentNotification({
      id: row.id,
      data: row.data,
      readAt: row.read_at === null ? null : new Date(row.read_at),
      createdAt: new Date(row.created_at),
    }),
  }));
}

/** Pushes stored notifications on their users' private channels (after the transaction that stored them). */
export async function pushNotifications(
  realtime: Pick<Realtime, 'publishToUser'>,
  stored: ReadonlyArray<{ userId: number; notification: ReturnType<typeof presentNotification> }>,
): Promise<void> {
  for (const { userId, notification } of stored) await realtime.publishToUser(userId, NOTIFICATION_EVENT, notification);
}
