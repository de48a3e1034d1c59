import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { and, asc, count, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import type {
  CreateSignUpDocumentInput,
  InvestorOnboardingDocument,
  OnboardingDocument,
  SignUpDocument,
  UpdateSignUpDocumentInput,
} from '@platform/domain';
import type { Db } from '../../db/client';
import { signUpDocumentAcceptances, signUpDocuments, signUpDocumentVersions, users } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import type { AppContext } from '../../platform/context';
import { notFound, validationError } from '../../platform/errors';
import type { UploadedFile } from '../../platform/form';
import type { UserRow } from '../../platform/session';
import { withStoredFiles } from '../../platform/storage';
import { type OnboardingEntry, onboardingDocumentsOf, type SignUpDocumentRow } from '../../shared/sign-up-documents';
import { detectDocumentType } from '../records';

type VersionRow = typeof signUpDocumentVersions.$inferSelect;

const staffFileUrl = (id: number, version: number) => `/api/sign-up-documents/${id}/file?version=${version}`;
const investorFileUrl = (id: number, version: number) => `/api/my/sign-up-documents/${id}/file?version=${version}`;

export async function findDocument(db: Db, id: number): Promise<SignUpDocumentRow> {
  const [row] = await db.select().from(signUpDocuments).where(eq(signUpDocuments.id, id));
  if (!row) throw notFound('sign-up document');
  return row;
}

export async function findVersion(db: Db, documentId: number, version: number): Promise<VersionRow | undefined> {
  const [row] = await db
    .select()
    .from(signUpDocumentVersions)
    .where(and(eq(signUpDocumentVersions.documentId, documentId), eq(signUpDocumentVersions.version, version)));
  return row;
}

/** Sign-up documents for staff, live ones first in their order, then the archived ones. */
export async function presentDocuments(db: Db, rows: SignUpDocumentRow[]): Promise<SignUpDocument[]> {
  if (!rows.length) return [];
  const ids = rows.map((row) => row.id);
  const versions = await db
    .select({ version: signUpDocumentVersions, uploader: { id: users.id, name: users.name, email: users.email } })
    .from(signUpDocumentVersions)
    .leftJoin(users, eq(users.id, signUpDocumentVersions.uploadedBy))
    .where(inArray(signUpDocumentVersions.documentId, ids))
    .orderBy(asc(signUpDocumentVersions.version));
  const counts = await db
    .select({ documentId: signUpDocumentAcceptances.documentId, version: signUpDocumentAcceptances.version, total: count() })
    .from(signUpDocumentAcceptances)
    .where(inArray(signUpDocumentAcceptances.documentId, ids))
    .groupBy(signUpDocumentAcceptances.documentId, signUpDocumentAcceptances.version);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    description: row.description,
    requires_acceptance: row.requiresAcceptance,
    audience: row.audience as SignUpDocument['audience'],
    position: row.position,
    version: row.version,
    archived_at: row.archivedAt?.toISOString() ?? null,
    acceptances_of_current_version: counts.find((c) => c.documentId === row.id && c.version === row.version)?.total ?? 0,
    versions: versions
      .filter((v) => v.version.documentId === row.id)
      .map(({ version, uploader }) => ({
        version: version.version,
        original_filename: version.originalFilename,
        size_bytes: version.sizeBytes,
        sha256: version.sha256,
        uploaded_by: uploader?.id ? uploader : null,
        created_at: version.createdAt.toISOString(),
        download_url: staffFileUrl(row.id, version.version),
      })),
    download_url: staffFileUrl(row.id, row.version),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }));
}

export async function listDocuments(db: Db): Promise<SignUpDocument[]> {
  const rows = await db
    .select()
    .from(signUpDocuments)
    .orderBy(sql`${signUpDocuments.archivedAt} is not null`, asc(signUpDocuments.position), asc(signUpDocuments.id));
  return presentDocuments(db, rows);
}

export async function presentDocument(db: Db, row: SignUpDocumentRow): Promise<SignUpDocument> {
  const [presented] = await presentDocuments(db, [row]);
  return presented;
}

/** A sign-up document is a PDF: investors read it in the portal's viewer. */
async function checkPdf(file: UploadedFile) {
  const type = await detectDocumentType(file);
  if (type.mime !== 'application/pdf') throw validationError({ file: ['Upload the document as a PDF.'] });
  return type;
}

