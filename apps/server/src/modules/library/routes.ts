import { z } from 'zod';
import {
  createLibraryFolderBody,
  dataOf,
  idParams,
  libraryFolderSchema,
  myLibraryFolderSchema,
  noContent,
  updateLibraryFolderBody,
} from '@platform/domain';
import type { App, AppContext } from '../../platform/context';
import { authorize, investorOnly, requireInvestor, requireUser } from '../../platform/guards';
import { registerSubject } from '../../shared/record-subjects';
import {
  createLibraryFolder,
  deleteLibraryFolder,
  LIBRARY,
  libraryFolderRows,
  libraryFor,
  presentFolders,
  updateLibraryFolder,
} from './service';

/**
 * The firm's document library (decision 0064). Staff (the 'update_reports' grants: publishing to
 * investors) keep its folders and their audiences here; documents are uploaded, moved and deleted
 * through /api/documents on the subject `library`. Investors read the folders published to them at
 * /api/my/library and download through /api/my/documents/{id}/download.
 */
export function registerLibraryRoutes(app: App, { db, clock }: AppContext) {
  registerSubject(LIBRARY.type, async (_db, id) => id === LIBRARY.id);
  const write = (request: Parameters<typeof requireUser>[0]) => ({ userId: requireUser(request).id, now: clock.now() });

  app.get(
    '/api/library/folders',
    { schema: { response: { 200: dataOf(z.array(libraryFolderSchema)) } }, onRequest: authorize('update_reports', 'index') },
    async () => ({ data: await presentFolders(db, await libraryFolderRows(db)) }),
  );

  app.post(
    '/api/library/folders',
    {
      schema: { body: createLibraryFolderBody, response: { 201: dataOf(libraryFolderSchema) } },
      onRequest: authorize('update_reports', 'create'),
    },
    async (request, reply) => {
      const data = await db.transaction((tx) => createLibraryFolder(tx, request, request.body, write(request)));
      return reply.status(201).send({ data });
    },
  );

  app.patch(
    '/api/library/folders/:id',
    {
      schema: { params: idParams, body: updateLibraryFolderBody, response: { 200: dataOf(libraryFolderSchema) } },
      onRequest: authorize('update_reports', 'update'),
    },
    async (request) => ({
      data: await db.transaction((tx) => updateLibraryFolder(tx, request, request.params.id, request.body, write(request))),
    }),
  );

  app.delete(
    '/api/library/folders/:id',
    { schema: { params: idParams, response: { 204: noContent } }, onRequest: authorize('update_reports', 'delete') },
    async (request, reply) => {
      await db.transaction((tx) => deleteLibraryFolder(tx, request, request.params.id, clock.now()));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/my/library',
    { schema: { response: { 200: dataOf(z.array(myLibraryFolderSchema)) } }, onRequest: investorOnly },
    async (request) => ({ data: await libraryFor(db, requireInvestor(request).id) }),
  );
}
