import { and, eq, inArray } from 'drizzle-orm';
import {
  acceptSignUpDocumentBody,
  createSignUpDocumentBody,
  dataOf,
  fileBody,
  idParams,
  investorOnboardingDocumentSchema,
  onboardingDocumentSchema,
  reorderSignUpDocumentsBody,
  Role,
  signUpDocumentFileQuery,
  signUpDocumentSchema,
  updateSignUpDocumentBody,
} from '@platform/domain';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { users } from '../../db/schema';
import type { App, AppContext } from '../../platform/context';
import { AppError, notFound } from '../../platform/errors';
import { onlyFile, readForm } from '../../platform/form';
import { authorize, authorizeAny, investorOnly, requireInvestor, requireUser } from '../../platform/guards';
import { registerUserRelation } from '../../shared/user-presenter';
import { onboardingDocumentsOf } from '../../shared/sign-up-documents';
import { sendDocument } from '../records';
import { announceSettingsChange } from '../settings';
import {
  acceptDocument,
  createDocument,
  findDocument,
  findVersion,
  listDocuments,
  onboardingOf,
  presentDocument,
  presentOnboarding,
  presentOnboardingForStaff,
  reorderDocuments,
  setArchived,
  updateDocument,
} from './service';

/**
 * Sign-up documents (decision 0036). Staff with `settings_investor_type` (Super Admin and Support)
 * manage them under `/api/sign-up-documents`; `onboarding_documents` index (also the Investment
 * Manager) reads where an investor stands (`/api/users/{id}/onboarding-documents`) and opens the
 * files; the investor reads, opens and accepts their own under `/api/my/sign-up-documents`. The
 * user's `onboardingDocuments` include answers the same as the investor's list.
 */
