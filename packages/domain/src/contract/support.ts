import { z } from 'zod';
import { requiredText } from './fields';

/**
 * The investor's "Contact us" form (spec §7.5 /api/support/contact, decision 0063): a subject, a
 * message and an optional attachment in the multipart field `file`, e-mailed to the support address.
 */

/** An attachment to a message may be smaller than a document: this is a note to support, not a filing. */
export const MAX_SUPPORT_ATTACHMENT_BYTES = 10 * 1024 * 1024;

export const supportContactBody = z.strictObject({
  subject: requiredText(150, 'Enter a subject.'),
  message: requiredText(5000, 'Write your message.'),
});
export type SupportContactInput = z.input<typeof supportContactBody>;

/** The acknowledgement: what was received, where it went, and the task staff will work from. */
export const supportContactSchema = z.object({
  task_id: z.number().int(),
  subject: z.string(),
  support_email: z.string(),
  attachment: z.object({ name: z.string(), size_bytes: z.number().int() }).nullable(),
  received_at: z.string(),
});
export type SupportContact = z.infer<typeof supportContactSchema>;
