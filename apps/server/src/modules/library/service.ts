import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  type createLibraryFolderBody,
  LIBRARY_ID,
  type LibraryFolder,
  type MyLibraryFolder,
  type UpdateReportAudience,
  type updateLibraryFolderBody,
} from '@platform/domain';
import type { Db } from '../../db/client';
import {
  clientGroups,
  documents,
  folders,
  funds,
  investmentOpportunities,
  libraryFolderClientGroups,
  libraryFolders,
} from '../../db/schema';
import { notFound, validationError } from '../../platform/errors';
import { audienceErrors } from '../../shared/investor-audience';
import { libraryDocumentsFor, libraryFolderVisibleTo } from '../../shared/library-access';
import type { Subject } from '../../shared/record-subjects';
import { folderKind, logRecordChange, presentDocumentForInvestor } from '../records';

/**
 * The firm's document library (decision 0064): folders on the record subject `library`, each with
 * the audience it is published to. Folder names, emptiness before a delete and the activity log are
 * the records module's; this adds who a folder is for.
 */
type FolderRow = typeof folders.$inferSelect;
type CreateInput = z.output<typeof createLibraryFolderBody>;
type UpdateInput = z.output<typeof updateLibraryFolderBody>;

export const LIBRARY: Subject = { type: 'library', id: LIBRARY_ID };
const inLibrary = and(eq(folders.subjectType, LIBRARY.type), eq(folders.subjectId, LIBRARY.id), isNull(folders.deletedAt));

interface Audience {
  audience: UpdateReportAudience;
  opportunityId: number | null;
  fundId: number | null;
  groupIds: number[];
}

export async function presentFolders(db: Db, rows: FolderRow[]): Promise<LibraryFolder[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [audiences, groups, counts] = await Promise.all([
    db
      .select({
        folderId: libraryFolders.folderId,
        audience: libraryFolders.audience,
        opportunityId: libraryFolders.opportunityId,
        fundId: libraryFolders.fundId,
        company: investmentOpportunities.companyName,
        fund: funds.name,
      })
      .from(libraryFolders)
      .leftJoin(investmentOpportunities, eq(investmentOpportunities.id, libraryFolders.opportunityId))
      .leftJoin(funds, eq(funds.id, libraryFolders.fundId))
      .where(inArray(libraryFolders.folderId, ids)),
    db
      .select({ folderId: libraryFolderClientGroups.folderId, id: clientGroups.id, name: clientGroups.name })
      .from(libraryFolderClientGroups)
      .innerJoin(clientGroups, eq(clientGroups.id, libraryFolderClientGroups.groupId))
      .where(inArray(libraryFolderClientGroups.folderId, ids))
      .orderBy(asc(clientGroups.name)),
    db
      .select({ folderId: documents.folderId, n: count() })
      .from(documents)
      .where(and(inArray(documents.folderId, ids), isNull(documents.deletedAt)))
      .groupBy(documents.folderId),
  ]);
  return rows.map((row) => {
    const a = audiences.find((x) => x.folderId === row.id);
    const subject =
      a?.opportunityId != null
        ? { type: 'company' as const, id: a.opportunityId, name: a.company ?? '' }
        : a?.fundId != null
          ? { type: 'fund' as const, id: a.fundId, name: a.fund ?? '' }
          : null;
    return {
      id: row.id,
      name: row.name,
      audience: (a?.audience as UpdateReportAudience | undefined) ?? null,
      opportunity_id: a?.opportunityId ?? null,
      fund_id: a?.fundId ?? null,
      subject,
      client_groups: groups.filter((g) => g.folderId === row.id).map(({ id, name }) => ({ id, name })),
      documents_count: Number(counts.find((c) => c.folderId === row.id)?.n ?? 0),
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    };
  });
}

export async function libraryFolderRows(db: Db): Promise<FolderRow[]> {
  return db.select().from(folders).where(inLibrary).orderBy(asc(folders.name), asc(folders.id));
}

/** A live folder of the library, locked for the rest of the transaction: changes to one folder queue. */
async function lockLibraryFolder(tx: Db, id: number): Promise<FolderRow> {
  const [row] = await tx
    .select()
    .from(folders)
    .where(and(eq(folders.id, id), inLibrary))
    .for('update');
  if (!row) throw notFound('folder');
  return row;
}

async function readAudience(db: Db, folderId: number): Promise<Audience | null> {
  const [row] = await db.select().from(libraryFolders).where(eq(libraryFolders.folderId, folderId));
  if (!row) return null;
  const groups = await db
    .select({ id: libraryFolderClientGroups.groupId })
    .from(libraryFolderClientGroups)
    .where(eq(libraryFolderClientGroups.folderId, folderId));
  return {
    audience: row.audience as UpdateReportAudience,
    opportunityId: row.opportunityId,
    fundId: row.fundId,
    groupIds: groups.map((g) => g.id),
  };
}