/** Stores a file as the given version of a document, in the caller's transaction. */
async function addVersion(
  tx: Db,
  files: AppContext['storage'],
  input: { documentId: number; version: number; file: UploadedFile; uploadedBy: number | null; now: Date },
) {
  const type = await checkPdf(input.file);
  const storageKey = await files.put('sign-up-documents', input.file);
  await tx.insert(signUpDocumentVersions).values({
    documentId: input.documentId,
    version: input.version,
    originalFilename: input.file.filename,
    mimeType: type.mime,
    sizeBytes: input.file.data.length,
    sha256: createHash('sha256').update(input.file.data).digest('hex'),
    storageKey,
    uploadedBy: input.uploadedBy,
    createdAt: input.now,
  });
}

/** A new sign-up document, last in the order, with its first file as version 1. */
export async function createDocument(
  { db, storage }: Pick<AppContext, 'db' | 'storage'>,
  request: FastifyRequest | null,
  input: CreateSignUpDocumentInput & { file: UploadedFile; uploadedBy: number | null; now: Date },
): Promise<SignUpDocumentRow> {
  await checkPdf(input.file);
  return withStoredFiles(storage, (files) =>
    db.transaction(async (tx) => {
      const [{ last }] = await tx.select({ last: max(signUpDocuments.position) }).from(signUpDocuments);
      const [row] = await tx
        .insert(signUpDocuments)
        .values({
          title: input.title,
          description: input.description ?? null,
          requiresAcceptance: input.requires_acceptance,
          audience: input.audience,
          position: last == null ? 0 : last + 1,
          version: 1,
          createdAt: input.now,
          updatedAt: input.now,
        })
        .returning();
      await addVersion(tx, files, { documentId: row.id, version: 1, file: input.file, uploadedBy: input.uploadedBy, now: input.now });
      await recordActivity(tx, {
        request: request ?? undefined,
        actorId: input.uploadedBy,
        action: 'created',
        subjectType: 'sign_up_document',
        subjectId: row.id,
        after: { ...row, file: input.file.filename },
      });
      return row;
    }),
  );
}

/** Changes a document's details; a new file becomes the next version, which every investor accepts again. */
export async function updateDocument(
  { db, storage }: Pick<AppContext, 'db' | 'storage'>,
  request: FastifyRequest,
  current: SignUpDocumentRow,
  input: UpdateSignUpDocumentInput & { file: UploadedFile | null; uploadedBy: number; now: Date },
): Promise<SignUpDocumentRow> {
  if (input.file) await checkPdf(input.file);
  return withStoredFiles(storage, (files) =>
    db.transaction(async (tx) => {
      const [locked] = await tx.select().from(signUpDocuments).where(eq(signUpDocuments.id, current.id)).for('update');
      const version = input.file ? locked.version + 1 : locked.version;
      if (input.file)
        await addVersion(tx, files, { documentId: locked.id, version, file: input.file, uploadedBy: input.uploadedBy, now: input.now });
      const [row] = await tx
        .update(signUpDocuments)
        .set({
          title: input.title,
          description: input.description,
          requiresAcceptance: input.requires_acceptance,
          audience: input.audience,
          version,
          updatedAt: input.now,
        })
        .where(eq(signUpDocuments.id, locked.id))
        .returning();
      await recordActivity(tx, {
        request,
        action: input.file ? 'new_version' : 'updated',
        subjectType: 'sign_up_document',
        subjectId: row.id,
        before: locked,
        after: { ...row, ...(input.file ? { file: input.file.filename } : {}) },
      });
      return row;
    }),
  );
}

/** The live documents in the order given; every live document must be named once. */
export async function reorderDocuments(db: Db, request: FastifyRequest, ids: number[], now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const live = await tx.select({ id: signUpDocuments.id }).from(signUpDocuments).where(isNull(signUpDocuments.archivedAt)).for('update');
    const liveIds = new Set(live.map((row) => row.id));
    if (ids.length !== liveIds.size || new Set(ids).size !== ids.length || ids.some((id) => !liveIds.has(id)))
      throw validationError({ ids: ['Send every live sign-up document once, in the new order.'] });
    for (const [position, id] of ids.entries())
      await tx.update(signUpDocuments).set({ position, updatedAt: now }).where(eq(signUpDocuments.id, id));
    await recordActivity(tx, { request, action: 'reordered', subjectType: 'sign_up_document', after: { ids } });
  });
}

