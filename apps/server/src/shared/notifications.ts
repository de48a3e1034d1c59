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

type NotificationInput = { message: string; icon: NotificationIcon; cta?: string | null };
const storedData = (input: NotificationInput) => ({ message: sanitizeRichText(input.message), icon: input.icon, cta: safeCta(input.cta) });

/**
 * Stores the same notification for each of `userIds` in one INSERT and pushes them all in one
 * batched publish (decision 0045); one user is the same call with one id. The message is
 * sanitised here, once, whatever produced it.
 */
export async function notifyUsers(
  deps: { db: Db; realtime: Pick<Realtime, 'publishToUsers'> },
  userIds: readonly number[],
  input: NotificationInput,
) {
  if (!userIds.length) return [];
  const stored = await insertNotificationsFor(deps.db, sql`select unnest(${`{${userIds.join(',')}}`}::integer[]) as user_id`, input);
  await pushNotifications(deps.realtime, stored);
  return stored;
}

/** Stores a notification for one user and pushes it on their private channel. */
export async function notifyUser(deps: { db: Db; realtime: Pick<Realtime, 'publishToUsers'> }, userId: number, input: NotificationInput) {
  const [stored] = await notifyUsers(deps, [userId], input);
  return stored.notification;
}

/**
 * Stores the same notification for every user `userIds` (a query answering one `user_id` column)
 * finds, in one INSERT … SELECT inside the caller's transaction, and answers them presented. Push
 * them with `pushNotifications` once the transaction has committed.
 */
export function insertNotificationsFor(tx: Pick<Db, 'execute'>, userIds: SQL, input: NotificationInput) {
  return insertNotificationRows(
    tx,
    sql`select recipients.user_id, ${JSON.stringify(storedData(input))}::jsonb as data from (${userIds}) as recipients`,
  );
}

/**
 * Stores a notification of its own for each user in `each` (one per entry), in one INSERT inside
 * the caller's transaction; push them with `pushNotifications` once it has committed.
 */
export async function insertNotificationsEach(tx: Pick<Db, 'execute'>, each: ReadonlyArray<{ userId: number } & NotificationInput>) {
  if (!each.length) return [];
  const rows = JSON.stringify(each.map(({ userId, ...input }) => ({ user_id: userId, data: storedData(input) })));
  return insertNotificationRows(
    tx,
    sql`select (e->>'user_id')::integer as user_id, e->'data' as data from jsonb_array_elements(${rows}::jsonb) as e`,
  );
}

/** Inserts the notifications `source` (columns `user_id`, `data`) answers, presented. */
async function insertNotificationRows(tx: Pick<Db, 'execute'>, source: SQL) {
  const result = await tx.execute(sql`
    insert into ${notifications} (user_id, data)
    select user_id, data from (${source}) as source
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

/** Pushes stored notifications on their users' private channels, in one batch (after the transaction that stored them). */
export async function pushNotifications(
  realtime: Pick<Realtime, 'publishToUsers'>,
  stored: ReadonlyArray<{ userId: number; notification: ReturnType<typeof presentNotification> }>,
): Promise<void> {
  await realtime.publishToUsers(stored.map(({ userId, notification }) => ({ userId, event: NOTIFICATION_EVENT, data: notification })));
}