export function registerSignUpDocumentRoutes(app: App, ctx: AppContext) {
  const { db, clock, storage } = ctx;
  const one = { 200: dataOf(signUpDocumentSchema) };
  const list = { 200: dataOf(z.array(signUpDocumentSchema)) };

  registerUserRelation('onboardingDocuments', async (database, userIds) => {
    const rows = await database
      .select({ id: users.id, roleId: users.roleId, investorCategory: users.investorCategory })
      .from(users)
      .where(inArray(users.id, userIds));
    const entries = await onboardingDocumentsOf(database, rows);
    return new Map([...entries].map(([userId, items]) => [userId, items.map(presentOnboarding)]));
  });

  async function sendVersion(reply: FastifyReply, documentId: number, version: number) {
    const file = await findVersion(db, documentId, version);
    if (!file) throw notFound('sign-up document');
    const data = await storage.open(file.storageKey);
    if (!data) throw new AppError('not_found', 'The file of this document could not be found.');
    return sendDocument(reply, { name: file.originalFilename, mimeType: file.mimeType }, data);
  }

  app.get('/api/sign-up-documents', { schema: { response: list }, onRequest: authorize('settings_investor_type', 'index') }, async () => ({
    data: await listDocuments(db),
  }));

  app.post(
    '/api/sign-up-documents',
    {
      schema: { body: createSignUpDocumentBody, response: { 201: dataOf(signUpDocumentSchema) } },
      onRequest: authorize('settings_investor_type', 'create'),
    },
    async (request, reply) => {
      const file = onlyFile((await readForm(request)).files, 'Choose the PDF investors will read.');
      const row = await createDocument(ctx, request, { ...request.body, file, uploadedBy: requireUser(request).id, now: clock.now() });
      await announceSettingsChange(ctx);
      return reply.status(201).send({ data: await presentDocument(db, row) });
    },
  );

  app.put(
    '/api/sign-up-documents/order',
    { schema: { body: reorderSignUpDocumentsBody, response: list }, onRequest: authorize('settings_investor_type', 'update') },
    async (request) => {
      await reorderDocuments(db, request, request.body.ids, clock.now());
      return { data: await listDocuments(db) };
    },
  );

  app.get(
    '/api/sign-up-documents/:id',
    { schema: { params: idParams, response: one }, onRequest: authorize('settings_investor_type', 'show') },
    async (request) => ({ data: await presentDocument(db, await findDocument(db, request.params.id)) }),
  );

  /** The web sends FormData with `_method=PATCH`; a file in the form becomes the next version. */
  app.route({
    method: ['PATCH', 'POST'],
    url: '/api/sign-up-documents/:id',
    schema: { params: idParams, body: updateSignUpDocumentBody, response: one },
    onRequest: authorize('settings_investor_type', 'update'),
    handler: async (request) => {
      const current = await findDocument(db, request.params.id);
      const { files } = await readForm(request);
      const file = Object.keys(files).length ? onlyFile(files, 'Choose the PDF investors will read.') : null;
      const row = await updateDocument(ctx, request, current, {
        ...request.body,
        file,
        uploadedBy: requireUser(request).id,
        now: clock.now(),
      });
      await announceSettingsChange(ctx);
      return { data: await presentDocument(db, row) };
    },
  });

  for (const [action, archived] of [
    ['archive', true],
    ['restore', false],
  ] as const) {
    app.post(
      `/api/sign-up-documents/:id/${action}`,
      { schema: { params: idParams, response: one }, onRequest: authorize('settings_investor_type', 'update') },
      async (request) => {
        const row = await setArchived(db, request, await findDocument(db, request.params.id), archived, clock.now());
        await announceSettingsChange(ctx);
        return { data: await presentDocument(db, row) };
      },
    );
  }

  app.get(
    '/api/sign-up-documents/:id/file',
    {
      schema: { params: idParams, querystring: signUpDocumentFileQuery, response: { 200: fileBody } },
      onRequest: authorizeAny(['settings_investor_type', 'show'], ['onboarding_documents', 'index']),
    },
    async (request, reply) => {
      const document = await findDocument(db, request.params.id);
      return sendVersion(reply, document.id, request.query.version ?? document.version);
    },
  );

  app.get(
    '/api/users/:id/onboarding-documents',
    {
      schema: { params: idParams, response: { 200: dataOf(z.array(investorOnboardingDocumentSchema)) } },
      onRequest: authorize('onboarding_documents', 'index'),
    },
    async (request) => {
      const [investor] = await db
        .select()
        .from(users)
        .where(and(eq(users.id, request.params.id), eq(users.roleId, Role.User)));
      if (!investor) throw notFound('investor');
      return { data: (await onboardingOf(db, investor)).map(presentOnboardingForStaff) };
    },
  );

  app.get(
    '/api/my/sign-up-documents',
    { schema: { response: { 200: dataOf(z.array(onboardingDocumentSchema)) } }, onRequest: investorOnly },
    async (request) => ({ data: (await onboardingOf(db, requireInvestor(request))).map(presentOnboarding) }),
  );

  /** The current version of a document asked of the investor, or any version they accepted or read; nothing else is there. */
  app.get(
    '/api/my/sign-up-documents/:id/file',
    { schema: { params: idParams, querystring: signUpDocumentFileQuery, response: { 200: fileBody } }, onRequest: investorOnly },
    async (request, reply) => {
      const entry = (await onboardingOf(db, requireInvestor(request))).find((e) => e.document.id === request.params.id);
      if (!entry) throw notFound('sign-up document');
      const version = request.query.version ?? (entry.state === 'archived' ? entry.latest!.version : entry.document.version);
      const current = entry.state !== 'archived' && version === entry.document.version;
      if (!current && !entry.versionsSeen.has(version)) throw notFound('sign-up document');
      return sendVersion(reply, entry.document.id, version);
    },
  );

  app.post(
    '/api/my/sign-up-documents/:id/accept',
    {
      schema: { params: idParams, body: acceptSignUpDocumentBody, response: { 200: dataOf(onboardingDocumentSchema) } },
      onRequest: investorOnly,
    },
    async (request) => {
      const entry = await acceptDocument(db, request, requireInvestor(request), request.params.id, request.body.version, clock.now());
      return { data: presentOnboarding(entry) };
    },
  );
}
