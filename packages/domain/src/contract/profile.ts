import { z } from 'zod';
import { KYC_STATUSES } from '../compliance';
import { countryNamed } from '../countries';
import { IDENTITY_DOCUMENT_KINDS, INTERNATIONAL_REQUIRED_DOCUMENTS, PHOTO_IDENTITY_KINDS } from '../screening';
import { textInput } from './fields';

/** A document the investor uploaded for their identity checks (no download: it is filed for staff). */
export const identityDocumentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  mime_type: z.string(),
  size_bytes: z.number().int(),
  created_at: z.string(),
  /** What the document is, as the investor said when uploading it (null: uploaded before this was asked). */
  kind: z.enum(IDENTITY_DOCUMENT_KINDS).nullable(),
  /** The country that issued a passport, national identity card or driving licence. */
  issuing_country: z.string().nullable(),
});
export type IdentityDocument = z.infer<typeof identityDocumentSchema>;

/** The investor's identity checks (KYC/AML): where they stand and what they sent. */
export const identitySchema = z.object({
  kyc_status: z.enum(KYC_STATUSES),
  kyc_updated_at: z.string().nullable(),
  documents: z.array(identityDocumentSchema),
  /**
   * With `enableInternationalAml`, an investor whose address is outside the UK also proves their
   * address and sends a passport or national identity card: true when those checks apply.
   */
  international: z.boolean(),
  /** The documents those checks still need (empty when none apply or all are there). */
  missing_documents: z.array(z.enum(INTERNATIONAL_REQUIRED_DOCUMENTS)),
});
export type Identity = z.infer<typeof identitySchema>;

/**
 * The upload's text fields; the file itself is the multipart field `file`. A photo identity
 * document needs the country that issued it, one of `COUNTRIES` (stored by its name).
 */
export const identityUploadBody = z
  .strictObject({
    name: textInput(200).optional(),
    kind: z.enum(IDENTITY_DOCUMENT_KINDS, { message: 'Choose what the document is.' }).optional(),
    issuing_country: textInput(100).optional(),
  })
  .superRefine((body, ctx) => {
    const photo = body.kind !== undefined && PHOTO_IDENTITY_KINDS.includes(body.kind);
    if (photo && !body.issuing_country)
      ctx.addIssue({ code: 'custom', path: ['issuing_country'], message: 'Enter the country that issued the document.' });
    else if (body.issuing_country && !countryNamed(body.issuing_country))
      ctx.addIssue({ code: 'custom', path: ['issuing_country'], message: 'Choose the issuing country from the list.' });
  })
  .transform((body) => ({ ...body, issuing_country: countryNamed(body.issuing_country)?.name ?? body.issuing_country }));
