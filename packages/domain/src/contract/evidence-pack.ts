import { z } from 'zod';

/**
 * An investor's evidence pack (decision 0033): one PDF of their compliance records for a
 * regulator, or a zip of that PDF with the files on their record. And how long those records are
 * kept: at least five years after the relationship ends.
 */

export const EVIDENCE_PACK_FORMATS = ['pdf', 'zip'] as const;
export type EvidencePackFormat = (typeof EVIDENCE_PACK_FORMATS)[number];

export const evidencePackQuery = z.strictObject({
  format: z.enum(EVIDENCE_PACK_FORMATS, { message: 'Choose pdf or zip.' }).default('pdf'),
});

/** Years an investor's records are kept after the relationship ends (COBS 9A.4, SYSC 9: at least five). */
export const INVESTOR_RECORDS_RETENTION_YEARS = 5;

/**
 * Where the relationship stands: `open` (account open), `holding` (closed, still holding an
 * investment), `retained` (ended; kept until `kept_until`), `expired` (the records may be removed).
 */
export const recordRetentionSchema = z.object({
  status: z.enum(['open', 'holding', 'retained', 'expired']),
  account_closed_at: z.string().nullable(),
  holdings_open: z.number().int(),
  relationship_ended_at: z.string().nullable(),
  kept_until: z.string().nullable(),
  may_remove: z.boolean(),
});
export type RecordRetention = z.infer<typeof recordRetentionSchema>;
