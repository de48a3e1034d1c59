import { z } from 'zod';
import { INVESTOR_CATEGORIES } from '../compliance';
import { idInput, requiredText, textInput } from './fields';

/**
 * Sign-up documents (Settings › Investor › Sign-up documents; decision 0036): what every investor,
 * or the investors of the categories named, read during onboarding, and accept where asked.
 */

/** One file a sign-up document has had; the highest version is the one investors read now. */
export const signUpDocumentVersionSchema = z.object({
  version: z.number().int(),
  original_filename: z.string(),
  size_bytes: z.number().int(),
  sha256: z.string(),
  uploaded_by: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
  created_at: z.string(),
  download_url: z.string(),
});
export type SignUpDocumentVersion = z.infer<typeof signUpDocumentVersionSchema>;

/** A sign-up document as staff manage it. */
export const signUpDocumentSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  requires_acceptance: z.boolean(),
  /** The investor categories it is for; empty for every investor. */
  audience: z.array(z.enum(INVESTOR_CATEGORIES)),
  position: z.number().int(),
  version: z.number().int(),
  archived_at: z.string().nullable(),
  /** Investors who accepted (or read) the current version. */
  acceptances_of_current_version: z.number().int(),
  versions: z.array(signUpDocumentVersionSchema),
  download_url: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SignUpDocument = z.infer<typeof signUpDocumentSchema>;

/**
 * Where one investor stands with a sign-up document: `outstanding` (acceptance asked and not given
 * for the current version), `unread` (reading only, not yet read), `accepted` or `read` (the current
 * version), or `archived` (withdrawn after the investor accepted or read a version of it).
 */
export const ONBOARDING_DOCUMENT_STATES = ['outstanding', 'unread', 'accepted', 'read', 'archived'] as const;
export type OnboardingDocumentState = (typeof ONBOARDING_DOCUMENT_STATES)[number];

/** A sign-up document as one investor meets it (the user's `onboardingDocuments`). */
export const onboardingDocumentSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  requires_acceptance: z.boolean(),
  /** The version an investor reads now. */
  version: z.number().int(),
  state: z.enum(ONBOARDING_DOCUMENT_STATES),
  /** The latest version the investor accepted or read, and when; null before they did. */
  accepted_version: z.number().int().nullable(),
  accepted_at: z.string().nullable(),
  /** The current version, or for an archived document the version the investor accepted. */
  download_url: z.string(),
});
export type OnboardingDocument = z.infer<typeof onboardingDocumentSchema>;

/** The same, for staff on the investor's Onboarding Documents page: where the acceptance came from. */
export const investorOnboardingDocumentSchema = onboardingDocumentSchema.extend({
  /** The file of the version the investor last accepted or read, as they saw it (decision 0064); null before. */
  accepted_download_url: z.string().nullable(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
});
export type InvestorOnboardingDocument = z.infer<typeof investorOnboardingDocumentSchema>;

/* Forms: multipart (title, description, requires_acceptance, audience, file) or JSON without a file. */

const boolish = z
  .union([z.boolean(), z.enum(['1', '0', 'true', 'false'])], { message: 'Choose yes or no.' })
  .transform((v) => v === true || v === '1' || v === 'true');

/** FormData sends the audience as JSON text or as comma-separated categories; JSON as a list. */
const audienceInput = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value;
    const text = value.trim();
    if (text.startsWith('[')) {
      try {
        return JSON.parse(text);
      } catch {
        return value;
      }
    }
    return text ? text.split(',').map((s) => s.trim()) : [];
  },
  z
    .array(z.enum(INVESTOR_CATEGORIES, { message: `Choose from ${INVESTOR_CATEGORIES.join(', ')}.` }), {
      message: 'Choose the investor categories, or none for every investor.',
    })
    .transform((list) => [...new Set(list)]),
);

const descriptionInput = z.preprocess((value) => (value === '' ? null : value), textInput(2000).nullable());

export const createSignUpDocumentBody = z.strictObject({
  title: requiredText(200, 'Enter the document title.'),
  description: descriptionInput.optional(),
  requires_acceptance: boolish.default(true),
  audience: audienceInput.default([]),
});
export type CreateSignUpDocumentInput = z.infer<typeof createSignUpDocumentBody>;

/** A file sent with an update replaces the document's file and raises its version. */
export const updateSignUpDocumentBody = z.strictObject({
  title: requiredText(200, 'Enter the document title.').optional(),
  description: descriptionInput.optional(),
  requires_acceptance: boolish.optional(),
  audience: audienceInput.optional(),
});
export type UpdateSignUpDocumentInput = z.infer<typeof updateSignUpDocumentBody>;

export const reorderSignUpDocumentsBody = z.strictObject({
  ids: z.array(idInput('document'), { message: 'Send the documents in their new order.' }).min(1, 'Send the documents in their new order.'),
});

/** The version the investor saw: accepting an older one (the file changed while reading) is refused. */
export const acceptSignUpDocumentBody = z.strictObject({
  version: z.coerce
    .number({ message: 'Send the version you read.' })
    .int('Send the version you read.')
    .min(1, 'Send the version you read.'),
});

/** `?version=` of a download: a version the caller may read; the current one without it. */
export const signUpDocumentFileQuery = z.strictObject({
  version: z.coerce.number().int().min(1).max(1_000_000).optional(),
});
