import { z } from 'zod';
import { KYC_STATUSES } from '../compliance';
import { textInput } from './fields';

/** A document the investor uploaded for their identity checks (no download: it is filed for staff). */
export const identityDocumentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  mime_type: z.string(),
  size_bytes: z.number().int(),
  created_at: z.string(),
});
export type IdentityDocument = z.infer<typeof identityDocumentSchema>;

/** The investor's identity checks (KYC/AML): where they stand and what they sent. */
export const identitySchema = z.object({
  kyc_status: z.enum(KYC_STATUSES),
  kyc_updated_at: z.string().nullable(),
  documents: z.array(identityDocumentSchema),
});
export type Identity = z.infer<typeof identitySchema>;

/** The upload's text fields; the file itself is the multipart field `file`. */
export const identityUploadBody = z.strictObject({ name: textInput(200).optional() });
