import { eq } from 'drizzle-orm';
import {
  DEFAULT_APP_VERSION,
  DEFAULT_COLORS,
  DEFAULT_TERMS_VERSION,
  flagValue,
  type PublicFlagName,
  resolveTerminology,
  type Terminology,
} from '@platform/domain';
import type { Db } from '../db/client';
import { settings } from '../db/schema';

export type SettingsRow = typeof settings.$inferSelect;
export const SETTINGS_ID = 1;

export const DEFAULT_TERMS_TEXT =
  '<h2>Terms and conditions</h2><p>These terms govern your use of this investor platform. Investments in unlisted companies are high risk: you may lose all the money you invest and you are unlikely to be protected if something goes wrong.</p>';

/** Creates the settings row with defaults when missing (first start), then returns it. */
export async function loadSettings(db: Db): Promise<SettingsRow> {
  const [row] = await db.select().from(settings).where(eq(settings.id, SETTINGS_ID));
  if (row) return row;
  await db
    .insert(settings)
    .values({
      id: SETTINGS_ID,
      colors: JSON.stringify(DEFAULT_COLORS),
      termsVersion: DEFAULT_TERMS_VERSION,
      termsText: DEFAULT_TERMS_TEXT,
      appVersion: DEFAULT_APP_VERSION,
    })
    .onConflictDoNothing();
  const [created] = await db.select().from(settings).where(eq(settings.id, SETTINGS_ID));
  return created;
}

/** Spec §9: where investors' messages go — the configured support address, otherwise the default. */
const DEFAULT_SUPPORT_EMAIL = 'support@localhost';
export function supportAddress(row: SettingsRow): string {
  return row.supportEmail ?? DEFAULT_SUPPORT_EMAIL;
}

/** A feature flag by its public-settings name (spec §3 table); a flag never switched takes its default (FLAG_DEFAULTS). */
export function flagOn(row: SettingsRow, name: PublicFlagName): boolean {
  return flagValue(row.flags, name);
}

/** The customer's wording (spec §3): every label, their own where they renamed it, else the default. */
export async function loadTerminology(db: Db): Promise<Terminology> {
  return resolveTerminology((await loadSettings(db)).navigation);
}
