import { z } from 'zod';
import { SCREENING_DECISIONS, SCREENING_LIST_KINDS, SCREENING_MATCH_STATUSES } from '../screening';
import type { ListSpec } from './common';
import { requiredText } from './fields';
import { personRef } from './users';

/** An uploaded screening list; the newest of each kind is the one investors are screened against. */
export const screeningListSchema = z.object({
  id: z.number().int(),
  kind: z.enum(SCREENING_LIST_KINDS),
  file_name: z.string(),
  /** The list's own date (OFSI's "Last Updated" row), as written there. */
  list_updated: z.string().nullable(),
  entry_count: z.number().int(),
  /** Rows not screened against: entities and ships on the sanctions list, rows without a name. */
  skipped_count: z.number().int(),
  uploaded_by: personRef.nullable(),
  uploaded_at: z.string(),
  /** Null while it is the list in force; when a newer list of its kind replaced it. */
  superseded_at: z.string().nullable(),
});
export type ScreeningList = z.infer<typeof screeningListSchema>;

/** Uploading a list: the multipart `file` (CSV) and which list it is. */
export const uploadScreeningListBody = z.strictObject({
  kind: z.enum(SCREENING_LIST_KINDS, { message: 'Choose the sanctions list or the PEP list.' }),
});

/**
 * Screening everyone again after an upload: a background run, worked through in batches; `screened`
 * of `total` investors so far and the matches raised for review.
 */
export const screeningRunSchema = z.object({
  id: z.number().int(),
  list_id: z.number().int(),
  status: z.enum(['queued', 'running', 'done']),
  total: z.number().int(),
  screened: z.number().int(),
  new_matches: z.number().int(),
  requested_by: personRef.nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type ScreeningRun = z.infer<typeof screeningRunSchema>;

/** What an upload did: the list stored, and the run that screens everyone again against the lists in force. */
export const screeningUploadResultSchema = z.object({
  list: screeningListSchema,
  run: screeningRunSchema,
});
export type ScreeningUploadResult = z.infer<typeof screeningUploadResultSchema>;

/** One decision on a match, kept for good: who, when, why. `decided_by` is null for the platform's own (lapsed, reopened). */
export const screeningDecisionSchema = z.object({
  id: z.number().int(),
  decision: z.enum([...SCREENING_DECISIONS, 'lapsed', 'reopened']),
  reason: z.string(),
  decided_by: personRef.nullable(),
  decided_at: z.string(),
});
export type ScreeningDecisionRecord = z.infer<typeof screeningDecisionSchema>;

/** An investor who resembles a listed person, with what the list says about that person. */
export const screeningMatchSchema = z.object({
  id: z.number().int(),
  status: z.enum(SCREENING_MATCH_STATUSES),
  /** 0–100: how closely the names agree, adjusted by the dates of birth. */
  score: z.number().int(),
  investor: personRef.extend({ date_of_birth: z.string().nullable(), nationality: z.string().nullable(), country: z.string().nullable() }),
  list: z.object({ id: z.number().int(), kind: z.enum(SCREENING_LIST_KINDS), file_name: z.string() }),
  listed: z.object({
    name: z.string(),
    alias_type: z.string().nullable(),
    date_of_birth: z.string().nullable(),
    nationality: z.string().nullable(),
    country: z.string().nullable(),
    position: z.string().nullable(),
    regime: z.string().nullable(),
    reference: z.string().nullable(),
  }),
  created_at: z.string(),
  updated_at: z.string(),
  decisions: z.array(screeningDecisionSchema),
});
export type ScreeningMatch = z.infer<typeof screeningMatchSchema>;

export const SCREENING_MATCHES_LIST = {
  name: 'screening_matches',
  filters: ['status', 'kind', 'user_id', 'search'],
  sorts: ['score', 'created_at', 'updated_at'],
} as const satisfies ListSpec;

/** Clearing (a false positive) or confirming a match, always with the reason. */
export const decideScreeningMatchBody = z.strictObject({
  decision: z.enum(SCREENING_DECISIONS, { message: 'Choose to clear or confirm the match.' }),
  reason: requiredText(2000, 'Give the reason for the decision.'),
});
export type DecideScreeningMatchInput = z.infer<typeof decideScreeningMatchBody>;
