import { z } from 'zod';
import { CALL_DIRECTIONS, DOCUMENT_KINDS, MY_DOCUMENT_KINDS, TASK_STATUSES } from '../records';
import { DOCUMENT_VISIBILITIES } from '../statuses';
import { namedRef, type ListSpec } from './common';
import { clearable, idInput, isoDateInput, requiredText, textInput } from './fields';

/**
 * Records attached to any business record (notes, call logs, tasks, folders, documents): what the
 * server answers, the forms it takes, and what their lists may be asked for.
 */
const attached = {
  id: z.number().int(),
  subject_type: z.string(),
  subject_id: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
};

/**
 * The record a new entry belongs to. The server checks it itself, in order: the type (422), the
 * caller's permission on that area (403), then that the record exists (422).
 */
const subjectFields = {
  subject_type: z.unknown().meta({ description: 'What the entry belongs to, e.g. investor, opportunity, organisation.' }),
  subject_id: z.unknown().meta({ description: 'The id of the record it belongs to.' }),
};

/** Lists of attached records name one record (`filter[subject_type]` with `filter[subject_id]`). */
const subjectFilters = ['subject_type', 'subject_id'] as const;

export const noteSchema = z.object({ ...attached, body: z.string(), author_id: z.number().int().nullable(), author: namedRef.nullable() });
export type Note = z.infer<typeof noteSchema>;
const noteFields = { body: textInput(200_000) };
export const createNoteBody = z.strictObject({ ...subjectFields, ...noteFields });
export const updateNoteBody = z.strictObject(noteFields);
export const NOTES_LIST = { name: 'notes', filters: subjectFilters, sorts: ['created_at'] } as const satisfies ListSpec;

export const callLogSchema = z.object({
  ...attached,
  called_at: z.string(),
  direction: z.enum(CALL_DIRECTIONS),
  duration_minutes: z.number().int().nullable(),
  summary: z.string().nullable(),
  author_id: z.number().int().nullable(),
  author: namedRef.nullable(),
});
export type CallLog = z.infer<typeof callLogSchema>;
const callFields = {
  /** An instant with its offset (2026-03-14T10:30:00Z or …+01:00): a call happened at one moment. */
  called_at: z.iso.datetime({ offset: true, message: 'Enter the date and time of the call.' }).transform((value) => new Date(value)),
  direction: z.enum(CALL_DIRECTIONS, { message: 'Choose inbound or outbound.' }),
  duration_minutes: clearable(
    z.coerce
      .number({ message: 'Enter the length in minutes.' })
      .int('Enter whole minutes.')
      .min(0, 'Enter 0 or more.')
      .max(1440, 'Enter at most 1440 minutes.'),
  ),
  summary: clearable(textInput(20_000)),
};
export const createCallLogBody = z.strictObject({
  ...subjectFields,
  ...callFields,
  duration_minutes: callFields.duration_minutes.optional(),
  summary: callFields.summary.optional(),
});
export const updateCallLogBody = z.strictObject(callFields).partial();
export const CALL_LOGS_LIST = {
  name: 'call_logs',
  filters: [...subjectFilters, 'direction'],
  sorts: ['called_at', 'created_at'],
} as const satisfies ListSpec;

export const taskSchema = z.object({
  ...attached,
  title: z.string(),
  description: z.string().nullable(),
  assignee_id: z.number().int().nullable(),
  assignee: namedRef.nullable(),
  due_date: z.string().nullable(),
  status: z.enum(TASK_STATUSES),
  completed_at: z.string().nullable(),
  created_by: namedRef.nullable(),
});
export type Task = z.infer<typeof taskSchema>;
const taskFields = {
  title: requiredText(200, 'Enter a title.'),
  description: clearable(textInput(5000)),
  assignee_id: clearable(idInput('member of staff')),
  due_date: clearable(isoDateInput),
  status: z.enum(TASK_STATUSES, { message: 'Choose open or done.' }),
};
export const createTaskBody = z.strictObject({ ...subjectFields, ...z.object(taskFields).partial().shape, title: taskFields.title });
export const updateTaskBody = z.strictObject(taskFields).partial();
/** Without a subject, a list of tasks spans every record the caller may list (my tasks). */
export const TASKS_LIST = {
  name: 'tasks',
  filters: [...subjectFilters, 'assignee_id', 'status', 'due_before'],
  sorts: ['due_date', 'created_at'],
} as const satisfies ListSpec;

export const folderSchema = z.object({ ...attached, name: z.string(), created_by: namedRef.nullable() });
export type Folder = z.infer<typeof folderSchema>;
const folderFields = { name: requiredText(120, 'Name the folder.') };
export const createFolderBody = z.strictObject({ ...subjectFields, ...folderFields });
export const updateFolderBody = z.strictObject(folderFields).partial();
export const FOLDERS_LIST = { name: 'folders', filters: subjectFilters, sorts: ['name'] } as const satisfies ListSpec;

export const documentSchema = z.object({
  ...attached,
  folder_id: z.number().int().nullable(),
  name: z.string(),
  original_filename: z.string(),
  mime_type: z.string(),
  size_bytes: z.number().int(),
  sha256: z.string(),
  visibility: z.enum(DOCUMENT_VISIBILITIES),
  uploaded_by: namedRef.nullable(),
  download_url: z.string(),
});
export type RecordDocument = z.infer<typeof documentSchema>;
const documentFields = {
  name: requiredText(200, 'Name the document.'),
  folder_id: clearable(idInput('folder')),
  visibility: z.enum(DOCUMENT_VISIBILITIES, { message: 'Choose public or private.' }),
};
/** The upload form's text fields (multipart); the file itself is the field `file`. */
export const uploadDocumentBody = z.strictObject({
  ...subjectFields,
  ...documentFields,
  name: documentFields.name.optional(),
  folder_id: documentFields.folder_id.optional(),
});
export const updateDocumentBody = z.strictObject(documentFields).partial();
export const DOCUMENTS_LIST = {
  name: 'documents',
  filters: [...subjectFilters, 'folder_id', 'visibility'],
  sorts: ['name', 'created_at'],
  types: DOCUMENT_KINDS,
} as const satisfies ListSpec;

/**
 * A public document as an investor reads it — on their own record, an organisation they act for, a
 * method they hold an account with, an opportunity they may see — with its portal download address.
 */
export const publicDocumentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  mime_type: z.string(),
  size_bytes: z.number().int(),
  download_url: z.string(),
  created_at: z.string(),
});
export type PublicDocument = z.infer<typeof publicDocumentSchema>;

/** The investor's own public documents (`/api/my/documents`). */
export const MY_DOCUMENTS_LIST = {
  name: 'documents',
  filters: [],
  sorts: ['name', 'created_at'],
  types: MY_DOCUMENT_KINDS,
} as const satisfies ListSpec;

/** A record's state before or after a change, as logged (secrets removed); null where there was none. */
const loggedState = z.record(z.string(), z.unknown()).nullable();

/** One change in a record's history: what was done, by whom (null: the system), and the state around it. */
export const activityEntrySchema = z.object({
  id: z.number().int(),
  action: z.string(),
  /** `name` is null once the person's account is gone. */
  actor: z.object({ id: z.number().int(), name: z.string().nullable() }).nullable(),
  before: loggedState,
  after: loggedState,
  created_at: z.string(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

/** A record's history names the record (`filter[subject_type]` with `filter[subject_id]`), newest first. */
export const ACTIVITY_LIST = { name: 'activity', filters: subjectFilters, sorts: ['created_at'] } as const satisfies ListSpec;
