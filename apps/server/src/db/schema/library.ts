import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { funds } from './deals-funds';
import { investmentOpportunities } from './opportunities';
import { folders } from './records';
import { clientGroups } from './update-reports';

/**
 * The firm's document library (decision 0064). Its folders and documents are the records module's
 * `folders` and `documents` on the subject `library`; this is who each folder is published to —
 * every investor, the holders of a company or fund, or chosen client groups — evaluated whenever an
 * investor asks.
 */
export const libraryFolders = pgTable(
  'library_folders',
  {
    folderId: integer('folder_id')
      .primaryKey()
      .references(() => folders.id),
    audience: text('audience').notNull(),
    opportunityId: integer('opportunity_id').references(() => investmentOpportunities.id),
    fundId: integer('fund_id').references(() => funds.id),
    // The folder itself (records' `folders`) carries the name and the soft delete.
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('library_folders_opportunity_idx').on(t.opportunityId),
    index('library_folders_fund_idx').on(t.fundId),
    check('library_folders_audience', sql`${t.audience} in ('all', 'holders', 'groups')`),
    check('library_folders_one_subject', sql`${t.opportunityId} is null or ${t.fundId} is null`),
    check('library_folders_holders_subject', sql`${t.audience} <> 'holders' or ${t.opportunityId} is not null or ${t.fundId} is not null`),
  ],
);

export const libraryFolderClientGroups = pgTable(
  'library_folder_client_groups',
  {
    folderId: integer('folder_id')
      .notNull()
      .references(() => libraryFolders.folderId),
    groupId: integer('group_id')
      .notNull()
      .references(() => clientGroups.id),
  },
  (t) => [primaryKey({ columns: [t.folderId, t.groupId] }), index('library_folder_client_groups_group_idx').on(t.groupId)],
);
