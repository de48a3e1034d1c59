import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { PUBLIC_FLAG_NAMES, TERM_KEYS, toBoolean } from '@platform/domain';
import type { AppContext } from '../../platform/context';
import { settings } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { notFound, validationError } from '../../platform/errors';
import { parseFields, readForm } from '../../platform/form';
import { authorize } from '../../platform/guards';
import { sanitizeRichText } from '../../platform/sanitize';
import { idParams } from '@platform/domain';
import { checkImage, contentTypeOf, withStoredFiles } from '../../platform/storage';
import { presentBranding, presentPublicSettings } from './presenter';
import { loadSettings, SETTINGS_ID } from '../../shared/settings';

const boolish = z.union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false'])]).transform((v) => toBoolean(v));

function jsonObjectText(check: (value: Record<string, unknown>) => string | null) {
  return z.string().transform((text, ctx) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'Must be valid JSON.' });
      return z.NEVER;
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
      ctx.addIssue({ code: 'custom', message: 'Must be a JSON object.' });
      return z.NEVER;
    }
    const problem = check(parsed as Record<string, unknown>);
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    return JSON.stringify(parsed);
  });
}

const IMAGE_FIELDS = ['logo', 'logoLight', 'favicon'] as const;

const HEX = /^#[0-9a-fA-F]{6}$/;
const brandingSchema = z
  .object({
    colors: jsonObjectText((v) =>
      Object.values(v).every((c) => typeof c === 'string' && HEX.test(c)) ? null : 'Every colour must be a hex value like #1f3a5f.',
    ),
    navigation: jsonObjectText((v) => {
      const unknown = Object.keys(v).find((k) => !(TERM_KEYS as string[]).includes(k));
      if (unknown) return `Unknown terminology label '${unknown}'.`;
      return Object.values(v).every((label) => typeof label === 'string' && label.length <= 60)
        ? null
        : 'Labels must be text of at most 60 characters.';
    }),
    terms_version: z.coerce.number().int().min(1).max(1_000_000),
    terms_format: z.enum(['url', 'text']),
    terms_text: z.string().max(200_000),
    isCustomBranding: boolish,
    isTrial: boolish,
    logo_alt: z.string().max(255),
    font: z.string().regex(/^[\w -]{1,60}$/, 'Enter a font family name.'),
    market_sounding_description: z.string().max(50_000),
    risk_warning_text: z.string().max(50_000),
    support_email: z.string().trim().email('Enter a valid email address.'),
    compliance_tries: z.coerce.number().int().min(0).max(9999),
    ...Object.fromEntries(PUBLIC_FLAG_NAMES.map((name) => [name, boolish])),
  })
  .partial()
  .strict();

export function registerSettingsRoutes(app: FastifyInstance, { db, config, storage }: AppContext) {
  app.get('/api/public-settings/:id', { schema: { params: idParams } }, async (request) => {
    const { id } = request.params as z.infer<typeof idParams>;
    if (id !== SETTINGS_ID) throw notFound('settings');
    return { data: { ...presentPublicSettings(await loadSettings(db), config.pusherKey), card_payments_enabled: Boolean(config.stripe) } };
  });

  app.get('/api/branding/:id', { schema: { params: idParams }, onRequest: authorize('settings_branding', 'show') }, async (request) => {
    const { id } = request.params as z.infer<typeof idParams>;
    if (id !== SETTINGS_ID) throw notFound('settings');
    return { data: presentBranding(await loadSettings(db), config.pusherKey) };
  });

  const updateBranding = async (request: FastifyRequest) => {
    const { fields, files } = await readForm(request);
    const { _method: _ignored, ...rest } = fields;
    const input = parseFields(brandingSchema, rest);
    const current = await loadSettings(db);
    if (input.terms_version !== undefined && input.terms_version < current.termsVersion) {
      throw validationError({ terms_version: [`The terms version cannot go back below ${current.termsVersion}.`] });
    }
    const format = input.terms_format ?? current.termsFormat;
    let termsText = input.terms_text;
    if (termsText !== undefined) {
      if (format === 'url') {
        if (!/^https?:\/\/\S+$/.test(termsText.trim()))
          throw validationError({ terms_text: ['Enter the address of the terms, starting with https://.'] });
        termsText = termsText.trim();
      } else {
        termsText = sanitizeRichText(termsText);
      }
    }
    // Every image is checked before any is stored, and stored only for the transaction that records it.
    const images = IMAGE_FIELDS.flatMap((field) => (files[field] ? [[field, checkImage(field, files[field])] as const] : []));
    const flags = { ...current.flags };
    for (const name of PUBLIC_FLAG_NAMES) {
      const value = (input as Record<string, unknown>)[name];
      if (typeof value === 'boolean') flags[name] = value;
    }
    const [updated] = await withStoredFiles(storage, async (stored) => {
      const uploads: Partial<Record<(typeof IMAGE_FIELDS)[number], string>> = {};
      for (const [field, file] of images) uploads[field] = await stored.put('branding', file);
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(settings)
          .set({
            colors: input.colors,
            navigation: input.navigation,
            termsVersion: input.terms_version,
            termsFormat: input.terms_format,
            termsText,
            isCustomBranding: input.isCustomBranding,
            isTrial: input.isTrial,
            logoAlt: input.logo_alt,
            font: input.font,
            marketSoundingDescription:
              input.market_sounding_description === undefined ? undefined : sanitizeRichText(input.market_sounding_description),
            riskWarningText: input.risk_warning_text === undefined ? undefined : sanitizeRichText(input.risk_warning_text),
            supportEmail: input.support_email,
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
          after: rows[0],
        });
        return rows;
      });
    });
    return { data: presentBranding(updated, config.pusherKey) };
  };
  app.post('/api/branding', { onRequest: authorize('settings_branding', 'update') }, updateBranding);
  app.patch('/api/branding', { onRequest: authorize('settings_branding', 'update') }, updateBranding);

  /** Branding images are public (they appear on the login page); other folders are served by their own modules. */
  app.get('/api/files/branding/:name', async (request, reply) => {
    const { name } = request.params as { name: string };
    const data = await storage.read(`branding/${name}`);
    if (!data) throw notFound('file');
    return reply
      .type(contentTypeOf(name))
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'public, max-age=86400')
      .send(data);
  });
}
