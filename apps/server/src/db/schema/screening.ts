import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { documents } from './records';
import { leasedRunColumns, leasedRunConstraints } from './columns';
import { users } from './platform';

/**
 * Sanctions and PEP screening (docs/decisions/0032). Lists are kept as uploaded, entries with
 * them, so every match still shows what it was found against after a newer list replaced it.
 * Decisions are append-only (trigger in the migration).
 */
export const screeningLists = pgTable(
  'screening_lists',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    fileName: text('file_name').notNull(),
    listUpdated: text('list_updated'),
    entryCount: integer('entry_count').notNull(),
    skippedCount: integer('skipped_count').notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
  },
  (t) => [index('screening_lists_kind_idx').on(t.kind, t.supersededAt)],
);

/** One name of a listed person: OFSI gives each alias its own row, sharing the person's Group ID. */
export const screeningEntries = pgTable(
  'screening_entries',
  {
    id: serial('id').primaryKey(),
    listId: integer('list_id')
      .notNull()
      .references(() => screeningLists.id),
    /** The listed person across list versions: `sanctions:<Group ID>` or `pep:<name>|<date of birth>`. */
    subjectKey: text('subject_key').notNull(),
    name: text('name').notNull(),
    /** The name folded by `normaliseName`; candidates are found by trigram similarity on it. */
    normalizedName: text('normalized_name').notNull(),
    aliasType: text('alias_type'),
    /** `YYYY-MM-DD`, `YYYY-MM` or `YYYY`, as precise as the list is. */
    dateOfBirth: text('date_of_birth'),
    nationality: text('nationality'),
    country: text('country'),
    position: text('position'),
    regime: text('regime'),
    reference: text('reference'),
  },
  (t) => [
    index('screening_entries_list_idx').on(t.listId),
    index('screening_entries_name_trgm_idx').using('gin', sql`${t.normalizedName} gin_trgm_ops`),
  ],
);

/** An investor who resembles a listed person; one row per investor and listed person, its status moved by decisions. */
export const screeningMatches = pgTable(
  'screening_matches',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    subjectKey: text('subject_key').notNull(),
    /** The entry (of the newest list it was found on) that scored best. */
    entryId: integer('entry_id')
      .notNull()
      .references(() => screeningEntries.id),
    score: integer('score').notNull(),
    status: text('status').notNull().default('potential'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('screening_matches_user_subject_unique').on(t.userId, t.subjectKey),
    index('screening_matches_status_idx').on(t.status, t.createdAt),
  ],
);

/** Every decision on a match, append-only: compliance's clear or confirm, the platform's lapse or reopen. */
export const screeningDecisions = pgTable(
  'screening_decisions',
  {
    id: serial('id').primaryKey(),
    matchId: integer('match_id')
      .notNull()
      .references(() => screeningMatches.id),
    decision: text('decision').notNull(),
    reason: text('reason').notNull(),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('screening_decisions_match_idx').on(t.matchId, t.decidedAt)],
);

/** When an investor was last screened against the lists in force: without a row, never. */
export const investorScreenings = pgTable('investor_screenings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  screenedAt: timestamp('screened_at', { withTimezone: true }).notNull(),
});

/** What an identity document is (and who issued it), for the international checks of `enableInternationalAml`. */
export const identityDocumentDetails = pgTable('identity_document_details', {
  documentId: integer('document_id')
    .primaryKey()
    .references(() => documents.id, { onDelete: 'cascade' }),
  kind: text('kind').notNull(),
  issuingCountry: text('issuing_country'),
});

/**
 * Screening everyone again after a list upload, as a background run (platform/leased-runs.ts): the
 * audience is the live investors up to `last_investor_id` when it was created, worked through in
 * id order; `screened_through` is the last investor screened, moved with each batch in the batch's
 * transaction, so a run taken over after its lease ran out resumes after it.
 */
export const screeningRuns = pgTable(
  'screening_runs',
  {
    ...leasedRunColumns(),
    listId: integer('list_id')
      .notNull()
      .references(() => screeningLists.id),
    lastInvestorId: integer('last_investor_id').notNull(),
    screenedThrough: integer('screened_through').notNull().default(0),
    total: integer('total').notNull(),
    screened: integer('screened').notNull().default(0),
    newMatches: integer('new_matches').notNull().default(0),
    requestedBy: integer('requested_by').references(() => users.id),
  },
  (t) => [...leasedRunConstraints('screening_runs', t), index('screening_runs_list_idx').on(t.listId)],
);
