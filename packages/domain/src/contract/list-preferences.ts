import { z } from 'zod';
import type { PermissionEvent } from '../permissions';
import { requiredText } from './fields';

/**
 * What a member of staff keeps about the main staff lists (decision 0039): which columns they see
 * and in what order (`/api/user/list-preferences/{list}`), and saved views — a named filter, sort
 * and column set — they pick from a menu (`/api/saved-views`). Both follow the person across
 * devices. A list is named here with the permission that lets someone index it: no one keeps
 * preferences or views for a list they may not open.
 */
export const PREFERENCE_LISTS = {
  investors: ['investors', 'index'],
  contacts: ['investors', 'index'],
  deals: ['deals', 'index'],
  'live-opportunities': ['live_opportunities', 'index'],
  'existing-opportunities': ['existing_opportunities', 'index'],
  companies: ['fund_opportunities', 'index'],
  funds: ['funds', 'index'],
} as const satisfies Record<string, readonly [PermissionEvent, 'index']>;

export type PreferenceList = keyof typeof PREFERENCE_LISTS;
export const PREFERENCE_LIST_NAMES = Object.keys(PREFERENCE_LISTS) as PreferenceList[];

/** The lists that offer saved views (the rest remember columns only). */
export const SAVED_VIEW_LISTS = ['investors', 'contacts', 'deals', 'live-opportunities', 'existing-opportunities'] as const;
export type SavedViewList = (typeof SAVED_VIEW_LISTS)[number];

/** At most this many records in one bulk action; more answers 422. */
export const MAX_BULK_IDS = 500;

const columnKey = z
  .string()
  .trim()
  .min(1)
  .max(60)
  .regex(/^[\w.-]+$/, 'A column is named by letters, digits, dots, dashes and underscores.');
const columnKeys = z.array(columnKey).max(60, 'At most 60 columns.');

export const listPreferenceParams = z.object({
  list: z.enum(PREFERENCE_LIST_NAMES as [PreferenceList, ...PreferenceList[]], { message: 'Unknown list.' }),
});

export const listPreferenceSchema = z.object({
  list: z.string(),
  /** Columns the person hid. */
  hidden: z.array(z.string()),
  /** The columns in the order the person put them; columns not named keep their place after these. */
  order: z.array(z.string()),
  updated_at: z.string().nullable(),
});
export type ListPreference = z.infer<typeof listPreferenceSchema>;

export const saveListPreferenceBody = z.object({ hidden: columnKeys, order: columnKeys.default([]) });
export type SaveListPreferenceInput = z.input<typeof saveListPreferenceBody>;

/**
 * A list's URL state as a view keeps it: filter and sort names to their values (never the page).
 * Values are short texts or numbers; the list's own URL validation reads them as it reads a link.
 */
const viewState = z
  .record(z.string().regex(/^[\w.-]{1,40}$/, 'Unknown list setting.'), z.union([z.string().max(200), z.number()]))
  .refine((state) => Object.keys(state).length <= 30, 'A view keeps at most 30 settings.')
  .transform((state) => Object.fromEntries(Object.entries(state).filter(([key]) => key !== 'page')));

export const savedViewSchema = z.object({
  id: z.number().int(),
  list: z.string(),
  name: z.string(),
  state: z.record(z.string(), z.union([z.string(), z.number()])),
  /** The columns hidden with this view, or null to keep the person's own choice. */
  hidden_columns: z.array(z.string()).nullable(),
  /** Shared views are listed for every member of staff who may open the list; only their owner changes them. */
  shared: z.boolean(),
  mine: z.boolean(),
  owner: z.object({ id: z.number().int(), name: z.string() }),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SavedView = z.infer<typeof savedViewSchema>;

export const savedViewsQuery = z.object({
  list: z.enum(SAVED_VIEW_LISTS, { message: 'Choose a list that has saved views.' }),
});

const viewName = requiredText(80, 'Name the view.');

export const createSavedViewBody = z.object({
  list: z.enum(SAVED_VIEW_LISTS, { message: 'Choose a list that has saved views.' }),
  name: viewName,
  state: viewState,
  hidden_columns: columnKeys.nullable().default(null),
  shared: z.boolean().default(false),
});
export type CreateSavedViewInput = z.input<typeof createSavedViewBody>;

export const updateSavedViewBody = z.object({
  name: viewName.optional(),
  state: viewState.optional(),
  hidden_columns: columnKeys.nullable().optional(),
  shared: z.boolean().optional(),
});
export type UpdateSavedViewInput = z.input<typeof updateSavedViewBody>;

/** The records a bulk action applies to: 1 to 500 distinct ids. */
export const bulkIds = z
  .array(z.number().int().positive(), { message: 'Choose the records.' })
  .min(1, 'Choose at least one record.')
  .max(MAX_BULK_IDS, `Choose at most ${MAX_BULK_IDS} records at a time.`)
  .transform((ids) => [...new Set(ids)]);

export const bulkAssignOwnerBody = z.object({ ids: bulkIds, owner_id: z.number().int().positive().nullable() });
export type BulkAssignOwnerInput = z.input<typeof bulkAssignOwnerBody>;

export const bulkLeadStatusBody = z.object({ ids: bulkIds, lead_status_id: z.number().int().positive().nullable() });
export type BulkLeadStatusInput = z.input<typeof bulkLeadStatusBody>;

export const bulkIdsBody = z.object({ ids: bulkIds });
export type BulkIdsInput = z.input<typeof bulkIdsBody>;

/** How many records a bulk action changed (or, for invitations, sent to). */
export const bulkResultSchema = z.object({ count: z.number().int(), message: z.string() });
export type BulkResult = z.infer<typeof bulkResultSchema>;
