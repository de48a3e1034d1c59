import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { and, asc, count, eq, inArray, isNull, not, or, type SQL, sql } from 'drizzle-orm';
import {
  dataOf,
  DOCUMENT_VISIBILITIES,
  type DocumentKind,
  type DocumentOrigin,
  DOCUMENTS_LIST,
  type DocumentVisibility,
  documentSchema,
  fileBody,
  idParams,
  listQuery,
  MY_DOCUMENT_KINDS,
  MY_DOCUMENTS_LIST,
  ONBOARDING_FOLDER,
  pageOf,
  type PublicDocument,
  publicDocumentSchema,
  type RecordSubjectType,
  updateDocumentBody,
  uploadDocumentBody,
} from '@platform/domain';
import type { App, AppContext } from '../../platform/context';
import type { Db } from '../../db/client';
import type { UserRow } from '../../platform/session';
import { documents, folders } from '../../db/schema';
import { AppError, notFound } from '../../platform/errors';
import { onlyFile, readForm, type UploadedFile } from '../../platform/form';
import { withStoredFiles } from '../../platform/storage';
import { investorOnly, requireInvestor, requireUser } from '../../platform/guards';
import { idList, oneOfFilter } from '../../platform/list-filters';
import { listResource, paginate, parseListQuery, type ListResource } from '../../platform/list-query';
import { loadRecordFor, logRecordChange, peopleById, person, presentOne, type RecordKind } from './crud';
import { detectDocumentType, sendDocument } from './document-files';
import { folderNamed, lockFolderFor } from './folders';
import { assertMayViewOpportunity } from '../../shared/investor-gates';
import { findVisibleOpportunity, marketSoundingPending } from '../../shared/opportunity-visibility';
import { libraryDocumentsFor } from '../../shared/library-access';
import { authorizeRecords, parseSubject, type Subject } from '../../shared/record-subjects';

/**
 * Documents filed on a record, optionally in one of its folders. A public document of an investor
 * is also theirs to read in the portal; everything else is for staff.
 */
type DocumentRow = typeof documents.$inferSelect;

/** `filter[folder_id]=none` lists the documents outside any folder. */
const folderFilter = (value: string): SQL =>
  value.trim() === 'none' ? isNull(documents.folderId) : inArray(documents.folderId, idList('folder_id', value));

/** In the record's Onboarding documents folder, where staff file what an investor signed up with. */
const inOnboardingFolder = sql`${documents.folderId} in (select ${folders.id} from ${folders} where lower(${folders.name}) = lower(${ONBOARDING_FOLDER}))`;

/** What each kind of `type=` lists (decision 0051): by where the document came from, and staff's by their folder. */
const inLibrary = eq(documents.subjectType, 'library');
const DOCUMENT_KIND_CONDITIONS: Record<DocumentKind, SQL> = {
  record: and(eq(documents.origin, 'staff'), not(inLibrary), or(isNull(documents.folderId), not(inOnboardingFolder)))!,
  onboarding: and(eq(documents.origin, 'staff'), not(inLibrary), inOnboardingFolder)!,
  identity: eq(documents.origin, 'identity'),
  statement: eq(documents.origin, 'statement'),
  application: eq(documents.origin, 'application'),
  /** The firm's document library (decision 0064). */
  cloud: inLibrary,
  support: eq(documents.origin, 'support'),
};

export const documentKind: RecordKind<DocumentRow, typeof documentSchema, typeof uploadDocumentBody, typeof updateDocumentBody> = {
  name: 'document',
  path: '/api/documents',
  table: documents,
  item: documentSchema,
  spec: DOCUMENTS_LIST,
  list: {
    name: 'documents',
    filters: { folder_id: folderFilter, visibility: oneOfFilter('visibility', documents.visibility, DOCUMENT_VISIBILITIES) },
    sorts: { name: documents.name, created_at: documents.createdAt },
    defaultSort: '-created_at',
    types: DOCUMENT_KIND_CONDITIONS,
  },
  async present(db, rows) {
    const people = await peopleById(
      db,
      rows.map((r) => r.uploadedBy),
    );
    return rows.map((row) => ({
      id: row.id,
      subject_type: row.subjectType,
      subject_id: row.subjectId,
      folder_id: row.folderId,
      name: row.name,
      original_filename: row.originalFilename,
      mime_type: row.mimeType,
      size_bytes: row.sizeBytes,
      sha256: row.sha256,
      visibility: row.visibility,
      uploaded_by: person(people, row.uploadedBy),
      download_url: `/api/documents/${row.id}/download`,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    }));
  },
  update: {
    body: updateDocumentBody,
    run: async (tx, document, input, { now }) => {
      if (input.folder_id != null) await lockFolderFor(tx, document, input.folder_id);
      const [row] = await tx
        .update(documents)
        .set({ name: input.name, folderId: input.folder_id, visibility: input.visibility, updatedAt: now })
        .where(eq(documents.id, document.id))
        .returning();
      return row;
    },
  },
};

