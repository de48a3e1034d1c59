import type { FastifyRequest } from 'fastify';
import { eq, gt } from 'drizzle-orm';
import type { z } from 'zod';
import { DEFAULT_FONT, PUBLIC_FLAG_NAMES, type updateBrandingBody } from '@platform/domain';
import type { AppContext } from '../../platform/context';
import { sessions, settings } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { validationError } from '../../platform/errors';
import type { UploadedFile } from '../../platform/form';
import { sanitizeRichText } from '../../platform/sanitize';
import { checkFont, checkImage, withStoredFiles } from '../../platform/storage';
import { loadSettings, SETTINGS_ID, type SettingsRow } from '../../shared/settings';

const IMAGE_FIELDS = ['logo', 'logoLight', 'favicon'] as const;

/** The terms as stored: an address for the `url` format, sanitised HTML for `text`. */
export function termsTextOf(text: string | undefined, format: string): string | undefined {
  if (text === undefined) return undefined;
  if (format !== 'url') return sanitizeRichText(text);
  if (!/^https?:\/\/\S+$/.test(text.trim()))
    throw validationError({ terms_text: ['Enter the address of the terms, starting with https://.'] });
  return text.trim();
}

/**
 * The terms version after a save: a change of the text or format raises it by at least one, so every
 * investor accepts the new terms; a version asked for explicitly may raise it further, never lower it.
 */
export function termsVersionAfter(current: SettingsRow, text: string | undefined, format: string | undefined, asked?: number): number {
  const changed = (text !== undefined && text !== current.termsText) || (format !== undefined && format !== current.termsFormat);
  return Math.max(asked ?? 0, current.termsVersion + (changed ? 1 : 0));
}

/**
 * Changes the branding: the fields given, and the images uploaded (each checked before any is
 * stored, and stored only for the transaction that records them). The terms version only goes up.
 */
export async function updateBranding(
  { db, storage }: Pick<AppContext, 'db' | 'storage'>,
  request: FastifyRequest,
  input: z.output<typeof updateBrandingBody>,
  files: Record<string, UploadedFile>,
): Promise<SettingsRow> {
  const current = await loadSettings(db);
  if (input.terms_version !== undefined && input.terms_version < current.termsVersion) {
    throw validationError({ terms_version: [`The terms version cannot go back below ${current.termsVersion}.`] });
  }
  const termsText = termsTextOf(input.terms_text, input.terms_format ?? current.termsFormat);
  const images = IMAGE_FIELDS.flatMap((field) => (files[field] ? [[field, checkImage(field, files[field])] as const] : []));
  const fontFile = files.fontFile ? await checkFont('fontFile', files.fontFile) : undefined;
  const family = input.font ?? current.font;
  if (fontFile && (!family || family === DEFAULT_FONT))
    throw validationError({ font: ['Enter the name of the font family the file holds, as the font file names it.'] });
  const flags = { ...current.flags };
  for (const name of PUBLIC_FLAG_NAMES) {
    const value = input[name];
    if (value !== undefined) flags[name] = value;
  }
  const richText = (text: string | undefined) => (text === undefined ? undefined : sanitizeRichText(text));
  return withStoredFiles(storage, async (stored) => {
    const uploads: Partial<Record<(typeof IMAGE_FIELDS)[number], string>> = {};
    for (const [field, file] of images) uploads[field] = await stored.put('branding', file);
    const font = fontFile ? await stored.put('branding', fontFile) : input.remove_font_file ? null : undefined;
    return db.transaction(async (tx) => {
      const [updated] = await tx
        .update(settings)
        .set({
          colors: input.colors,
          navigation: input.navigation,
          termsVersion: termsVersionAfter(current, termsText, input.terms_format, input.terms_version),
          termsFormat: input.terms_format,
          termsText,
          isCustomBranding: input.isCustomBranding,
          isTrial: input.isTrial,
          logoAlt: input.logo_alt,
          font: input.font,
          fontFile: font,
          marketSoundingDescription: richText(input.market_sounding_description),
          riskWarningText: richText(input.risk_warning_text),
          supportEmail: input.support_email,
          timeZone: input.time_zone,
          complianceTries: input.compliance_tries,
          logo: uploads.logo,
          logoLight: uploads.logoLight,
          favicon: uploads.favicon,
          flags,
          updatedAt: new Date(),
        })
        .where(eq(settings.id, SETTINGS_ID))
        .returning();
      await recordActivity(tx, {
        request,
        action: 'updated',
        subjectType: 'settings',
        subjectId: SETTINGS_ID,
        before: current,
        after: updated,
      });
      return updated;
    });
  });
}

/** The event on each signed-in user's private channel that tells their pages to reload the settings. */
export const SETTINGS_UPDATED = 'settings.updated';

/**
 * Tells everyone signed in that the settings changed, so branding, wording and flags apply on their
 * open pages at once. Nothing secret travels: each page fetches the public settings itself.
 */
export async function announceSettingsChange({ db, clock, realtime }: Pick<AppContext, 'db' | 'clock' | 'realtime'>): Promise<void> {
  const signedIn = await db.selectDistinct({ userId: sessions.userId }).from(sessions).where(gt(sessions.expiresAt, clock.now()));
  await realtime.publishToUsers(signedIn.flatMap(({ userId }) => (userId === null ? [] : [{ userId, event: SETTINGS_UPDATED, data: {} }])));
}
