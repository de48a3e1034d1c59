import { z } from 'zod';
import { STAFF_NOTIFICATION_KINDS } from '../staff-notifications';
import type { ListSpec } from './common';

/** An in-app notification; `data.message` is sanitised rich text, `data.cta` an in-app path. */
export const notificationSchema = z.object({
  id: z.string(),
  read_at: z.string().nullable(),
  created_at: z.string(),
  data: z.object({ message: z.string(), icon: z.string(), cta: z.string().nullable() }),
});
export type AppNotification = z.infer<typeof notificationSchema>;

export const NOTIFICATIONS_LIST = { name: 'notifications', filters: ['read'], sorts: ['created_at'] } as const satisfies ListSpec;

/** A notification's id: any text in the path; anything but a UUID names no notification (404). */
export const notificationParams = z.object({ id: z.string() });

/** Authorising a realtime subscription. */
export const broadcastingAuthBody = z.object({ socket_id: z.string(), channel_name: z.string() });
export const broadcastingAuthResponse = z.object({ auth: z.string() });

/** A member of staff's switches for one kind of staff notification (decision 0040). */
export const staffNotificationSettingSchema = z.object({
  kind: z.enum(STAFF_NOTIFICATION_KINDS),
  label: z.string(),
  description: z.string(),
  bell: z.boolean(),
  digest: z.boolean(),
});
export type StaffNotificationSetting = z.infer<typeof staffNotificationSettingSchema>;

export const staffNotificationSettingsBody = z.strictObject({
  settings: z
    .array(
      z.strictObject({
        kind: z.enum(STAFF_NOTIFICATION_KINDS, { message: `Choose one of ${STAFF_NOTIFICATION_KINDS.join(', ')}.` }),
        bell: z.boolean(),
        digest: z.boolean(),
      }),
    )
    .min(1, 'Send at least one setting.'),
});
export type StaffNotificationSettingsInput = z.infer<typeof staffNotificationSettingsBody>;