const PORTAL_RESOURCE: ListResource = listResource(MY_DOCUMENTS_LIST, {
  filters: {},
  sorts: { name: documents.name, created_at: documents.createdAt },
  defaultSort: '-created_at',
  types: Object.fromEntries(MY_DOCUMENT_KINDS.map((kind) => [kind, DOCUMENT_KIND_CONDITIONS[kind]])) as Record<
    (typeof MY_DOCUMENT_KINDS)[number],
    SQL
  >,
});

/** What an investor's list holds: the public documents filed on their own investor record, and the library's published to them. */
const listedForInvestor = (userId: number) =>
  or(
    and(
      eq(documents.subjectType, 'investor'),
      eq(documents.subjectId, userId),
      eq(documents.visibility, 'public'),
      isNull(documents.deletedAt),
    ),
    libraryDocumentsFor(userId),
  );

/**
 * Other records whose public documents an investor may read: an organisation they act for, a
 * method they hold an account with. Each area registers who may read its records' documents.
 */
export type PortalReader = (db: Db, userId: number, subjectId: number) => Promise<boolean>;
const portalReaders = new Map<RecordSubjectType, PortalReader>();

export function registerPortalDocuments(type: RecordSubjectType, mayRead: PortalReader): void {
  portalReaders.set(type, mayRead);
}

/** The public documents of a record, for an investor already allowed to read them. */
export async function publicDocumentsOf(db: Db, subject: Subject) {
  const rows = await db
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.subjectType, subject.type),
        eq(documents.subjectId, subject.id),
        eq(documents.visibility, 'public'),
        isNull(documents.deletedAt),
      ),
    )
    .orderBy(asc(documents.name), asc(documents.id));
  return rows.map(presentDocumentForInvestor);
}

export function presentDocumentForInvestor(row: DocumentRow): PublicDocument {
  return {
    id: row.id,
    name: row.name,
    mime_type: row.mimeType,
    size_bytes: row.sizeBytes,
    download_url: `/api/my/documents/${row.id}/download`,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * A document an investor may download: public, live, and filed on their own record, in a library
 * folder published to them, on a record whose area lets them read it, or on an opportunity they
 * may see (after any market sounding). The portal's PDF viewer reads documents through this too.
 */
async function findPortalDocument(db: Db, user: UserRow, id: number, now: Date): Promise<DocumentRow | undefined> {
  const userId = user.id;
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.id, id), eq(documents.visibility, 'public'), isNull(documents.deletedAt)));
  if (!row) return undefined;
  if (row.subjectType === 'investor') return row.subjectId === userId ? row : undefined;
  if (row.subjectType === 'library') {
    const [readable] = await db
      .select({ id: documents.id })
      .from(documents)
      .where(and(eq(documents.id, row.id), libraryDocumentsFor(userId)));
    return readable ? row : undefined;
  }
  const reader = portalReaders.get(row.subjectType as RecordSubjectType);
  if (reader) return (await reader(db, userId, row.subjectId)) ? row : undefined;
  if (row.subjectType === 'opportunity') {
    const opportunity = await findVisibleOpportunity(db, userId, row.subjectId);
    await assertMayViewOpportunity(db, user, opportunity, now);
    return (await marketSoundingPending(db, userId, opportunity)) ? undefined : row;
  }
  return undefined;
}

/**
 * Files an uploaded document on a record: typed by its bytes, stored, then its row and activity in
 * one transaction — in a folder of the record given by id, or by name (created when missing).
 */
