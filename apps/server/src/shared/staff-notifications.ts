import { sql } from 'drizzle-orm';
import {
  can,
  OPPORTUNITY_PERMISSION_EVENT,
  type NotificationIcon,
  ROLE_IDS,
  STAFF_NOTIFICATION_RULES,
  type StaffNotificationKind,
} from '@platform/domain';
import type { Db } from '../db/client';
import { notifications, staffNotificationSettings, users } from '../db/schema';
import type { Realtime } from '../platform/context';
import { sanitizeRichText } from '../platform/sanitize';
import { presentNotification, pushNotifications, type NotificationRow } from './notifications';

/** The roles that may act on a kind of staff notification; `opportunityStatus` picks live or existing opportunities. */
export function rolesFor(kind: StaffNotificationKind, opportunityStatus?: number): number[] {
  const rule = STAFF_NOTIFICATION_RULES[kind];
  const event = rule.event === 'opportunity' ? OPPORTUNITY_PERMISSION_EVENT(opportunityStatus ?? 0) : rule.event;
  return ROLE_IDS.filter((role) => can(role, event, rule.action));
}

export type StoredStaffNotification = { userId: number; inBell: boolean; notification: ReturnType<typeof presentNotification> };

/**
 * Stores one staff notification for every live member of staff whose role may act on it and who
 * has not switched the kind off for both the bell and the digest, in one INSERT … SELECT inside the
 * caller's transaction (decision 0040). A row kept for the digest only is left out of the bell.
 * Push the answer with `pushStaffNotifications` once the transaction has committed.
 */
export async function insertStaffNotifications(
  tx: Pick<Db, 'execute'>,
  kind: StaffNotificationKind,
  input: { message: string; icon: NotificationIcon; cta: string; now: Date; opportunityStatus?: number },
): Promise<StoredStaffNotification[]> {
  const roles = rolesFor(kind, input.opportunityStatus);
  if (!roles.length) return [];
  const data = { message: sanitizeRichText(input.message), icon: input.icon, cta: input.cta };
  const result = await tx.execute(sql`
    insert into ${notifications} (user_id, data, kind, in_bell, created_at)
    select u.id, ${JSON.stringify(data)}::jsonb, ${kind}, coalesce(s.bell, true), ${input.now.toISOString()}::timestamptz
    from ${users} u
    left join ${staffNotificationSettings} s on s.user_id = u.id and s.kind = ${kind}
    where u.role_id in (${sql.join(
      roles.map((r) => sql`${r}`),
      sql`, `,
    )}) and u.deleted_at is null
      and (coalesce(s.bell, true) or coalesce(s.digest, true))
    returning id, user_id, in_bell, read_at, created_at, data`);
  const { rows } = result as unknown as {
    rows: Array<{
      id: string;
      user_id: number;
      in_bell: boolean;
      read_at: Date | string | null;
      created_at: Date | string;
      data: NotificationRow['data'];
    }>;
  };
  return rows.map((row) => ({
    userId: row.user_id,
    inBell: row.in_bell,
    notification: presentNotification({
      id: row.id,
      data: row.data,
      readAt: row.read_at === null ? null : new Date(row.read_at),
      createdAt: new Date(row.created_at),
    }),
  }));
}

/** Rings the bell of those who keep the kind in it (after the transaction that stored them). */
export async function pushStaffNotifications(realtime: Pick<Realtime, 'publishToUsers'>, stored: readonly StoredStaffNotification[]) {
  await pushNotifications(
    realtime,
    stored.filter((s) => s.inBell),
  );
}
