import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  dataOf,
  DIGEST_HOUR,
  STAFF_NOTIFICATION_KINDS,
  STAFF_NOTIFICATION_RULES,
  type StaffNotificationKind,
  type StaffNotificationSetting,
  staffNotificationSettingSchema,
  staffNotificationSettingsBody,
  wallClock,
} from '@platform/domain';
import type { App, AppContext } from '../../platform/context';
import type { Db } from '../../db/client';
import { notificationDigests, notifications, staffNotificationSettings, users } from '../../db/schema';
import { validationError } from '../../platform/errors';
import { requireUser, staffOnly } from '../../platform/guards';
import { repeatWhileUp } from '../../platform/housekeeping';
import { loadSettings, loadTerminology } from '../../shared/settings';
import { rolesFor } from '../../shared/staff-notifications';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The digest is looked for every quarter of an hour: it goes out at most that late after DIGEST_HOUR. */
export const DIGEST_TICK_MS = 15 * 60 * 1000;

/** The kinds a role receives: those it may act on, for live or existing opportunities alike. */
export function kindsFor(roleId: number): StaffNotificationKind[] {
  return STAFF_NOTIFICATION_KINDS.filter((kind) => {
    const roles = STAFF_NOTIFICATION_RULES[kind].event === 'opportunity' ? [...rolesFor(kind, 2), ...rolesFor(kind, 5)] : rolesFor(kind);
    return roles.includes(roleId);
  });
}

async function settingsOf(db: Db, user: { id: number; roleId: number }): Promise<StaffNotificationSetting[]> {
  const rows = await db.select().from(staffNotificationSettings).where(eq(staffNotificationSettings.userId, user.id));
  const chosen = new Map(rows.map((r) => [r.kind, r]));
  return kindsFor(user.roleId).map((kind) => ({
    kind,
    label: STAFF_NOTIFICATION_RULES[kind].label,
    description: STAFF_NOTIFICATION_RULES[kind].description,
    bell: chosen.get(kind)?.bell ?? true,
    digest: chosen.get(kind)?.digest ?? true,
  }));
}

/**
 * Staff notifications (decision 0040): each member of staff's switches per kind (bell, digest),
 * and the daily e-mail digest of what they have not read.
 */
export function registerStaffNotificationRoutes(app: App, ctx: AppContext) {
  const { db, clock } = ctx;
  const answer = { 200: dataOf(staffNotificationSettingSchema.array()) };

  app.get('/api/notifications/admin/settings', { schema: { response: answer }, onRequest: staffOnly }, async (request) => ({
    data: await settingsOf(db, requireUser(request)),
  }));

  app.patch(
    '/api/notifications/admin/settings',
    { schema: { body: staffNotificationSettingsBody, response: answer }, onRequest: staffOnly },
    async (request) => {
      const user = requireUser(request);
      const mine = kindsFor(user.roleId);
      const errors: Record<string, string[]> = {};
      request.body.settings.forEach((s, i) => {
        if (!mine.includes(s.kind)) errors[`settings.${i}.kind`] = ['Your role does not receive these notifications.'];
      });
      if (Object.keys(errors).length) throw validationError(errors);
      const now = clock.now();
      await db.transaction(async (tx) => {
        for (const s of request.body.settings)
          await tx
            .insert(staffNotificationSettings)
            .values({ userId: user.id, kind: s.kind, bell: s.bell, digest: s.digest, updatedAt: now })
            .onConflictDoUpdate({
              target: [staffNotificationSettings.userId, staffNotificationSettings.kind],
              set: { bell: s.bell, digest: s.digest, updatedAt: now },
            });
      });
      return { data: await settingsOf(db, user) };
    },
  );

  repeatWhileUp(app, { everyMs: DIGEST_TICK_MS, label: 'sending notification digests', atStart: true }, () => sendDueDigests(ctx));
}

const stripTags = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/** Unread staff notifications of the last day, of kinds the user keeps in their digest. */
function digestItems(db: Pick<Db, 'select'>, userId: number, since: Date) {
  const switchedOff = db
    .select({ kind: staffNotificationSettings.kind })
    .from(staffNotificationSettings)
    .where(and(eq(staffNotificationSettings.userId, userId), eq(staffNotificationSettings.digest, false)));
  return db
    .select({ data: notifications.data, createdAt: notifications.createdAt })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        isNotNull(notifications.kind),
        isNull(notifications.readAt),
        gt(notifications.createdAt, since),
        sql`${notifications.kind} not in (${switchedOff})`,
      ),
    )
    .orderBy(notifications.createdAt);
}

/**
 * Sends each member of staff one e-mail a day, after DIGEST_HOUR in the firm's time zone (the day
 * is that zone's date), listing their unread staff
 * notifications of the last 24 hours (none: no e-mail). Safe on every instance at once: the day's
 * digest is recorded (unique per user and day) in the same transaction that queues the mail, so a
 * second tick or instance finds it recorded and sends nothing. Answers how many digests it queued.
 */
export async function sendDueDigests(ctx: Pick<AppContext, 'db' | 'clock' | 'mailer' | 'config'>): Promise<number> {
  const now = ctx.clock.now();
  const { day, hour } = wallClock(now, (await loadSettings(ctx.db)).timeZone);
  if (hour < DIGEST_HOUR) return 0;
  const since = new Date(now.getTime() - DAY_MS);
  const sentToday = ctx.db.select({ id: notificationDigests.userId }).from(notificationDigests).where(eq(notificationDigests.day, day));
  const candidates = await ctx.db
    .selectDistinct({ id: users.id, email: users.email, name: users.name })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .where(
      and(
        isNotNull(notifications.kind),
        isNull(notifications.readAt),
        gt(notifications.createdAt, since),
        isNull(users.deletedAt),
        sql`${users.id} not in (${sentToday})`,
      ),
    );
  if (!candidates.length) return 0;
  const product = (await loadTerminology(ctx.db)).pageTitle;
  let sent = 0;
  for (const person of candidates) {
    const queued = await ctx.db.transaction(async (tx) => {
      const items = await digestItems(tx, person.id, since);
      if (!items.length) return false;
      const [recorded] = await tx
        .insert(notificationDigests)
        .values({ userId: person.id, day, items: items.length, sentAt: now })
        .onConflictDoNothing()
        .returning({ userId: notificationDigests.userId });
      if (!recorded) return false;
      const lines = items.map((i) => `- ${stripTags(i.data.message)}${i.data.cta ? `\n  ${ctx.config.appUrl}${i.data.cta}` : ''}`);
      const subject = `${product}: ${items.length} ${items.length === 1 ? 'item needs' : 'items need'} your attention`;
      const text = [
        `Dear ${person.name},`,
        '',
        `Here is what investors did in the last day that you have not yet seen:`,
        '',
        ...lines,
        '',
        `Change which notifications you receive in your account settings: ${ctx.config.appUrl}/admin/settings/security/details`,
        '',
        `— ${product}`,
      ].join('\n');
      await ctx.mailer.enqueue({ to: person.email, subject, text }, tx);
      return true;
    });
    if (queued) sent += 1;
  }
  return sent;
}