/** Archiving withdraws a document from onboarding; acceptances already given are kept. Restoring puts it last. */
export async function setArchived(db: Db, request: FastifyRequest, current: SignUpDocumentRow, archived: boolean, now: Date) {
  return db.transaction(async (tx) => {
    let position = current.position;
    if (!archived && current.archivedAt) {
      const [{ last }] = await tx
        .select({ last: max(signUpDocuments.position) })
        .from(signUpDocuments)
        .where(isNull(signUpDocuments.archivedAt));
      position = last == null ? 0 : last + 1;
    }
    const [row] = await tx
      .update(signUpDocuments)
      .set({ archivedAt: archived ? (current.archivedAt ?? now) : null, position, updatedAt: now })
      .where(eq(signUpDocuments.id, current.id))
      .returning();
    await recordActivity(tx, {
      request,
      action: archived ? 'archived' : 'restored',
      subjectType: 'sign_up_document',
      subjectId: row.id,
      before: { archived_at: current.archivedAt },
      after: { archived_at: row.archivedAt },
    });
    return row;
  });
}

/** An investor's sign-up documents as the portal (and `GET /api/user`) shows them. */
export function presentOnboarding(entry: OnboardingEntry): OnboardingDocument {
  const { document, state, latest } = entry;
  const fileVersion = state === 'archived' && latest ? latest.version : document.version;
  return {
    id: document.id,
    title: document.title,
    description: document.description,
    requires_acceptance: document.requiresAcceptance,
    version: document.version,
    state,
    accepted_version: latest?.version ?? null,
    accepted_at: latest?.acceptedAt.toISOString() ?? null,
    download_url: investorFileUrl(document.id, fileVersion),
  };
}

/** The same for staff: the file links are staff's, with where the latest acceptance came from. */
export function presentOnboardingForStaff(entry: OnboardingEntry): InvestorOnboardingDocument {
  const presented = presentOnboarding(entry);
  const fileVersion = entry.state === 'archived' && entry.latest ? entry.latest.version : entry.document.version;
  return {
    ...presented,
    download_url: staffFileUrl(entry.document.id, fileVersion),
    accepted_download_url: entry.latest ? staffFileUrl(entry.document.id, entry.latest.version) : null,
    ip: entry.latest?.ip ?? null,
    user_agent: entry.latest?.userAgent ?? null,
  };
}

export async function onboardingOf(db: Db, investor: Pick<UserRow, 'id' | 'roleId' | 'investorCategory'>): Promise<OnboardingEntry[]> {
  return (await onboardingDocumentsOf(db, [investor])).get(investor.id) ?? [];
}

/**
 * Records that the investor accepted (or, for a document asking only to be read, read) the version
 * they were shown: once per version — a repeat answers the state without a second record. A
 * version other than the current one is refused, so nobody accepts a file they did not see.
 */
export async function acceptDocument(
  db: Db,
  request: FastifyRequest,
  investor: UserRow,
  documentId: number,
  version: number,
  now: Date,
): Promise<OnboardingEntry> {
  const entry = (await onboardingOf(db, investor)).find((e) => e.document.id === documentId && e.state !== 'archived');
  if (!entry) throw notFound('sign-up document');
  const { document } = entry;
  if (version !== document.version)
    throw validationError({ version: [`This document has changed: open version ${document.version} and read it before accepting.`] });
  const file = await findVersion(db, document.id, document.version);
  if (!file) throw notFound('sign-up document');
  const kind = document.requiresAcceptance ? 'accepted' : 'read';
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(signUpDocumentAcceptances)
      .values({
        documentId: document.id,
        version: document.version,
        userId: investor.id,
        kind,
        titleShown: document.title,
        sha256: file.sha256,
        ip: request.ip,
        userAgent: request.headers['user-agent']?.slice(0, 255) ?? null,
        acceptedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (row)
      await recordActivity(tx, {
        request,
        action: kind === 'accepted' ? 'sign_up_document_accepted' : 'sign_up_document_read',
        subjectType: 'user',
        subjectId: investor.id,
        after: { document_id: document.id, version: document.version, title: document.title, sha256: file.sha256 },
      });
  });
  const updated = (await onboardingOf(db, investor)).find((e) => e.document.id === documentId);
  return updated ?? entry;
}
