import type { NotificationIcon } from '@platform/domain';
import type { Db } from '../db/client';
import { notifications } from '../db/schema';
import type { Realtime } from '../platform/context';
import { sanitizeRichText } from '../platform/sanitize';

export type NotificationRow = typeof notifications.$inferSelect;
export const NOTIFICATION_EVENT = 'notification.created';

export function presentNotification(row: NotificationRow) {
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
