import { and, eq, exists, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { LIBRARY_ID } from '@platform/domain';
import { documents, folders, libraryFolderClientGroups, libraryFolders } from '../db/schema';
import { inAudience } from './investor-audience';

/**
 * Who may read the firm's document library (decision 0064): an investor sees a library folder when
 * they are in its audience as it stands when they ask — a new holder sees what was filed before —
 * and reads the public documents in the folders they see. The portal's list, its library page and
 * the investor's document download all ask these conditions.
 */
export function libraryFolderVisibleTo(userId: number): SQL {
  return and(
    eq(folders.subjectType, 'library'),
    eq(folders.subjectId, LIBRARY_ID),
    isNull(folders.deletedAt),
    exists(
      sql`(select 1 from ${libraryFolders} lf where lf.folder_id = ${folders.id} and ${inAudience(userId, {
        audience: sql`lf.audience`,
        opportunityId: sql`lf.opportunity_id`,
        fundId: sql`lf.fund_id`,
        groupIds: sql`select g.group_id from ${libraryFolderClientGroups} g where g.folder_id = lf.folder_id`,
      })})`,
    ),
  )!;
}

/** The library's documents the investor may read: public, live, in a folder they see. */
export function libraryDocumentsFor(userId: number): SQL {
  return and(
    eq(documents.subjectType, 'library'),
    eq(documents.visibility, 'public'),
    isNull(documents.deletedAt),
    inArray(documents.folderId, sql`(select ${folders.id} from ${folders} where ${libraryFolderVisibleTo(userId)})`),
  )!;
}
