import { z } from 'zod';
import { PUBLIC_FLAG_NAMES, type PublicFlagName, toBoolean } from '../flags';
import { TERM_KEYS, termLabelProblem } from '../terminology';
import { canonicalTimeZone, isTimeZone } from '../time-zones';

/**
 * The platform's settings (spec §3): branding, wording, terms and feature flags. Everyone reads the
 * public settings (the login page is branded); staff with `settings_branding` read and change the
 * branding, with its images as multipart files `logo`, `logoLight` and `favicon`, and a font file as `fontFile`.
 */
export const TERMS_FORMATS = ['url', 'text'] as const;
export type TermsFormat = (typeof TERMS_FORMATS)[number];

/** Each flag of spec §3's table, by its public name. */
function eachFlag<S extends z.ZodType>(schema: S) {
  return Object.fromEntries(PUBLIC_FLAG_NAMES.map((name) => [name, schema])) as Record<PublicFlagName, S>;
}

const settingsFields = {
  id: z.number().int(),
  /** JSON text: colour name → hex. */
  colors: z.string(),
  /** JSON text: terminology key → the customer's label. */
  navigation: z.string(),
  terms_version: z.number().int(),
  terms_format: z.enum(TERMS_FORMATS),
  /** The terms' address (`url`) or their text as sanitised HTML (`text`). */
  terms_text: z.string(),
  isCustomBranding: z.boolean(),
  isTrial: z.boolean(),
  /** Image URLs, under /api/files/branding/. */
  logo: z.string().nullable(),
  logo_alt: z.string().nullable(),
  logoLight: z.string().nullable(),
  favicon: z.string().nullable(),
  font: z.string().nullable(),
  /** The uploaded font file's URL, holding the `font` family; null for the bundled font. */
  font_file: z.string().nullable(),
  market_sounding_description: z.string().nullable(),
  risk_warning_text: z.string().nullable(),
  appVersion: z.string(),
  support_email: z.string(),
  /** The firm's time zone (decision 0057). */
  time_zone: z.string(),
  compliance_tries: z.number().int(),
  pusher_key: z.string(),
  pusher_cluster: z.string(),
  ...eachFlag(z.boolean()),
};

/** What anyone may read, signed in or not; nothing secret. */
export const publicSettingsSchema = z.object({
  ...settingsFields,
  /** Card payments are configured on the server (decision 0011). */
  card_payments_enabled: z.boolean(),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

/** The branding settings page's view: the public settings with the images' URLs under its own names. */
export const brandingSchema = z.object({
  ...settingsFields,
  logoUrl: z.string().nullable(),
  logoLightUrl: z.string().nullable(),
  updated_at: z.string(),
});
export type BrandingSettings = z.infer<typeof brandingSchema>;

/** Flags arrive as booleans, 0/1 or their text (spec §5). */
const flagInput = z.union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false'])]).transform((v) => toBoolean(v));

/** A problem found in a JSON text field: its message, and the key inside the object it concerns. */
type JsonProblem = string | { key: string; message: string } | null;

function jsonObjectText(check: (value: Record<string, unknown>) => JsonProblem) {
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
    if (typeof problem === 'string') {
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.key] });
      return z.NEVER;
    }
    return JSON.stringify(parsed);
  });
}

const HEX = /^#[0-9a-fA-F]{6}$/;

/**
 * A change to the branding: any of its fields (JSON, or the text fields of a multipart form whose
 * files are the images). The server also keeps the terms version from going back and checks a
 * `url` format's terms text is an address.
 */
export const updateBrandingBody = z
  .strictObject({
    colors: jsonObjectText((v) =>
      Object.values(v).every((c) => typeof c === 'string' && HEX.test(c)) ? null : 'Every colour must be a hex value like #1f3a5f.',
    ),
    /** Each label is checked on its own: a 422 names it as `navigation.<key>`. */
    navigation: jsonObjectText((v) => {
      const unknown = Object.keys(v).find((k) => !(TERM_KEYS as string[]).includes(k));
      if (unknown) return `Unknown terminology label '${unknown}'.`;
      for (const [key, label] of Object.entries(v)) {
        const message = termLabelProblem(label);
        if (message) return { key, message };
      }
      return null;
    }),
    terms_version: z.coerce.number().int().min(1).max(1_000_000),
    terms_format: z.enum(TERMS_FORMATS),
    terms_text: z.string().max(200_000),
    isCustomBranding: flagInput,
    isTrial: flagInput,
    logo_alt: z.string().max(255),
    font: z.string().regex(/^[\w -]{1,60}$/, 'Enter a font family name.'),
    /** Goes back to the bundled font: the uploaded font file is dropped. */
    remove_font_file: flagInput,
    market_sounding_description: z.string().max(50_000),
    risk_warning_text: z.string().max(50_000),
    support_email: z.string().trim().email('Enter a valid email address.'),
    time_zone: z.string().trim().refine(isTimeZone, 'Choose a time zone from the list.').transform(canonicalTimeZone),
    compliance_tries: z.coerce.number().int().min(0).max(9999),
    ...eachFlag(flagInput),
  })
  .partial();

/** A branding image's stored name, e.g. `3f2a….png`. */
export const brandingFileParams = z.object({ name: z.string() });
