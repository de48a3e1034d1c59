import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { PASSWORD_MAX, type SecuritySettings, type SecuritySettingsInput } from '@platform/domain';
import type { Db } from '../../db/client';
import { settings } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { breachedPasswordCount } from '../../shared/password-policy';
import { loadSettings, SETTINGS_ID, type SettingsRow } from '../../shared/settings';

export function presentSecuritySettings(row: SettingsRow): SecuritySettings {
  return {
    password_min_length: row.passwordMinLength,
    password_max_length: PASSWORD_MAX,
    breached_passwords_listed: breachedPasswordCount(),
    session_lifetime_minutes: row.sessionLifetimeMinutes,
    session_idle_minutes: row.sessionIdleMinutes,
    require_staff_two_factor: row.requireStaffTwoFactor,
  };
}

const fields = (row: SettingsRow) => ({
  passwordMinLength: row.passwordMinLength,
  sessionLifetimeMinutes: row.sessionLifetimeMinutes,
  sessionIdleMinutes: row.sessionIdleMinutes,
  requireStaffTwoFactor: row.requireStaffTwoFactor,
});

/** Password Management's form; sessions already open obey new lifetimes from their next request. */
export async function updateSecuritySettings(db: Db, request: FastifyRequest, input: SecuritySettingsInput): Promise<SettingsRow> {
  const before = await loadSettings(db);
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(settings)
      .set({
        passwordMinLength: input.password_min_length,
        sessionLifetimeMinutes: input.session_lifetime_minutes,
        sessionIdleMinutes: input.session_idle_minutes,
        requireStaffTwoFactor: input.require_staff_two_factor,
        updatedAt: new Date(),
      })
      .where(eq(settings.id, SETTINGS_ID))
      .returning();
    await recordActivity(tx, {
      request,
      action: 'updated_security_settings',
      subjectType: 'settings',
      subjectId: SETTINGS_ID,
      before: fields(before),
      after: fields(updated),
    });
    return updated;
  });
}
