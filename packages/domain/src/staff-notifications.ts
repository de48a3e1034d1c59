/**
 * Staff notifications (decision 0040): what investors did that staff may need to act on. Each kind
 * goes to the staff whose role may act on it (the permission table); each member of staff switches
 * each kind on or off for the bell and for the daily e-mail digest.
 */
import type { Action, PermissionEvent } from './permissions';

export const STAFF_NOTIFICATION_KINDS = ['reservation', 'payment_sent', 'investor_document', 'categorisation_pending'] as const;
export type StaffNotificationKind = (typeof STAFF_NOTIFICATION_KINDS)[number];

/**
 * Who may act on each kind. `opportunity`: the event of the investment's opportunity (live or
 * existing opportunities), the same permission staff need to issue a cash call or mark it paid.
 */
export const STAFF_NOTIFICATION_RULES: Record<
  StaffNotificationKind,
  { label: string; description: string; event: PermissionEvent | 'opportunity'; action: Action }
> = {
  reservation: {
    label: 'New reservations',
    description: 'An investor reserves an allocation in an opportunity.',
    event: 'opportunity',
    action: 'update',
  },
  payment_sent: {
    label: 'Payments sent by investors',
    description: 'An investor says they have paid a reservation or cash call.',
    event: 'opportunity',
    action: 'update',
  },
  investor_document: {
    label: 'Documents uploaded by investors',
    description: 'An investor uploads an identity document for checking.',
    event: 'investors',
    action: 'update',
  },
  categorisation_pending: {
    label: 'Category declarations to approve',
    description: 'An investor declares a category that waits for approval.',
    event: 'investor_category',
    action: 'update',
  },
};

/** The text of the staff notification drawer when there is nothing in it. */
export const STAFF_NOTIFICATIONS_EMPTY = 'You are all caught up: nothing from investors needs your attention.';

/** The hour, in the firm's time zone, after which the day's digest goes out. */
export const DIGEST_HOUR = 7;