export async function storeDocument(
  { db, storage }: Pick<AppContext, 'db' | 'storage'>,
  /** Who files it: the request's user, or for work without a request (a bulk statement run) the user it acts for. */
  by: FastifyRequest | { actorId: number | null },
  input: {
    subject: Subject;
    file: UploadedFile;
    name?: string;
    visibility: DocumentVisibility;
    folder: { id: number } | { name: string } | null;
    /** Where it came from; staff filing it on a record unless said. */
    origin?: DocumentOrigin;
  },
) {
  const { subject, file } = input;
  const type = await detectDocumentType(file);
  // Written before the row, so there is never a row without its file; a failed insert takes the file with it.
  return withStoredFiles(storage, async (files) => {
    const storageKey = await files.put('documents', file);
    return db.transaction(async (tx) => {
      const owner = { subjectType: subject.type, subjectId: subject.id };
      let folderId: number | null = null;
      if (input.folder && 'id' in input.folder) {
        await lockFolderFor(tx, owner, input.folder.id);
        folderId = input.folder.id;
      } else if (input.folder) {
        folderId = await folderNamed(tx, owner, input.folder.name);
      }
      const [row] = await tx
        .insert(documents)
        .values({
          subjectType: subject.type,
          subjectId: subject.id,
          folderId,
          name: input.name ?? file.filename.slice(0, 200),
          originalFilename: file.filename,
          mimeType: type.mime,
          sizeBytes: file.data.length,
          sha256: createHash('sha256').update(file.data).digest('hex'),
          storageKey,
          visibility: input.visibility,
          origin: input.origin ?? 'staff',
          uploadedBy: 'actorId' in by ? by.actorId : requireUser(by).id,
        })
        .returning();
      const presented = await presentOne<DocumentRow, typeof documentSchema>(tx, documentKind, row);
      await logRecordChange(tx, documentKind, by, 'created', row, null, presented);
      return presented;
    });
  });
}

/** The routes documents have beyond the shared ones: upload, download, and the investor portal's. */
export function registerDocumentRoutes(app: App, ctx: AppContext) {
  const { db, storage } = ctx;
  app.post(
    '/api/documents',
    { schema: { body: uploadDocumentBody, response: { 201: dataOf(documentSchema) } }, onRequest: authorizeRecords('create') },
    async (request, reply) => {
      const { subject_type, subject_id, name, visibility, folder_id } = request.body;
      const subject = await parseSubject(db, request, { subject_type, subject_id }, 'create');
      const file = onlyFile((await readForm(request)).files, 'Choose a file to upload.');
      const data = await storeDocument(ctx, request, {
        subject,
        file,
        name,
        visibility,
        folder: folder_id != null ? { id: folder_id } : null,
      });
      return reply.status(201).send({ data });
    },
  );

  async function send(reply: Parameters<typeof sendDocument>[0], row: DocumentRow) {
    const data = await storage.open(row.storageKey);
    if (!data) throw new AppError('not_found', 'The file of this document could not be found.');
    return sendDocument(reply, row, data);
  }

  app.get(
    '/api/documents/:id/download',
    { schema: { params: idParams, response: { 200: fileBody } }, onRequest: authorizeRecords('show') },
    async (request, reply) => send(reply, await loadRecordFor(db, documentKind, request, request.params.id, 'show')),
  );

  app.get(
    '/api/my/documents',
    { schema: { querystring: listQuery(MY_DOCUMENTS_LIST), response: { 200: pageOf(publicDocumentSchema) } }, onRequest: investorOnly },
    async (request) => {
      const user = requireInvestor(request);
      const query = parseListQuery(request.query, PORTAL_RESOURCE);
      query.orderBy.push(asc(documents.id));
      const where = and(listedForInvestor(user.id), query.where);
      return paginate<DocumentRow, PublicDocument>(
        db.select().from(documents).where(where).$dynamic(),
        db.select({ total: count() }).from(documents).where(where).$dynamic(),
        query,
        request,
        (rows) => rows.map(presentDocumentForInvestor),
      );
    },
  );

  /** Anything an investor may not read — private, deleted, someone else's — is not there. */
  app.get(
    '/api/my/documents/:id/download',
    { schema: { params: idParams, response: { 200: fileBody } }, onRequest: investorOnly },
    async (request, reply) => {
      const row = await findPortalDocument(db, requireInvestor(request), request.params.id, ctx.clock.now());
      if (!row) throw notFound('document');
      return send(reply, row);
    },
  );
}
