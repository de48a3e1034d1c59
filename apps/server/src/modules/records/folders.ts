import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { documents, folders } from '../../db/schema';
import { validationError } from '../../platform/errors';
import { createFolderBody, FOLDERS_LIST, folderSchema, updateFolderBody } from '@platform/domain';
import { peopleById, person, type RecordKind } from './crud';
import type { Subject } from '../../shared/record-subjects';

/** Folders group a record's documents. Names are unique per record (ignoring case) among live folders. */
type FolderRow = typeof folders.$inferSelect;

async function assertFreeName(db: Db, subject: Subject, name: string, exceptId?: number) {
  const [taken] = await db
    .select({ id: folders.id })
    .from(folders)
    .where(
      and(
        eq(folders.subjectType, subject.type),
        eq(folders.subjectId, subject.id),
        sql`lower(${folders.name}) = lower(${name})`,
        isNull(folders.deletedAt),
        exceptId === undefined ? undefined : ne(folders.id, exceptId),
      ),
    );
  if (taken) throw nameTaken();
}

const nameTaken = () => validationError({ name: ['A folder with this name already exists here.'] });

/** Two people naming folders alike at the same moment: the unique index decides, the field says why. */
function onNameRace(error: unknown): never {
  const pg = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const cause = pg.code ? pg : pg.cause;
  if (cause?.code === '23505' && cause.constraint === 'folders_subject_name_unique') throw nameTaken();
  throw error;
}

/** Locks a live folder of the subject against deletion while a document is filed into it. */
export async function lockFolderFor(db: Db, subject: { subjectType: string; subjectId: number }, folderId: number): Promise<void> {
  const [folder] = await db
    .select({ id: folders.id })
    .from(folders)
    .where(
      and(
        eq(folders.id, folderId),
        eq(folders.subjectType, subject.subjectType),
        eq(folders.subjectId, subject.subjectId),
        isNull(folders.deletedAt),
      ),
    )
    .for('share');
  if (!folder) throw validationError({ folder_id: ['Choose a folder of this record.'] });
}

/** The subject's live folder of this name, created when missing (e.g. the folder identity documents go in). */
export async function folderNamed(db: Db, subject: { subjectType: string; subjectId: number }, name: string): Promise<number> {
  const find = () =>
    db
      .select({ id: folders.id })
      .from(folders)
      .where(
        and(
          eq(folders.subjectType, subject.subjectType),
          eq(folders.subjectId, subject.subjectId),
          sql`lower(${folders.name}) = lower(${name})`,
          isNull(folders.deletedAt),
        ),
      );
  const [existing] = await find();
  if (existing) return existing.id;
  // Two uploads creating it at once: the unique index keeps one, and both file into it.
  await db.insert(folders).values({ subjectType: subject.subjectType, subjectId: subject.subjectId, name }).onConflictDoNothing();
  const [created] = await find();
  return created.id;
}

export const folderKind: RecordKind<FolderRow, typeof folderSchema, typeof createFolderBody, typeof updateFolderBody> = {
  name: 'folder',
  path: '/api/folders',
  table: folders,
  item: folderSchema,
  spec: FOLDERS_LIST,
  list: { name: 'folders', sorts: { name: folders.name }, defaultSort: 'name' },
  async present(db, rows) {
    const people = await peopleById(
      db,
      rows.map((r) => r.createdBy),
    );
    return rows.map((row) => ({
      id: row.id,
      subject_type: row.subjectType,
      subject_id: row.subjectId,
      name: row.name,
      created_by: person(people, row.createdBy),
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    }));
  },
  create: {
    body: createFolderBody,
    run: async (tx, subject, { name }, { userId }) => {
      await assertFreeName(tx, subject, name);
      const [row] = await tx
        .insert(folders)
        .values({ subjectType: subject.type, subjectId: subject.id, name, createdBy: userId })
        .returning()
        .catch(onNameRace);
      return row;
    },
  },
  update: {
    body: updateFolderBody,
    run: async (tx, folder, { name }, { now }) => {
      if (name !== undefined)
        await assertFreeName(tx, { type: folder.subjectType as Subject['type'], id: folder.subjectId }, name, folder.id);
      const [row] = await tx.update(folders).set({ name, updatedAt: now }).where(eq(folders.id, folder.id)).returning().catch(onNameRace);
      return row;
    },
  },
  /** Deleting a folder never takes documents with it: they are moved or deleted first, one by one. */
  async beforeDelete(tx, folder) {
    // Waits for documents being filed into it right now (lockFolderFor), then counts them.
    await tx.select({ id: folders.id }).from(folders).where(eq(folders.id, folder.id)).for('update');
    const [held] = await tx
      .select({ id: documents.id })
      .from(documents)
      .where(and(eq(documents.folderId, folder.id), isNull(documents.deletedAt)))
      .limit(1);
    if (held) throw validationError({ folder: ['Move or delete the documents in this folder first.'] });
  },
};
