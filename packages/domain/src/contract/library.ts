import { z } from 'zod';
import { UPDATE_REPORT_AUDIENCES } from '../update-reports';
import { namedRef } from './common';
import { clearable, idInput, requiredText } from './fields';
import { publicDocumentSchema } from './records';

/**
 * The firm's document library (decision 0064): folders of documents staff publish to every
 * investor, to the holders of a company or fund, or to chosen client groups — the audiences of
 * update reports. A folder's documents are the records module's documents filed on the library.
 */

/** A library folder as staff see it: its audience and how many live documents it holds. */
export const libraryFolderSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Null for a folder made without one (through /api/folders): staff see it, no investor does. */
  audience: z.enum(UPDATE_REPORT_AUDIENCES).nullable(),
  opportunity_id: z.number().int().nullable(),
  fund_id: z.number().int().nullable(),
  /** The company or fund whose holders see it. */
  subject: z.object({ type: z.enum(['company', 'fund']), id: z.number().int(), name: z.string() }).nullable(),
  client_groups: z.array(namedRef),
  documents_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type LibraryFolder = z.infer<typeof libraryFolderSchema>;

const libraryFolderFields = {
  name: requiredText(120, 'Name the folder.'),
  audience: z.enum(UPDATE_REPORT_AUDIENCES, { message: 'Choose who sees the folder.' }),
  opportunity_id: clearable(idInput('company')),
  fund_id: clearable(idInput('fund')),
  client_group_ids: z.array(idInput('client group')).max(100, 'Choose at most 100 groups.'),
};

/** A new folder: its name and audience (holders need a company or fund, groups at least one group). */
export const createLibraryFolderBody = z.strictObject({
  ...z.object(libraryFolderFields).partial().shape,
  name: libraryFolderFields.name,
  audience: libraryFolderFields.audience,
});
/** Renaming a folder or changing its audience; each field checked as on creation. */
export const updateLibraryFolderBody = z.strictObject(libraryFolderFields).partial();

/** A folder of the library as an investor reads it: the public documents in it. */
export const myLibraryFolderSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  documents: z.array(publicDocumentSchema),
});
export type MyLibraryFolder = z.infer<typeof myLibraryFolderSchema>;
