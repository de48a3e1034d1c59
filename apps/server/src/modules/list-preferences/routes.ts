import { and, asc, eq, or } from 'drizzle-orm';
import {
  can,
  createSavedViewBody,
  dataOf,
  idParams,
  listPreferenceParams,
  listPreferenceSchema,
  noContent,
  PREFERENCE_LISTS,
  type PreferenceList,
  type SavedView,
  savedViewSchema,
  savedViewsQuery,
  saveListPreferenceBody,
  updateSavedViewBody,
} from '@platform/domain';
import { z } from 'zod';
import { listPreferences, savedViews, users } from '../../db/schema';
import type { App, AppContext } from '../../platform/context';
import { forbidden, notFound } from '../../platform/errors';
import { requireUser, staffOnly } from '../../platform/guards';
import type { UserRow } from '../../platform/session';

/** Only staff who may open a list keep preferences or views for it; anyone else gets 403. */
function assertMayIndex(user: UserRow, list: PreferenceList) {
  const [event, action] = PREFERENCE_LISTS[list];
  if (!can(user.roleId, event, action)) throw forbidden();
}

type ViewRow = typeof savedViews.$inferSelect & { ownerName: string };

function presentView(row: ViewRow, viewer: UserRow): SavedView {
  return {
    id: row.id,
    list: row.list,
    name: row.name,
    state: row.state,
    hidden_columns: row.hiddenColumns ?? null,
    shared: row.shared,
    mine: row.userId === viewer.id,
    owner: { id: row.userId, name: row.ownerName },
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const viewColumns = {
  id: savedViews.id,
  userId: savedViews.userId,
  list: savedViews.list,
  name: savedViews.name,
  state: savedViews.state,
  hiddenColumns: savedViews.hiddenColumns,
  shared: savedViews.shared,
  createdAt: savedViews.createdAt,
  updatedAt: savedViews.updatedAt,
  ownerName: users.name,
};

/**
 * Column choices and saved views of the staff lists (decision 0039). Every query is scoped to the
 * signed-in person: another's private view, or a shared one they do not own, is not theirs to
 * change (404), and a private one is not theirs to see.
 */
export function registerListPreferenceRoutes(app: App, { db, clock }: AppContext) {
  app.get(
    '/api/user/list-preferences/:list',
    { schema: { params: listPreferenceParams, response: { 200: dataOf(listPreferenceSchema) } }, onRequest: staffOnly },
    async (request) => {
      const user = requireUser(request);
      const { list } = request.params;
      assertMayIndex(user, list);
      const [row] = await db
        .select()
        .from(listPreferences)
        .where(and(eq(listPreferences.userId, user.id), eq(listPreferences.list, list)));
      return { data: { list, hidden: row?.hidden ?? [], order: row?.order ?? [], updated_at: row?.updatedAt.toISOString() ?? null } };
    },
  );

  app.put(
    '/api/user/list-preferences/:list',
    {
      schema: { params: listPreferenceParams, body: saveListPreferenceBody, response: { 200: dataOf(listPreferenceSchema) } },
      onRequest: staffOnly,
    },
    async (request) => {
      const user = requireUser(request);
      const { list } = request.params;
      assertMayIndex(user, list);
      const hidden = [...new Set(request.body.hidden)];
      const order = [...new Set(request.body.order)];
      const now = clock.now();
      const [row] = await db
        .insert(listPreferences)
        .values({ userId: user.id, list, hidden, order, updatedAt: now })
        .onConflictDoUpdate({ target: [listPreferences.userId, listPreferences.list], set: { hidden, order, updatedAt: now } })
        .returning();
      return { data: { list, hidden: row.hidden, order: row.order, updated_at: row.updatedAt.toISOString() } };
    },
  );

  app.get(
    '/api/saved-views',
    { schema: { querystring: savedViewsQuery, response: { 200: dataOf(z.array(savedViewSchema)) } }, onRequest: staffOnly },
    async (request) => {
      const user = requireUser(request);
      const { list } = request.query;
      assertMayIndex(user, list);
      const rows = await db
        .select(viewColumns)
        .from(savedViews)
        .innerJoin(users, eq(users.id, savedViews.userId))
        .where(and(eq(savedViews.list, list), or(eq(savedViews.userId, user.id), eq(savedViews.shared, true))))
        .orderBy(asc(savedViews.name), asc(savedViews.id));
      return { data: rows.map((row) => presentView(row, user)) };
    },
  );

  app.post(
    '/api/saved-views',
    { schema: { body: createSavedViewBody, response: { 201: dataOf(savedViewSchema) } }, onRequest: staffOnly },
    async (request, reply) => {
      const user = requireUser(request);
      const input = request.body;
      assertMayIndex(user, input.list);
      const now = clock.now();
      const [row] = await db
        .insert(savedViews)
        .values({
          userId: user.id,
          list: input.list,
          name: input.name,
          state: input.state,
          hiddenColumns: input.hidden_columns,
          shared: input.shared,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      return reply.status(201).send({ data: presentView({ ...row, ownerName: user.name }, user) });
    },
  );

  /** The signed-in person's own view, on a list they may still open; anything else is 404. */
  async function ownView(user: UserRow, id: number) {
    const [row] = await db
      .select()
      .from(savedViews)
      .where(and(eq(savedViews.id, id), eq(savedViews.userId, user.id)));
    if (!row) throw notFound('view');
    assertMayIndex(user, row.list as PreferenceList);
    return row;
  }

  app.patch(
    '/api/saved-views/:id',
    { schema: { params: idParams, body: updateSavedViewBody, response: { 200: dataOf(savedViewSchema) } }, onRequest: staffOnly },
    async (request) => {
      const user = requireUser(request);
      const view = await ownView(user, request.params.id);
      const input = request.body;
      const [row] = await db
        .update(savedViews)
        .set({
          name: input.name,
          state: input.state,
          hiddenColumns: input.hidden_columns,
          shared: input.shared,
          updatedAt: clock.now(),
        })
        .where(eq(savedViews.id, view.id))
        .returning();
      return { data: presentView({ ...row, ownerName: user.name }, user) };
    },
  );

  app.delete(
    '/api/saved-views/:id',
    { schema: { params: idParams, response: { 204: noContent } }, onRequest: staffOnly },
    async (request, reply) => {
      const user = requireUser(request);
      const view = await ownView(user, request.params.id);
      await db.delete(savedViews).where(eq(savedViews.id, view.id));
      return reply.status(204).send(null);
    },
  );
}