/** Checks and stores a folder's audience; only the fields the audience uses are kept. */
async function writeAudience(tx: Db, folderId: number, input: Audience, now: Date): Promise<void> {
  const errors = await audienceErrors(tx, input, 'see the folder');
  if (Object.keys(errors).length) throw validationError(errors);
  const holders = input.audience === 'holders';
  const values = {
    audience: input.audience,
    opportunityId: holders ? input.opportunityId : null,
    fundId: holders ? input.fundId : null,
    updatedAt: now,
  };
  await tx
    .insert(libraryFolders)
    .values({ folderId, ...values })
    .onConflictDoUpdate({ target: libraryFolders.folderId, set: values });
  await tx.delete(libraryFolderClientGroups).where(eq(libraryFolderClientGroups.folderId, folderId));
  const groupIds = input.audience === 'groups' ? [...new Set(input.groupIds)] : [];
  if (groupIds.length) await tx.insert(libraryFolderClientGroups).values(groupIds.map((groupId) => ({ folderId, groupId })));
}

const presentOne = async (db: Db, row: FolderRow) => (await presentFolders(db, [row]))[0];

export async function createLibraryFolder(tx: Db, request: FastifyRequest, input: CreateInput, write: { userId: number; now: Date }) {
  const row = await folderKind.create!.run(
    tx,
    LIBRARY,
    { ...input, subject_type: LIBRARY.type, subject_id: LIBRARY.id },
    { request, ...write },
  );
  await writeAudience(
    tx,
    row.id,
    {
      audience: input.audience,
      opportunityId: input.opportunity_id ?? null,
      fundId: input.fund_id ?? null,
      groupIds: input.client_group_ids ?? [],
    },
    write.now,
  );
  const after = await presentOne(tx, row);
  await logRecordChange(tx, folderKind, request, 'created', row, null, after);
  return after;
}

export async function updateLibraryFolder(
  tx: Db,
  request: FastifyRequest,
  id: number,
  input: UpdateInput,
  write: { userId: number; now: Date },
) {
  const locked = await lockLibraryFolder(tx, id);
  const before = await presentOne(tx, locked);
  const row = input.name === undefined ? locked : await folderKind.update.run(tx, locked, { name: input.name }, { request, ...write });
  const current = await readAudience(tx, id);
  const audience = input.audience ?? current?.audience;
  if (audience) {
    const pick = <T>(given: T | undefined, kept: T) => (given === undefined ? kept : given);
    await writeAudience(
      tx,
      id,
      {
        audience,
        opportunityId: pick(input.opportunity_id, current?.opportunityId ?? null),
        fundId: pick(input.fund_id, current?.fundId ?? null),
        groupIds: pick(input.client_group_ids, current?.groupIds ?? []),
      },
      write.now,
    );
  } else if (input.opportunity_id !== undefined || input.fund_id !== undefined || input.client_group_ids !== undefined) {
    throw validationError({ audience: ['Choose who sees the folder.'] });
  }
  const after = await presentOne(tx, row);
  await logRecordChange(tx, folderKind, request, 'updated', row, before, after);
  return after;
}

/** Deletes an empty folder (its documents are moved or deleted first); its audience goes with it. */
export async function deleteLibraryFolder(tx: Db, request: FastifyRequest, id: number, now: Date) {
  const row = await lockLibraryFolder(tx, id);
  await folderKind.beforeDelete!(tx, row);
  const before = await presentOne(tx, row);
  await tx.update(folders).set({ deletedAt: now, updatedAt: now }).where(eq(folders.id, id));
  await logRecordChange(tx, folderKind, request, 'deleted', row, before, null);
}

/** The library as one investor may read it: the folders published to them that hold a document for them. */
export async function libraryFor(db: Db, userId: number): Promise<MyLibraryFolder[]> {
  const [visible, docs] = await Promise.all([
    db
      .select({ id: folders.id, name: folders.name })
      .from(folders)
      .where(libraryFolderVisibleTo(userId))
      .orderBy(asc(folders.name), asc(folders.id)),
    db.select().from(documents).where(libraryDocumentsFor(userId)).orderBy(asc(documents.name), asc(documents.id)),
  ]);
  return visible
    .map((folder) => ({
      id: folder.id,
      name: folder.name,
      documents: docs.filter((d) => d.folderId === folder.id).map(presentDocumentForInvestor),
    }))
    .filter((folder) => folder.documents.length > 0);
}
