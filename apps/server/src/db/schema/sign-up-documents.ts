import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './platform';

/**
 * Documents every investor reads, and where marked accepts, during onboarding (Settings › Investor ›
 * Sign-up documents; decision 0036). `version` is the current file's; replacing the file raises it.
 * `audience` lists the investor categories it is for; empty means every investor.
 */
export const signUpDocuments = pgTable(
  'sign_up_documents',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description'),
    requiresAcceptance: boolean('requires_acceptance').notNull().default(true),
    audience: text('audience').array().notNull().default(sql`'{}'::text[]`),
    position: integer('position').notNull().default(0),
    version: integer('version').notNull().default(1),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('sign_up_documents_version_check', sql`${t.version} >= 1`), index('sign_up_documents_position_idx').on(t.position)],
);

/** Each file a sign-up document has had, kept so an acceptance always names the exact bytes read. */
export const signUpDocumentVersions = pgTable(
  'sign_up_document_versions',
  {
    id: serial('id').primaryKey(),
    documentId: integer('document_id')
      .notNull()
      .references(() => signUpDocuments.id),
    version: integer('version').notNull(),
    originalFilename: text('original_filename').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sign_up_document_versions_unique').on(t.documentId, t.version)],
);

/**
 * An investor's acceptance (or, for a document that asks for none, reading) of one version of a
 * sign-up document: once per investor, version and kind, with when, from where and what was shown.
 * Rows are only ever added: a document read before staff asked for its acceptance keeps its reading.
 */
export const signUpDocumentAcceptances = pgTable(
  'sign_up_document_acceptances',
  {
    id: serial('id').primaryKey(),
    documentId: integer('document_id')
      .notNull()
      .references(() => signUpDocuments.id),
    version: integer('version').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'accepted' when the document asked for acceptance at the time, otherwise 'read'. */
    kind: text('kind').notNull(),
    titleShown: text('title_shown').notNull(),
    sha256: text('sha256').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sign_up_document_acceptances_unique').on(t.userId, t.documentId, t.version, t.kind),
    index('sign_up_document_acceptances_document_idx').on(t.documentId, t.version),
    check('sign_up_document_acceptances_kind_check', sql`${t.kind} in ('accepted', 'read')`),
  ],
);
