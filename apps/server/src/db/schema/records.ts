import { sql } from 'drizzle-orm';
import type { DocumentOrigin } from '@platform/domain';
import { bigint, check, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './platform';
import { timestamps } from './columns';

/**
 * Records staff attach to any business record (investor, deal, fund, company…): notes, call logs,
 * tasks, folders and documents. The record they belong to is named by (subject_type, subject_id)
 * — the subject types of `RECORD_SUBJECTS` in the domain package — so one table serves every area;
 * the app checks the subject exists when a record is attached. Every lookup starts from the
 * subject, so every index does too. Nothing is ever hard-deleted.
 */

const subject = {
  subjectType: text('subject_type').notNull(),
  subjectId: integer('subject_id').notNull(),
};

export const notes = pgTable(
  'notes',
  {
    id: serial('id').primaryKey(),
    ...subject,
    /** Sanitised rich text. */
    body: text('body').notNull(),
    authorId: integer('author_id').references(() => users.id),
    ...timestamps,
  },
  (t) => [index('notes_subject_idx').on(t.subjectType, t.subjectId, t.createdAt), index('notes_author_idx').on(t.authorId)],
);

export const callLogs = pgTable(
  'call_logs',
  {
    id: serial('id').primaryKey(),
    ...subject,
    calledAt: timestamp('called_at', { withTimezone: true }).notNull(),
    direction: text('direction', { enum: ['inbound', 'outbound'] }).notNull(),
    durationMinutes: integer('duration_minutes'),
    summary: text('summary'),
    authorId: integer('author_id').references(() => users.id),
    ...timestamps,
  },
  (t) => [
    index('call_logs_subject_idx').on(t.subjectType, t.subjectId, t.calledAt),
    index('call_logs_subject_created_idx').on(t.subjectType, t.subjectId, t.createdAt),
    index('call_logs_author_idx').on(t.authorId),
    check('call_logs_direction', sql`${t.direction} in ('inbound', 'outbound')`),
    check('call_logs_duration', sql`coalesce(${t.durationMinutes}, 0) >= 0`),
  ],
);

export const tasks = pgTable(
  'tasks',
  {
    id: serial('id').primaryKey(),
    ...subject,
    title: text('title').notNull(),
    description: text('description'),
    assigneeId: integer('assignee_id').references(() => users.id),
    dueDate: date('due_date', { mode: 'string' }),
    status: text('status', { enum: ['open', 'done'] })
      .notNull()
      .default('open'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id),
    ...timestamps,
  },
  (t) => [
    index('tasks_subject_idx').on(t.subjectType, t.subjectId, t.dueDate),
    index('tasks_subject_created_idx').on(t.subjectType, t.subjectId, t.createdAt),
    // "My tasks": a member of staff's open tasks by due date.
    index('tasks_assignee_idx').on(t.assigneeId, t.status, t.dueDate),
    index('tasks_status_due_idx').on(t.status, t.dueDate),
    index('tasks_due_idx').on(t.dueDate),
    index('tasks_created_idx').on(t.createdAt),
    check('tasks_status', sql`${t.status} in ('open', 'done')`),
    check('tasks_completed', sql`(${t.status} = 'done') = (${t.completedAt} is not null)`),
  ],
);

export const folders = pgTable(
  'folders',
  {
    id: serial('id').primaryKey(),
    ...subject,
    name: text('name').notNull(),
    createdBy: integer('created_by').references(() => users.id),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('folders_subject_name_unique').on(t.subjectType, t.subjectId, sql`lower(${t.name})`).where(sql`${t.deletedAt} is null`),
    index('folders_subject_idx').on(t.subjectType, t.subjectId, t.name),
  ],
);

export const documents = pgTable(
  'documents',
  {
    id: serial('id').primaryKey(),
    ...subject,
    folderId: integer('folder_id').references(() => folders.id),
    name: text('name').notNull(),
    originalFilename: text('original_filename').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    visibility: text('visibility', { enum: ['public', 'private'] })
      .notNull()
      .default('private'),
    uploadedBy: integer('uploaded_by').references(() => users.id),
    /** Where it came from (decisions 0051, 0063): `staff`, `identity`, `statement`, `application` or `support`. */
    origin: text('origin').$type<DocumentOrigin>().notNull().default('staff'),
    ...timestamps,
  },
  (t) => [
    index('documents_subject_idx').on(t.subjectType, t.subjectId, t.createdAt),
    index('documents_subject_name_idx').on(t.subjectType, t.subjectId, t.name),
    index('documents_subject_visibility_idx').on(t.subjectType, t.subjectId, t.visibility),
    index('documents_folder_idx').on(t.folderId),
    index('documents_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    check('documents_visibility', sql`${t.visibility} in ('public', 'private')`),
    check('documents_origin', sql`${t.origin} in ('staff', 'identity', 'statement', 'application', 'support')`),
    check('documents_size', sql`${t.sizeBytes} >= 0`),
  ],
);
