import { z } from 'zod';
import { SEARCH_KINDS, SEARCH_MAX_LENGTH, SEARCH_MAX_PER_KIND, SEARCH_MIN_LENGTH } from '../search';
import { dataOf } from './common';

/**
 * The staff search (`GET /api/search`), the dashboard's latest activity (`GET /api/activity/latest`)
 * and images placed in rich text (`/api/rich-text-images`).
 */

export const searchQuery = z.object({
  q: z
    .string({ message: `Type at least ${SEARCH_MIN_LENGTH} characters to search.` })
    .trim()
    .min(SEARCH_MIN_LENGTH, `Type at least ${SEARCH_MIN_LENGTH} characters to search.`)
    .max(SEARCH_MAX_LENGTH, `A search may be at most ${SEARCH_MAX_LENGTH} characters.`),
  per_kind: z.coerce
    .number({ message: `Ask for 1 to ${SEARCH_MAX_PER_KIND} results per kind.` })
    .int(`Ask for 1 to ${SEARCH_MAX_PER_KIND} results per kind.`)
    .min(1, `Ask for 1 to ${SEARCH_MAX_PER_KIND} results per kind.`)
    .max(SEARCH_MAX_PER_KIND, `Ask for 1 to ${SEARCH_MAX_PER_KIND} results per kind.`)
    .optional(),
});
export type SearchQuery = z.infer<typeof searchQuery>;

export const searchResultSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** A second line that tells two alike apart: an e-mail, a company, the record a document is on. */
  subtitle: z.string().nullable(),
  /** The staff page of the record. */
  href: z.string(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchGroupSchema = z.object({
  kind: z.enum(SEARCH_KINDS),
  label: z.string(),
  results: z.array(searchResultSchema),
});
export type SearchGroup = z.infer<typeof searchGroupSchema>;

/** Groups in the order of `SEARCH_KINDS`, only kinds with a match; best matches first within each. */
export const searchResponse = dataOf(z.object({ query: z.string(), groups: z.array(searchGroupSchema) }));
export type SearchAnswer = z.infer<typeof searchResponse>['data'];

export const LATEST_ACTIVITY_MAX = 50;

export const latestActivityQuery = z.object({
  limit: z.coerce
    .number({ message: `Ask for 1 to ${LATEST_ACTIVITY_MAX} entries.` })
    .int(`Ask for 1 to ${LATEST_ACTIVITY_MAX} entries.`)
    .min(1, `Ask for 1 to ${LATEST_ACTIVITY_MAX} entries.`)
    .max(LATEST_ACTIVITY_MAX, `Ask for 1 to ${LATEST_ACTIVITY_MAX} entries.`)
    .optional(),
});

/** One line of the dashboard's feed: "Ada Admin moved Brightwater to Due diligence". */
export const latestActivitySchema = z.object({
  id: z.number().int(),
  action: z.string(),
  /** Who did it; null for the system (a scheduled publication, an import). */
  actor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** What was done, as a verb phrase: "moved", "added a note to". */
  verb: z.string(),
  subject: z.object({ type: z.string(), id: z.number().int(), name: z.string(), href: z.string() }),
  /** What follows the record's name: "to Due diligence"; null when nothing does. */
  detail: z.string().nullable(),
  created_at: z.string(),
});
export type LatestActivity = z.infer<typeof latestActivitySchema>;
export const latestActivityResponse = dataOf(z.array(latestActivitySchema));

/** Where images placed in rich text are served; the sanitiser keeps an `<img>` only with such a source. */
export const RICH_TEXT_IMAGE_PATH = '/api/rich-text-images/';
export const richTextImageParams = z.object({ id: z.uuid({ message: 'Not an image.' }) });
export const richTextImageSchema = z.object({ id: z.string(), url: z.string() });
export type RichTextImage = z.infer<typeof richTextImageSchema>;
/** The picture is the multipart field `image`; nothing else is sent. */
export const uploadRichTextImageBody = z.strictObject({});
